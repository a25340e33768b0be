/// A model that answers a `ChatRequest` with a stream of `ChatEvent`s.
///
/// Contract, which every implementation and the callers rely on:
/// - The stream yields zero or more `.text` events, then exactly one `.finished`, then ends.
/// - A stream that ends without `.finished` did not complete; implementations throw instead of
///   ending quietly (a server that drops the connection before its terminator is a failure).
/// - Errors are `ProviderError`s. Cancelling the consuming task ends the stream promptly with
///   `CancellationError` or `ProviderError.cancelled`; text already yielded stays the caller's.
/// - Nothing a provider throws or yields contains an API key.
public protocol ChatProvider: Sendable {
    /// The provider's name as configuration spells it: `offline`, `anthropic`, `openai`, `openai-compatible`.
    var name: String { get }
    func stream(_ request: ChatRequest) -> AsyncThrowingStream<ChatEvent, any Error>
    /// The API keys its requests carry, which whoever stores or shows a reply takes out of it
    /// (a server may echo them back). None by default.
    var sentKeys: SentKeys { get }
}

extension ChatProvider {
    public var sentKeys: SentKeys { .none }
}
