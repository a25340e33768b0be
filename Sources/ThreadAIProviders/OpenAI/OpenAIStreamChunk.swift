/// The fields of a `chat.completion.chunk` that the harness reads; everything else is ignored.
struct OpenAIStreamChunk: Decodable {
    struct Choice: Decodable {
        var index: Int?
        var delta: Delta?
        var finishReason: String?
    }

    struct Delta: Decodable {
        var content: String?
        /// OpenAI's refusal text, sent instead of `content` when the model declines.
        var refusal: String?
    }

    struct Usage: Decodable {
        var promptTokens: Int?
        var completionTokens: Int?
    }

    /// Present, whatever its shape, when the chunk is an error rather than a completion.
    struct Presence: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    var model: String?
    var choices: [Choice]?
    var usage: Usage?
    var error: Presence?
}
