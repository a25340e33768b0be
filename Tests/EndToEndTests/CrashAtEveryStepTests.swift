import Foundation
import Testing
import ThreadAITestSupport

/// A process killed at any step that changes the file system (through the fault seam under the
/// file layer, THREADAI_TEST_FAULT) leaves a repository that `fsck` finds sound, whose leftovers
/// `fsck --clear-stale-locks` clears without --force, and where `retry` answers the question the
/// killed process left: every question ends with its reply.
@Suite("CLI: a crash at every write step", .slow)
struct CrashAtEveryStepTests {
    static let killed: Int32 = 86

    /// Runs `command` killed at step 1, 2, … until a run gets through, recovering after each.
    private func killAtEveryStep(_ command: [String], on sandbox: CLISandbox, recover: (CLISandbox) throws -> Void) throws -> Int {
        var step = 1
        while step < 200 {
            let result = try sandbox.run(command, environment: ["THREADAI_TEST_FAULT": "\(step):kill"])
            if result.status != Self.killed {
                #expect(result.status == 0, "step \(step): \(result)")
                return step
            }
            try recover(sandbox)
            step += 1
        }
        Issue.record("the command never got through")
        return step
    }

    private static func expectSoundAndAnswered(_ sandbox: CLISandbox, after step: Int) throws {
        let fsck = try sandbox.run(["fsck"])
        #expect(fsck.status == 0, "step \(step): \(fsck)")
        let log = try JSON.array(try sandbox.succeed(["log", "--json"]))
        for (index, item) in log.enumerated() where item["role"] as? String == "user" {
            #expect(index > 0 && log[index - 1]["role"] as? String == "assistant", "step \(step): a question without its reply")
        }
    }

    /// After a crash: clear dead locks, answer a question left without a reply.
    private static func recoverLikeAUser(_ sandbox: CLISandbox) throws {
        try sandbox.succeed(["fsck", "--clear-stale-locks"])
        let head = try JSON.array(try sandbox.succeed(["log", "--json", "-n", "1"]))
        if head.first?["role"] as? String == "user" { try sandbox.succeed(["retry"]) }
    }

    @Test("send killed at every write step: fsck is sound, retry answers, nothing blocks")
    func sendKilledAtEveryStep() throws {
        let sandbox = try CLISandbox.initialized(sending: "first")
        var current = 0
        let steps = try killAtEveryStep(["send", "-s", "be brief", "second"], on: sandbox) { sandbox in
            current += 1
            try Self.recoverLikeAUser(sandbox)
            try Self.expectSoundAndAnswered(sandbox, after: current)
        }
        #expect(steps > 10, "a send takes many write steps; the seam must count them")
        try Self.expectSoundAndAnswered(sandbox, after: steps)
    }

    @Test("retry killed at every write step: fsck is sound, and a later retry answers the question once")
    func retryKilledAtEveryStep() throws {
        var step = 1
        while step < 100 {
            let sandbox = try CLISandbox.initialized(sending: "first")
            // A provider nobody answers for: the question is stored, its reply is not (exit 5).
            let failed = try sandbox.run(
                ["send", "--provider", "openai", "unanswered"],
                environment: ["OPENAI_API_KEY": "sk-test-not-a-key", "OPENAI_BASE_URL": "http://127.0.0.1:9/v1"])
            #expect(failed.status == 5, "\(failed)")
            let result = try sandbox.run(["retry"], environment: ["THREADAI_TEST_FAULT": "\(step):kill"])
            if result.status != Self.killed {
                #expect(result.status == 0, "\(result)")
                try Self.expectSoundAndAnswered(sandbox, after: step)
                break
            }
            try Self.recoverLikeAUser(sandbox)
            try Self.expectSoundAndAnswered(sandbox, after: step)
            let users = try JSON.array(try sandbox.succeed(["log", "--json"])).filter { $0["role"] as? String == "user" }
            #expect(users.count == 2, "step \(step): retry never stores the question again")
            step += 1
        }
        #expect(step > 3, "a retry takes several write steps")
    }

    @Test("threads rename killed at every write step: fsck is sound and the thread keeps its messages under one of its names")
    func renameKilledAtEveryStep() throws {
        var step = 1
        while step < 100 {
            let sandbox = try CLISandbox.initialized(sending: "first")
            try sandbox.succeed(["checkout", "-b", "draft"])
            try sandbox.succeed(["send", "on draft"])
            try sandbox.succeed(["checkout", "main"])
            let result = try sandbox.run(["threads", "rename", "draft", "final"], environment: ["THREADAI_TEST_FAULT": "\(step):kill"])
            if result.status != Self.killed {
                #expect(result.status == 0, "\(result)")
                break
            }
            #expect(try sandbox.run(["fsck"]).status == 0, "step \(step)")
            try sandbox.succeed(["fsck", "--clear-stale-locks"])
            let names = try JSON.array(try sandbox.succeed(["threads", "--json"])).compactMap { $0["name"] as? String }
            let holders = try names.filter { name in
                try JSON.array(try sandbox.succeed(["log", "--json", name])).contains { $0["content"] as? String == "on draft" }
            }
            #expect(!holders.isEmpty, "step \(step): the thread's messages are still on a thread (\(names))")
            step += 1
        }
        #expect(step > 2, "a rename takes several write steps")
    }
}

/// A full disk (ENOSPC), a read-only repository (EROFS) or a permission problem (EACCES) at any
/// write step is reported as what it is, never as another process's change.
@Suite("CLI: file-system faults at every write step", .slow)
struct FaultAtEveryStepTests {
    @Test("send with ENOSPC, EROFS or EACCES at each step: a truthful message, never exit 4; a stored reply is named", arguments: [
        (28, "No space left"), (30, "Read-only"), (13, "Permission denied"),
    ] as [(Int, String)])
    func faultAtEveryStep(_ code: Int, _ reason: String) throws {
        let sandbox = try CLISandbox.initialized(sending: "first")
        var step = 1
        while step < 200 {
            let result = try sandbox.run(["send", "q\(step)"], environment: ["THREADAI_TEST_FAULT": "\(step):\(code)"])
            if result.status == 0 { break }
            #expect(result.status != 4, "step \(step): a fault is not a concurrent change: \(result)")
            #expect(result.stderr.contains(reason), "step \(step): \(result)")
            if let range = result.stderr.range(of: "the reply is stored as message ") {
                let id = String(result.stderr[range.upperBound...].prefix(64))
                #expect(RepositoryFiles.objectIDs(in: sandbox.repository).contains(id), "step \(step): the named reply exists")
                #expect(result.stderr.contains("checkout -b"))
            }
            if result.stderr.contains("the reply could not be stored") {
                #expect(result.stderr.contains("your message is stored [main ") && result.stderr.contains("'threadai retry' asks again"), "step \(step): \(result)")
            }
            #expect(try sandbox.run(["fsck"]).status == 0, "step \(step)")
            try sandbox.succeed(["fsck", "--clear-stale-locks"])
            let head = try JSON.array(try sandbox.succeed(["log", "--json", "-n", "1"]))
            if head.first?["role"] as? String == "user" { try sandbox.succeed(["retry"]) }
            step += 1
        }
        #expect(step > 10)
    }

    /// A rename that fails with ENOSPC at any step leaves the thread whole under one name, fsck
    /// without a warning, and the same rename, once the disk has room, succeeds. It exited 1 with a
    /// bare "try again" that was then refused, and left a reflog line that fsck called a rename of
    /// 'draft' to 'draft' cut short, with a fix that would have deleted the thread.
    @Test("threads rename with ENOSPC at each step: nothing half done, and running it again succeeds")
    func renameOnAFullDisk() throws {
        var step = 1
        while step < 100 {
            let sandbox = try CLISandbox.initialized(sending: "first")
            try sandbox.succeed(["checkout", "-b", "draft"])
            try sandbox.succeed(["send", "on draft"])
            let result = try sandbox.run(["threads", "rename", "draft", "final"], environment: ["THREADAI_TEST_FAULT": "\(step):28"])
            if result.status == 0 { break }
            #expect(result.stderr.contains("No space left"), "step \(step): \(result)")
            let fsck = try sandbox.run(["fsck"])
            let exists = { (name: String) in FileManager.default.fileExists(atPath: sandbox.repository + "/refs/threads/" + name) }
            if !exists("final") {
                // Not renamed at all: fsck finds nothing, and the same command, run again, renames.
                #expect(fsck.status == 0 && !fsck.stderr.contains("cut short") && !fsck.stdout.contains("cut short"), "step \(step): \(fsck)")
                let again = try sandbox.run(["threads", "rename", "draft", "final"])
                #expect(again.status == 0, "step \(step): \(result.stderr) then \(again)")
            } else if exists("draft") {
                // Recorded, with the old ref left: the error names what completes it, and that does.
                #expect(result.stderr.contains("threads reconcile draft"), "step \(step): \(result)")
                try sandbox.succeed(["threads", "reconcile", "draft"])
            } else {
                // Whole, with only a flush to disk that failed: said so, and not to be repeated.
                #expect(result.stderr.contains("could not be flushed"), "step \(step): \(result)")
            }
            #expect(try sandbox.run(["fsck"]).status == 0, "step \(step)")
            let log = try JSON.array(try sandbox.succeed(["log", "--json", "final"]))
            #expect(log.contains { $0["content"] as? String == "on draft" }, "step \(step)")
            #expect(!FileManager.default.fileExists(atPath: sandbox.repository + "/refs/threads/draft"), "step \(step)")
            step += 1
        }
        #expect(step > 3)
    }

    /// What a failed `send` or `retry` says about the thread matches what happened to it: when the
    /// thread moved to the reply (the failure came after, flushing the change to disk), it is not
    /// called unmoved, nor the reply unstored. Both were said after a failed final flush.
    @Test("send and retry with ENOSPC at each step: the thread moved to the reply exactly when they say so", arguments: ["send", "retry"])
    func saysWhetherTheThreadMoved(_ command: String) throws {
        let sandbox = try CLISandbox.initialized(sending: "first")
        var step = 1
        while step < 200 {
            if command == "retry" {
                // A provider nobody answers for: the question is stored, its reply is not (exit 5).
                let failed = try sandbox.run(
                    ["send", "--provider", "openai", "q\(step)"],
                    environment: ["OPENAI_API_KEY": "sk-test-not-a-key", "OPENAI_BASE_URL": "http://127.0.0.1:9/v1"])
                #expect(failed.status == 5, "\(failed)")
            }
            let before = try JSON.array(try sandbox.succeed(["log", "--json", "-n", "1"])).first?["id"] as? String
            let arguments = command == "retry" ? ["retry"] : ["send", "q\(step)"]
            let result = try sandbox.run(arguments, environment: ["THREADAI_TEST_FAULT": "\(step):28"])
            if result.status == 0 { break }
            let head = try JSON.array(try sandbox.succeed(["log", "--json", "-n", "1"])).first
            let moved = head?["role"] as? String == "assistant" && head?["id"] as? String != before
            if moved {
                #expect(!result.stderr.contains("could not be moved") && !result.stderr.contains("could not be stored"),
                        "step \(step): the thread is at the reply: \(result.stderr)")
                #expect(result.stderr.contains("flushed"), "step \(step): \(result.stderr)")
            }
            try sandbox.succeed(["fsck", "--clear-stale-locks"])
            let last = try JSON.array(try sandbox.succeed(["log", "--json", "-n", "1"]))
            // A move that did not happen leaves no reflog line behind, which the next writer would
            // take for git having moved the thread back.
            let next = last.first?["role"] as? String == "user" ? try sandbox.succeed(["retry"]) : try sandbox.succeed(["send", "next \(step)"])
            #expect(!next.stderr.contains("git changed .threadai") && !next.stderr.contains("git brought"), "step \(step): \(next.stderr)")
            step += 1
        }
        #expect(step > 10)
    }
}

extension FaultAtEveryStepTests {
    @Test("threads rename with ENOSPC at each step: the thread's reflog stays with a name that holds the thread")
    func renameFullDiskKeepsTheReflog() throws {
        var failures = 0
        for step in 1...24 {
            let sandbox = try CLISandbox.initialized(sending: "first", "second")
            let before = try sandbox.succeed(["reflog", "main"]).stdout.split(separator: "\n").count
            let result = try sandbox.run(["threads", "rename", "main", "trunk"], environment: ["THREADAI_TEST_FAULT": "\(step):28"])
            if result.status != 0 { failures += 1 }
            let names = try JSON.array(try sandbox.succeed(["threads", "--json"])).compactMap { $0["name"] as? String }
            let kept = try names.map { try sandbox.succeed(["reflog", $0]).stdout.split(separator: "\n").count }.max() ?? 0
            #expect(kept >= before, "step \(step): the reflog is kept (\(before) → \(kept) entries under \(names))")
        }
        #expect(failures > 10)
    }
}
