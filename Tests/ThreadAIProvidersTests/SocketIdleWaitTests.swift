import Foundation
import Testing
@testable import ThreadAIProviders
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The CPU time the calling thread has used so far.
private func threadCPUTime() -> Duration {
    var spec = timespec()
    _ = clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return .seconds(Int64(spec.tv_sec)) + .nanoseconds(Int64(spec.tv_nsec))
}

/// What `work` returned on a thread of its own, and the CPU and wall time that thread spent on it.
private func measureOnOwnThread<Value: Sendable>(
    _ work: @escaping @Sendable () throws -> Value
) async -> Result<(value: Value, cpu: Duration, wall: Duration), any Error> {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread {
            let clock = ContinuousClock()
            let start = clock.now
            let cpuBefore = threadCPUTime()
            let result = Result { try work() }
            let cpu = threadCPUTime() - cpuBefore
            continuation.resume(returning: result.map { ($0, cpu, clock.now - start) })
        }
    }
}

/// URLSession on Linux kept a core busy while a response was pending; the socket transport
/// must sleep instead. The exchange runs on a thread of the test's own so that only its CPU
/// time is counted, not that of the tests running alongside.
@Suite("Socket transport waits without burning CPU")
struct SocketIdleWaitTests {
    @Test("waiting 1.5 s for the first byte costs the waiting thread well under 0.5 s of CPU")
    func idleWhileWaiting() async throws {
        let server = try LoopbackServer(ScriptedResponse(
            steps: [.send(Data("late".utf8))], chunked: false, headDelayMilliseconds: 1_500))
        defer { server.stop() }
        let url = try #require(URL(string: server.baseURL + "/v1/chat/completions"))
        let request = HTTPRequest(url: url, body: Data("{}".utf8))
        let outcome = await measureOnOwnThread {
            let interruption = try Interruption()
            defer { interruption.close() }
            var body = Data()
            try SocketExchange.run(request, interruption: interruption, onHead: { _ in }, onBody: { body.append($0) })
            return body
        }
        let (body, cpu, wall) = try outcome.get()
        #expect(body == Data("late".utf8))
        #expect(wall >= .milliseconds(1_400), "the measured span must cover the server's stall")
        #expect(cpu < .milliseconds(500), "used \(cpu) of CPU while waiting \(wall)")
    }
}
