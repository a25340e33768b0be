#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON body of `POST /chat/completions` with streaming and the usage chunk on.
struct OpenAIRequestBody: Encodable {
    struct Message: Encodable {
        var role: String
        var content: String
    }

    struct StreamOptions: Encodable {
        var includeUsage = true
        enum CodingKeys: String, CodingKey { case includeUsage = "include_usage" }
    }

    var model: String
    var messages: [Message]
    var stream = true
    /// Asks for the usage chunk; nil leaves the field out, for servers that refuse it.
    var streamOptions: StreamOptions? = StreamOptions()
    /// OpenAI's current name for the output limit (reasoning models reject `max_tokens`).
    var maxCompletionTokens: Int?
    /// The older name, which compatible servers understand.
    var maxTokens: Int?

    enum CodingKeys: String, CodingKey {
        case model, messages, stream
        case streamOptions = "stream_options"
        case maxCompletionTokens = "max_completion_tokens"
        case maxTokens = "max_tokens"
    }

    init(_ request: ChatRequest, model: String, mode: OpenAIProvider.Mode) {
        self.model = model
        var messages: [Message] = []
        if let system = request.system, !system.allSatisfy(\.isWhitespace) {
            messages.append(Message(role: "system", content: system))
        }
        messages += request.messages.map { Message(role: $0.role.rawValue, content: $0.content) }
        self.messages = messages
        switch mode {
        case .openai: maxCompletionTokens = request.maxOutputTokens
        case .compatible: maxTokens = request.maxOutputTokens
        }
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
