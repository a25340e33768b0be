#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A whole Messages API `message` object, as a proxy that does not stream answers: the fields the
/// harness reads, for the same events a stream of it would give.
struct AnthropicMessage: Decodable {
    struct Block: Decodable {
        var type: String?
        var text: String?
    }

    var type: String
    var model: String?
    var content: [Block]
    var stopReason: String?
    var usage: AnthropicStreamEvent.Usage?

    /// The reply in `body`: its text blocks, then `.finished`; nil when `body` is not a message
    /// (an error body, say).
    static func events(in body: Data) -> [ChatEvent]? {
        // Not a message: the caller reports the body as the server's error.
        guard let message = WireJSON.decodeIfPossible(AnthropicMessage.self, from: body) else { return nil }
        guard message.type == "message" else { return nil }
        let text = message.content.filter { $0.type == "text" }.compactMap(\.text).joined()
        let usage = message.usage.flatMap { TokenUsage.reported(inputTokens: $0.totalInputTokens, outputTokens: $0.outputTokens) }
        let finished = ChatEvent.finished(ChatCompletion(stopReason: message.stopReason ?? "unknown", model: message.model, usage: usage))
        return (text.isEmpty ? [] : [.text(text)]) + [finished]
    }
}
