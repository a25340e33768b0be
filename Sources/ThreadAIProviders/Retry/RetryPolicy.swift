/// How many times, and how long apart, a failed request is tried again.
///
/// Waits follow exponential backoff with full jitter: before retry `n` (from 1) the wait is a
/// random duration between zero and `min(maxDelay, baseDelay × 2^(n-1))`. A server's
/// `retry-after` replaces that when it is given and no longer than `maxRetryAfter`; when the
/// server asks for more than that, the error is returned at once instead, since a wait that
/// long (a spent daily quota, say) is better told to the user than sat through.
public struct RetryPolicy: Sendable, Equatable {
    /// Retries after the first attempt; 0 disables retrying.
    public var maxRetries: Int
    public var baseDelay: Duration
    public var maxDelay: Duration
    /// The longest server-requested wait honoured.
    public var maxRetryAfter: Duration

    public init(
        maxRetries: Int = 3, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(8),
        maxRetryAfter: Duration = .seconds(60)
    ) {
        self.maxRetries = max(0, maxRetries)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    /// Three retries, waits from 0.5 s doubling up to 8 s, server waits honoured up to 60 s.
    public static let standard = RetryPolicy()
    /// No retries at all.
    public static let never = RetryPolicy(maxRetries: 0)

    /// The wait before retry number `retry` (1 for the first retry), or nil when the server
    /// asked for longer than `maxRetryAfter`.
    /// - Parameters:
    ///   - serverSuggested: the server's `retry-after`, if it sent one.
    ///   - random: a number in `0..<1` that picks the jittered wait.
    public func delay(beforeRetry retry: Int, serverSuggested: Duration?, random: Double) -> Duration? {
        if let serverSuggested {
            return serverSuggested <= maxRetryAfter ? max(serverSuggested, .zero) : nil
        }
        let doublings = min(max(retry - 1, 0), 30)
        let ceiling = min(maxDelay, baseDelay * (1 << doublings))
        return ceiling * min(max(random, 0), 1)
    }
}
