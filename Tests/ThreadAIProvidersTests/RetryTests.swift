import Foundation
import Testing
@testable import ThreadAIProviders
import ThreadAISupport

@Suite("Retry policy, retry-after and the retry loop")
struct RetryTests {
    @Test("full jitter: a random share of a doubling ceiling capped at maxDelay", arguments: [
        (1, 0.5, Duration.milliseconds(250)), (2, 0.5, .milliseconds(500)), (3, 1.0, .seconds(2)),
        (5, 0.999, .milliseconds(7992)), (9, 1.0, .seconds(8)), (1, 0.0, .zero),
    ])
    func backoff(retry: Int, random: Double, expected: Duration) {
        #expect(RetryPolicy.standard.delay(beforeRetry: retry, serverSuggested: nil, random: random) == expected)
    }

    @Test("a server's wait is used as is up to the cap, and refused beyond it")
    func serverSuggested() {
        let policy = RetryPolicy(maxRetryAfter: .seconds(60))
        #expect(policy.delay(beforeRetry: 1, serverSuggested: .seconds(42), random: 0.1) == .seconds(42))
        #expect(policy.delay(beforeRetry: 1, serverSuggested: .seconds(61), random: 0.1) == nil)
    }

    static let now = Date(timeIntervalSince1970: 1_700_000_000)  // Tue, 14 Nov 2023 22:13:20 GMT

    @Test("retry-after headers", arguments: [
        (["retry-after-ms": "1500", "retry-after": "9"], Duration.milliseconds(1500)),
        (["retry-after": "7"], .seconds(7)),
        (["retry-after": "0.25"], .milliseconds(250)),
        (["retry-after": "Tue, 14 Nov 2023 22:14:20 GMT"], .seconds(60)),
        (["retry-after": "Tue, 14 Nov 2023 22:00:00 GMT"], .zero),
        (["retry-after-ms": "soon", "retry-after": "3"], .seconds(3)),
    ] as [([String: String], Duration)])
    func retryAfter(headers: [String: String], expected: Duration) {
        #expect(RetryAfter.parse(HTTPHeaders(headers), now: Self.now) == expected)
    }

    @Test("unreadable retry-after headers are ignored", arguments: [
        ["retry-after": "tomorrow"], ["retry-after": "-3"], ["retry-after": ""], [:],
    ])
    func unreadableRetryAfter(headers: [String: String]) {
        #expect(RetryAfter.parse(HTTPHeaders(headers), now: Self.now) == nil)
    }

    private func loop(_ recorder: RetryRecorder, retries: Int = 3) -> RetryLoop {
        RetryLoop(policy: RetryPolicy(maxRetries: retries), environment: recorder.environment, observer: recorder.observer)
    }

    @Test("stops at the first success")
    func succeedsAfterFailures() async throws {
        let recorder = RetryRecorder()
        let attempts = Locked(0)
        try await loop(recorder).run(provider: "p", outputStarted: { false }) {
            let attempt = attempts.withLock { $0 += 1; return $0 }
            if attempt < 3 { throw ProviderError.connectionRefused(provider: "p", host: "h") }
        }
        #expect(attempts.current == 3)
        #expect(recorder.notices.current.map(\.retry) == [1, 2])
    }

    @Test("gives up after maxRetries with the last error")
    func boundedTries() async {
        let recorder = RetryRecorder()
        let attempts = Locked(0)
        await #expect(throws: ProviderError.connectionRefused(provider: "p", host: "h")) {
            try await loop(recorder, retries: 2).run(provider: "p", outputStarted: { false }) {
                attempts.withLock { $0 += 1 }
                throw ProviderError.connectionRefused(provider: "p", host: "h")
            }
        }
        #expect(attempts.current == 3)
    }

    @Test("never retries once output has started")
    func noRetryAfterOutput() async {
        let attempts = Locked(0)
        await #expect(throws: ProviderError.self) {
            try await loop(RetryRecorder()).run(provider: "p", outputStarted: { true }) {
                attempts.withLock { $0 += 1 }
                throw ProviderError.connectionDropped(provider: "p", afterFirstByte: true, detail: nil)
            }
        }
        #expect(attempts.current == 1)
    }

    @Test("non-retryable errors are thrown at once")
    func nonRetryable() async {
        let attempts = Locked(0)
        let unauthorized = ProviderError.unauthorized(HTTPErrorDetails(provider: "p", status: 401))
        await #expect(throws: unauthorized) {
            try await loop(RetryRecorder()).run(provider: "p", outputStarted: { false }) {
                attempts.withLock { $0 += 1 }
                throw unauthorized
            }
        }
        #expect(attempts.current == 1)
    }

    @Test("cancellation during the wait ends the loop as cancelled")
    func cancelledDuringSleep() async {
        let environment = RetryEnvironment(sleep: { _ in throw CancellationError() }, random: { 0 }, now: { Date() })
        let loop = RetryLoop(policy: .standard, environment: environment, observer: nil)
        await #expect(throws: ProviderError.cancelled) {
            try await loop.run(provider: "p", outputStarted: { false }) {
                throw ProviderError.timeoutBeforeFirstByte(provider: "p", after: .seconds(1))
            }
        }
    }

    @Test("notices read as a progress line")
    func noticeText() {
        let notice = RetryNotice(retry: 2, maxRetries: 3, delay: .milliseconds(2100),
                                 error: .overloaded(HTTPErrorDetails(provider: "anthropic", status: 529)))
        #expect(notice.description == "retrying in 2.1 s (529 overloaded), retry 2 of 3")
    }
}
