import Foundation
import Testing
import ThreadAITestSupport
import ThreadAIStore

@Suite("CLI: several processes sending at once", .slow)
struct ConcurrentSendTests {
    /// Every message of every thread, by id, from `log --all --json`-free means: each thread's log.
    private static func reachable(_ sandbox: CLISandbox) throws -> [String: [String: Any]] {
        var messages: [String: [String: Any]] = [:]
        let threads = try JSON.array(try sandbox.succeed(["threads", "--json"]))
        for thread in threads {
            guard let name = thread["name"] as? String else { continue }
            for item in try JSON.array(try sandbox.succeed(["log", "--json", name])) {
                if let id = item["id"] as? String { messages[id] = item }
            }
        }
        return messages
    }

    /// Each user message has a reply as its child, and every stored object is reachable from a thread.
    private static func expectEveryQuestionAnswered(_ sandbox: CLISandbox, questions: Int) throws {
        let messages = try reachable(sandbox)
        let stored = Set(RepositoryFiles.objectIDs(in: sandbox.repository))
        #expect(Set(messages.keys) == stored, "every stored object is reachable from a thread")
        let users = messages.values.filter { $0["role"] as? String == "user" }
        #expect(users.count == questions)
        let parents = Set(messages.values.filter { $0["role"] as? String == "assistant" }.compactMap { $0["parent"] as? String })
        for user in users {
            #expect(parents.contains(user["id"] as? String ?? ""), "question \(user["content"] ?? "") has its reply")
        }
        #expect(try sandbox.run(["fsck"]).status == 0)
    }

    private static func sendAtOnce(_ sandbox: CLISandbox, count: Int, arguments: @escaping @Sendable (Int) -> [String]) throws -> [CLIResult] {
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: count) { index in
            results.append(Result { try sandbox.run(arguments(index)) })
        }
        return try results.all().map { try $0.get() }
    }

    @Test("20 sends at once on one thread: each waits its turn, every question gets its reply, nothing unreachable")
    func concurrentSendsOnOneThread() throws {
        let sandbox = try CLISandbox.initialized(sending: "start")
        let finished = try Self.sendAtOnce(sandbox, count: 20) { ["send", "message \($0)"] }
        for result in finished {
            #expect(result.status == 0 && !result.signaled, "\(result)")
        }
        try Self.expectEveryQuestionAnswered(sandbox, questions: 21)
        let log = try JSON.array(try sandbox.succeed(["log", "--json"]))
        #expect(log.count == 42, "one chain of 21 questions and 21 replies")
        for (index, item) in log.enumerated().dropLast() {
            #expect(item["parent"] as? String == log[index + 1]["id"] as? String, "the thread is one chain")
            #expect(item["role"] as? String != log[index + 1]["role"] as? String, "turns alternate")
        }
    }

    @Test("sends at once on a thread with no message yet: the first creates it, the others wait and follow (none told it was deleted)")
    func concurrentFirstSends() throws {
        // A sender that read the new thread's reflog before its ref appeared once took it for deleted:
        // about one round in three, so a few rounds.
        for _ in 0..<4 {
            let sandbox = try CLISandbox.initialized()
            let finished = try Self.sendAtOnce(sandbox, count: 4) { ["send", "first \($0)"] }
            for result in finished {
                #expect(result.status == 0 && !result.signaled, "\(result)")
            }
            try Self.expectEveryQuestionAnswered(sandbox, questions: 4)
        }
    }

    @Test("sends at once on different threads and one-offs in the same second never collide")
    func concurrentSendsOnSeveralThreads() throws {
        let sandbox = try CLISandbox.initialized(sending: "start")
        for name in ["a", "b", "c"] { try sandbox.succeed(["checkout", "-b", name, "main"]) }
        try sandbox.succeed(["checkout", "main"])
        let finished = try Self.sendAtOnce(sandbox, count: 12) { index in
            switch index % 4 {
            case 0: ["send", "--no-context", "one-off \(index)"]
            default: ["--repo", sandbox.repository, "send", "on thread \(index)"]
            }
        }
        for result in finished { #expect(result.status == 0 && !result.signaled, "\(result)") }
        try Self.expectEveryQuestionAnswered(sandbox, questions: 13)
        let oneOffs = try JSON.array(try sandbox.succeed(["threads", "--json"])).filter { ($0["name"] as? String ?? "").hasPrefix("oneoff/") }
        #expect(oneOffs.count == 3)
    }

    @Test("staggered senders, each starting while the one before streams: every question gets its reply")
    func staggeredSends() throws {
        let sandbox = try CLISandbox.initialized(sending: "start")
        // The gaps only vary the interleaving; what is checked holds for every interleaving.
        let finished = try Self.sendAtOnce(sandbox, count: 10) { index in
            Thread.sleep(forTimeInterval: 0.03 * Double(index))
            return ["send", "staggered \(index)"]
        }
        for result in finished { #expect(result.status == 0 && !result.signaled, "\(result)") }
        try Self.expectEveryQuestionAnswered(sandbox, questions: 11)
    }

    @Test("a sender that finds the turn taken says who holds it, waits, writes nothing meanwhile, then sends")
    func senderWaitsForTheTurnWithANote() async throws {
        let sandbox = try CLISandbox.initialized(sending: "start")
        let holder = try await TurnLock.acquire(try ThreadName("main"), in: sandbox.repository)
        let storedBefore = RepositoryFiles.objectIDs(in: sandbox.repository)
        let waiter = Task.detached { try sandbox.run(["send", "after the turn"]) }
        let errors = try sandbox.folder.folder("io")
        // Bounded like the run's own watchdog (120 s), so a sender that never notes fails instead of hanging.
        var polls = 0
        while !(try FileManager.default.contentsOfDirectory(atPath: errors).contains { name in
            name.hasSuffix(".err") && ((try? String(contentsOfFile: errors + "/" + name, encoding: .utf8)) ?? "").contains("waiting for the turn")
        }) {
            polls += 1
            if polls > 6_000 { Issue.record("the waiting sender never said it waits"); break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(RepositoryFiles.objectIDs(in: sandbox.repository) == storedBefore, "nothing is written while waiting")
        holder.release()
        let result = try await waiter.value
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("process \(ProcessInfo.processInfo.processIdentifier) on"), "the note names the holder: \(result.stderr)")
        try Self.expectEveryQuestionAnswered(sandbox, questions: 2)
    }

    @Test("a turn lock whose owner died is taken over, and the turn lock is gone after the turn")
    func staleTurnLockIsTakenOver() throws {
        let sandbox = try CLISandbox.initialized(sending: "start")
        let turns = sandbox.repository + "/turns"
        try FileManager.default.createDirectory(atPath: turns, withIntermediateDirectories: true)
        // A process that no longer exists wrote this lock; no one holds its flock.
        try Data("pid: 999999\nhost: \(ProcessInfo.processInfo.hostName)\nstarted: 2026-01-01T00:00:00Z\n".utf8)
            .write(to: URL(fileURLWithPath: turns + "/main.lock"))
        try sandbox.succeed(["send", "after a crash"])
        #expect(!FileManager.default.fileExists(atPath: turns + "/main.lock"), "the turn lock is gone after the turn")
        try Self.expectEveryQuestionAnswered(sandbox, questions: 2)
    }
}

/// Collects results from concurrent work under a lock.
final class ResultBox: @unchecked Sendable {
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
