/// The fields of Anthropic's stream events that the harness reads; everything else is ignored.
struct AnthropicStreamEvent: Decodable {
    struct Message: Decodable {
        var model: String?
        var usage: Usage?
    }

    struct ContentBlock: Decodable {
        var type: String?
        var text: String?
    }

    struct Delta: Decodable {
        var type: String?
        var text: String?
        var stopReason: String?
    }

    struct Usage: Decodable {
        var inputTokens: Int?
        var outputTokens: Int?
        var cacheCreationInputTokens: Int?
        var cacheReadInputTokens: Int?

        /// Input tokens including those written to or read from the prompt cache, or nil if none reported.
        var totalInputTokens: Int? {
            let parts = [inputTokens, cacheCreationInputTokens, cacheReadInputTokens].compactMap { $0 }
            return parts.isEmpty ? nil : parts.reduce(0, +)
        }
    }

    var type: String?
    var message: Message?
    var contentBlock: ContentBlock?
    var delta: Delta?
    var usage: Usage?
}
