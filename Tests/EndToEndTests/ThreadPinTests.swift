import Foundation
import Testing

/// Two terminals on one working copy share `HEAD`, as two shells share git's: with each checking
/// out its thread and sending, messages landed on the other's thread. `--thread NAME` and
/// `THREADAI_THREAD` name the thread for one command, which neither reads nor moves `HEAD`.
@Suite("CLI: a thread per terminal (--thread, THREADAI_THREAD)")
struct ThreadPinTests {
    @Test("two terminals sending at once, each with its own THREADAI_THREAD, while one checks out: every message lands on its terminal's thread")
    func twoTerminals() throws {
        let sandbox = try CLISandbox.initialized(sending: "first")
        try sandbox.succeed(["checkout", "-b", "t1"])
        try sandbox.succeed(["checkout", "-b", "t2"])
        try sandbox.succeed(["checkout", "main"])
        let rounds = 6
        let failures = LockedFailures()
        DispatchQueue.concurrentPerform(iterations: 2) { terminal in
            let thread = "t\(terminal + 1)"
            for round in 0..<rounds {
                do {
                    // The other way of checking out, as the other terminal's user does: HEAD moves under us.
                    try sandbox.succeed(["checkout", terminal == 0 ? "t2" : "t1"], environment: ["THREADAI_THREAD": ""])
                    let sent = try sandbox.run(["send", "\(thread) round \(round)"], environment: ["THREADAI_THREAD": thread])
                    if sent.status != 0 { failures.add("\(thread) round \(round): \(sent)") }
                } catch {
                    failures.add("\(thread) round \(round): \(error)")
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
        for thread in ["t1", "t2"] {
            let questions = try JSON.array(try sandbox.succeed(["log", "--json", thread]))
                .filter { $0["role"] as? String == "user" }.compactMap { $0["content"] as? String }
            #expect(questions.filter { $0.hasPrefix("t") }.allSatisfy { $0.hasPrefix(thread + " ") }, "\(thread): \(questions)")
            #expect(questions.filter { $0.hasPrefix(thread + " ") }.count == rounds, "\(thread): \(questions)")
        }
    }

    @Test("status names where the thread comes from and what HEAD is; a checkout leaves HEAD and says how to go on; an unknown thread is refused")
    func statusAndCheckout() throws {
        let sandbox = try CLISandbox.initialized(sending: "first")
        try sandbox.succeed(["checkout", "-b", "t1"])
        try sandbox.succeed(["checkout", "main"])
        #expect(try sandbox.succeed(["status"], environment: ["THREADAI_THREAD": "t1"]).stdout
            .hasPrefix("On thread t1 (from THREADAI_THREAD; HEAD is main)\n"))
        #expect(try sandbox.succeed(["--thread", "t1", "status"]).stdout.hasPrefix("On thread t1 (from --thread; HEAD is main)\n"))
        let checkout = try sandbox.succeed(["checkout", "-b", "t3"], environment: ["THREADAI_THREAD": "t1"])
        #expect(checkout.stderr.contains("HEAD is unchanged") && checkout.stderr.contains("THREADAI_THREAD=t3"), "\(checkout)")
        #expect(try String(contentsOfFile: sandbox.repository + "/HEAD", encoding: .utf8) == "ref: refs/threads/main\n")
        let unknown = try sandbox.run(["--thread", "t4", "send", "x"])
        #expect(unknown.status == 1 && unknown.stderr.contains("no thread here") && unknown.stderr.contains("Did you mean"), "\(unknown)")
        #expect(try sandbox.run(["--thread", "a b", "status"]).status == 2)
    }
}

/// Failures gathered from several threads.
private final class LockedFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ item: String) { lock.lock(); items.append(item); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
}
