#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

/// Reads Chat Completions chunks: `choices[0].delta.content` (text), `choices[0].delta.refusal`
/// (text too: OpenAI's refusal, which then ends the reply with the stop reason `refusal`),
/// `finish_reason`, the usage chunk (empty `choices`), and `data: [DONE]`, the terminator. An
/// `{"error": …}` chunk or an `error` event is a failure.
///
/// It tolerates what compatible servers do: no usage at all, usage after the finish chunk,
/// `role` in every delta, text in the finish chunk, extra fields and comment lines. In
/// compatible mode only, a stream that ends right after a `finish_reason` without `[DONE]`
/// counts as complete (some servers never send `[DONE]`); OpenAI itself always sends it, so in
/// `openai` mode its absence means the reply was cut short.
struct OpenAIStreamDecoder: StreamDecoder {
    var provider: String
    var mode: OpenAIProvider.Mode
    var redactor: Redactor
    private var model: String?
    private var finishReason: String?
    /// Whether refusal text arrived: the model declined rather than answered.
    private var refused = false
    private var inputTokens: Int?
    private var outputTokens: Int?

    init(provider: String, mode: OpenAIProvider.Mode, redactor: Redactor) {
        self.provider = provider
        self.mode = mode
        self.redactor = redactor
    }

    mutating func decode(_ event: SSEEvent) throws -> [ChatEvent] {
        if event.type == "error" {
            throw ProviderError.fromStreamError(event.data, provider: provider, redactor: redactor)
        }
        if event.data.trimmingSpaces() == "[DONE]" {
            return [.finished(completion())]
        }
        let chunk: OpenAIStreamChunk
        do {
            chunk = try WireJSON.decode(OpenAIStreamChunk.self, from: Data(event.data.utf8))
        } catch {
            throw ProviderError.malformed("data: \(event.data)", provider: provider, redactor: redactor)
        }
        if chunk.error != nil {
            throw ProviderError.fromStreamError(event.data, provider: provider, redactor: redactor)
        }
        model = chunk.model ?? model
        if let usage = chunk.usage {
            inputTokens = usage.promptTokens ?? inputTokens
            outputTokens = usage.completionTokens ?? outputTokens
        }
        guard let choice = chunk.choices?.first(where: { ($0.index ?? 0) == 0 }) else { return [] }
        finishReason = choice.finishReason ?? finishReason
        var events: [ChatEvent] = []
        if let text = choice.delta?.content, !text.isEmpty {
            events.append(.text(text))
        }
        if let refusal = choice.delta?.refusal, !refusal.isEmpty {
            refused = true
            events.append(.text(refusal))
        }
        return events
    }

    var completionAtEnd: ChatCompletion? {
        mode == .compatible && finishReason != nil ? completion() : nil
    }

    func endOfStream() throws -> ChatCompletion {
        if let completion = completionAtEnd { return completion }
        throw ProviderError.missingTerminator(
            provider: provider, expected: mode == .compatible ? "data: [DONE] or a finish_reason" : "data: [DONE]")
    }

    func decodeWhole(_ body: Data) -> [ChatEvent]? {
        OpenAICompletion.events(in: body)
    }

    private func completion() -> ChatCompletion {
        let usage = TokenUsage.reported(inputTokens: inputTokens, outputTokens: outputTokens)
        return ChatCompletion(stopReason: Self.stopReason(finishReason, refused: refused), model: model, usage: usage)
    }

    /// The stop reason to record: a refusal that ended normally (`stop`) is recorded as `refusal`,
    /// the word Claude uses for the same thing (docs/FORMAT.md, `finish`); any other reason (a
    /// refusal cut off at `length`, say) as the server gave it.
    static func stopReason(_ finishReason: String?, refused: Bool) -> String {
        if refused, finishReason == nil || finishReason == "stop" { return "refusal" }
        return finishReason ?? "unknown"
    }
}
