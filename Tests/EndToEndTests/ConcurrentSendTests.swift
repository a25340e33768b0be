import Foundation
import Testing

@Suite("CLI: several processes sending at once")
struct ConcurrentSendTests {
    @Test("concurrent sends on one thread either succeed or report a conflict; the repository stays valid")
    func concurrentSends() throws {
        let sandbox = try CLISandbox.initialized(sending: "start")
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            results.append(Result { try sandbox.run(["send", "message \(index)"]) })
        }
        let finished = try results.all().map { try $0.get() }
        #expect(finished.count == 4)
        for result in finished {
            #expect(!result.signaled, "\(result)")
            #expect(result.status == 0 || result.status == 4, "\(result)")
            if result.status == 4 { #expect(result.stderr.contains("threadai: "), "\(result)") }
        }
        #expect(finished.contains { $0.status == 0 }, "at least one send gets through")

        let fsck = try sandbox.run(["fsck"])
        #expect(fsck.status == 0, "\(fsck)")
        let log = try JSON.array(try sandbox.succeed(["log", "--json"]))
        #expect(log.last?["content"] as? String == "start")
        for (index, item) in log.enumerated().dropLast() {
            #expect(item["parent"] as? String == log[index + 1]["id"] as? String, "the thread is one chain")
        }
        let successes = finished.filter { $0.status == 0 }.count
        #expect(log.count >= 2 + 2 * successes, "each successful send stored its message and its reply")
    }
}

/// Collects results from concurrent work under a lock.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<CLIResult, any Error>] = []

    func append(_ result: Result<CLIResult, any Error>) {
        lock.lock()
        results.append(result)
        lock.unlock()
    }

    func all() -> [Result<CLIResult, any Error>] {
        lock.lock()
        defer { lock.unlock() }
        return results
    }
}
