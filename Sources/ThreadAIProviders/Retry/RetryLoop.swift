/// Runs attempts until one succeeds, the error is not retryable, output has started, or the
/// tries run out.
struct RetryLoop: Sendable {
    var policy: RetryPolicy
    var environment: RetryEnvironment
    var observer: (@Sendable (RetryNotice) -> Void)?

    /// Runs `attempt` until it returns.
    /// - Parameter outputStarted: whether text from a failed attempt reached the caller; once
    ///   it has, retrying would repeat or contradict it, so the error is final.
    /// - Throws: the last attempt's error, as a `ProviderError`; `.cancelled` when cancelled.
    func run(
        provider: String,
        outputStarted: @Sendable () -> Bool,
        attempt: @Sendable () async throws -> Void
    ) async throws {
        var retriesDone = 0
        while true {
            do {
                try await attempt()
                return
            } catch {
                let failure = ProviderError.wrapping(error, provider: provider)
                guard failure.isRetryable, !outputStarted(), retriesDone < policy.maxRetries, !Task.isCancelled,
                      let delay = policy.delay(
                        beforeRetry: retriesDone + 1, serverSuggested: failure.retryAfter, random: environment.random())
                else { throw failure }
                retriesDone += 1
                observer?(RetryNotice(retry: retriesDone, maxRetries: policy.maxRetries, delay: delay, error: failure))
                do {
                    try await environment.sleep(delay)
                } catch {
                    throw ProviderError.cancelled
                }
            }
        }
    }
}
