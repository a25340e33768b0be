#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the Messages API event sequence: `message_start` (model, input tokens),
/// `content_block_start` / `content_block_delta` (text) / `content_block_stop`, `message_delta`
/// (stop reason, output tokens), `message_stop` (the terminator), `ping`. Unknown events and
/// non-text deltas (tool input, thinking) are ignored; an `error` event is a failure.
struct AnthropicStreamDecoder: StreamDecoder {
    static let terminator = "message_stop"

    var redactor: Redactor
    private var model: String?
    private var inputTokens: Int?
    private var outputTokens: Int?
    private var stopReason: String?

    init(redactor: Redactor) {
        self.redactor = redactor
    }

    mutating func decode(_ event: SSEEvent) throws -> [ChatEvent] {
        if event.type == "error" {
            throw ProviderError.fromStreamError(event.data, provider: "anthropic", redactor: redactor)
        }
        let payload: AnthropicStreamEvent
        do {
            payload = try WireJSON.decode(AnthropicStreamEvent.self, from: Data(event.data.utf8))
        } catch {
            throw ProviderError.malformed("data: \(event.data)", provider: "anthropic", redactor: redactor)
        }
        switch payload.type ?? event.type {
        case "message_start":
            model = payload.message?.model ?? model
            record(payload.message?.usage)
        case "content_block_start":
            if payload.contentBlock?.type == "text", let text = payload.contentBlock?.text, !text.isEmpty {
                return [.text(text)]
            }
        case "content_block_delta":
            if payload.delta?.type == "text_delta", let text = payload.delta?.text {
                return [.text(text)]
            }
        case "message_delta":
            stopReason = payload.delta?.stopReason ?? stopReason
            record(payload.usage)
        case Self.terminator:
            let usage = TokenUsage.reported(inputTokens: inputTokens, outputTokens: outputTokens)
            return [.finished(ChatCompletion(stopReason: stopReason ?? "unknown", model: model, usage: usage))]
        case "error":
            throw ProviderError.fromStreamError(event.data, provider: "anthropic", redactor: redactor)
        default:
            break  // ping, content_block_stop, and event types added after this was written
        }
        return []
    }

    /// Only `message_stop` ends a Messages stream.
    var completionAtEnd: ChatCompletion? { nil }

    func endOfStream() throws -> ChatCompletion {
        throw ProviderError.missingTerminator(provider: "anthropic", expected: Self.terminator)
    }

    func decodeWhole(_ body: Data) -> [ChatEvent]? {
        AnthropicMessage.events(in: body)
    }

    /// Usage counts are cumulative in Anthropic's stream, so the latest one reported wins.
    private mutating func record(_ usage: AnthropicStreamEvent.Usage?) {
        guard let usage else { return }
        inputTokens = usage.totalInputTokens ?? inputTokens
        outputTokens = usage.outputTokens ?? outputTokens
    }
}
