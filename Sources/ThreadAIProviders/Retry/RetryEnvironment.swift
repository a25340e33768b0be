#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The clock, sleep and randomness the retry loop uses, injectable so tests need not wait.
public struct RetryEnvironment: Sendable {
    /// Waits for a duration; throws `CancellationError` when the task is cancelled.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// A number in `0..<1` for jitter.
    public var random: @Sendable () -> Double
    /// The wall-clock time, to turn an HTTP-date `retry-after` into a wait.
    public var now: @Sendable () -> Date

    public init(
        sleep: @escaping @Sendable (Duration) async throws -> Void,
        random: @escaping @Sendable () -> Double,
        now: @escaping @Sendable () -> Date
    ) {
        self.sleep = sleep
        self.random = random
        self.now = now
    }

    /// Real time and the system's random numbers.
    public static let live = RetryEnvironment(
        sleep: { try await Task.sleep(for: $0) },
        random: { Double.random(in: 0..<1) },
        now: { Date() })
}

/// Told to the caller before each retry, so it can show "retrying in 2.1 s (429 rate limited)".
public struct RetryNotice: Sendable, Equatable, CustomStringConvertible {
    /// Which retry this is, from 1.
    public var retry: Int
    public var maxRetries: Int
    /// How long the loop waits before trying again.
    public var delay: Duration
    /// Why the previous attempt failed.
    public var error: ProviderError

    public init(retry: Int, maxRetries: Int, delay: Duration, error: ProviderError) {
        self.retry = retry
        self.maxRetries = maxRetries
        self.delay = delay
        self.error = error
    }

    public var description: String {
        "retrying in \(ProviderError.secondsText(delay)) (\(error.shortReason)), retry \(retry) of \(maxRetries)"
    }
}
