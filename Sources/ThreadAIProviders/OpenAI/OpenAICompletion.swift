#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A whole `chat.completion` object, as a server that ignores `"stream": true` answers: the
/// fields the harness reads, for the same events a stream of it would give.
struct OpenAICompletion: Decodable {
    struct Choice: Decodable {
        var index: Int?
        var message: Message?
        var finishReason: String?
    }

    /// A whole message has the fields a stream's delta has.
    typealias Message = OpenAIStreamChunk.Delta

    var model: String?
    var choices: [Choice]
    var usage: OpenAIStreamChunk.Usage?

    /// The reply in `body`: its text, then `.finished`; nil when `body` is not a completion
    /// with a message (an error body, say).
    static func events(in body: Data) -> [ChatEvent]? {
        // Not a completion: the caller reports the body as the server's error.
        guard let completion = WireJSON.decodeIfPossible(OpenAICompletion.self, from: body) else { return nil }
        guard let choice = completion.choices.first(where: { ($0.index ?? 0) == 0 }), let message = choice.message else {
            return nil
        }
        var events: [ChatEvent] = []
        if let content = message.content, !content.isEmpty { events.append(.text(content)) }
        let refused = !(message.refusal ?? "").isEmpty
        if let refusal = message.refusal, refused { events.append(.text(refusal)) }
        let usage = completion.usage.flatMap { TokenUsage.reported(inputTokens: $0.promptTokens, outputTokens: $0.completionTokens) }
        let stopReason = OpenAIStreamDecoder.stopReason(choice.finishReason, refused: refused)
        return events + [.finished(ChatCompletion(stopReason: stopReason, model: completion.model, usage: usage))]
    }
}
