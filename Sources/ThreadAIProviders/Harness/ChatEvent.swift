/// One thing a streaming reply says: a piece of text, or that it has finished and how.
public enum ChatEvent: Sendable, Equatable {
    case text(String)
    case finished(ChatCompletion)
}

/// How a reply ended, as the provider reported it.
public struct ChatCompletion: Sendable, Equatable {
    /// The provider's own word for why it stopped (`end_turn`, `stop`, `max_tokens`, `length`, …).
    public var stopReason: String
    /// The model that actually answered, when the provider says (it may differ from the alias asked for).
    public var model: String?
    public var usage: TokenUsage?
    /// Time to first token and total time, when the provider measured them.
    public var latency: ReplyLatency?

    public init(stopReason: String, model: String? = nil, usage: TokenUsage? = nil, latency: ReplyLatency? = nil) {
        self.stopReason = stopReason
        self.model = model
        self.usage = usage
        self.latency = latency
    }
}

public struct TokenUsage: Sendable, Equatable {
    public var inputTokens: Int?
    public var outputTokens: Int?

    public init(inputTokens: Int?, outputTokens: Int?) {
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
    }

    /// The usage a reply reported, or nil when it reported neither count.
    static func reported(inputTokens: Int?, outputTokens: Int?) -> TokenUsage? {
        inputTokens == nil && outputTokens == nil ? nil : TokenUsage(inputTokens: inputTokens, outputTokens: outputTokens)
    }
}
