#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON body of `POST /v1/messages` with streaming on.
struct AnthropicRequestBody: Encodable {
    struct Message: Encodable {
        var role: String
        var content: String
    }

    var model: String
    var maxTokens: Int
    var system: String?
    var messages: [Message]
    var stream = true

    enum CodingKeys: String, CodingKey {
        case model, system, messages, stream
        case maxTokens = "max_tokens"
    }

    init(_ request: ChatRequest, model: String, maxTokens: Int) {
        self.model = model
        self.maxTokens = maxTokens
        self.system = request.system.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }  // the API refuses a blank one
        self.messages = request.messages.filter { !Self.isEmptyReply($0) }
            .map { Message(role: $0.role.rawValue, content: $0.content) }
    }

    /// An assistant turn with no text, as a reply that ended without content leaves: the API
    /// refuses a request holding one ("all messages must have non-empty content"), so it is left
    /// out. The API combines the user turns on either side of it into one turn, as its reference
    /// says of consecutive turns of one role.
    static func isEmptyReply(_ message: ChatMessage) -> Bool {
        message.role == .assistant && message.content.allSatisfy(\.isWhitespace)
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
