/// Settings every HTTP provider shares: how it reaches the network, how long it waits, how it
/// retries, and whom it tells about retries.
public struct ProviderOptions: Sendable {
    public var transport: any HTTPTransport
    public var timeouts: StreamTimeouts
    public var retryPolicy: RetryPolicy
    public var retryEnvironment: RetryEnvironment
    /// Called before each retry with what failed and how long the wait is, for a progress line
    /// such as "retrying in 2.1 s (429 rate limited)". It may be called from any task.
    public var onRetry: (@Sendable (RetryNotice) -> Void)?

    public init(
        transport: any HTTPTransport = AutomaticHTTPTransport(),
        timeouts: StreamTimeouts = .standard,
        retryPolicy: RetryPolicy = .standard,
        retryEnvironment: RetryEnvironment = .live,
        onRetry: (@Sendable (RetryNotice) -> Void)? = nil
    ) {
        self.transport = transport
        self.timeouts = timeouts
        self.retryPolicy = retryPolicy
        self.retryEnvironment = retryEnvironment
        self.onRetry = onRetry
    }
}
