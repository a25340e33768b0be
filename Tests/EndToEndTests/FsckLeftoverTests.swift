import Foundation
import Testing

/// `fsck` names every leftover a crash or a merge can leave, with its remedy, and clears only locks
/// whose owner is provably gone (docs/FORMAT.md §10).
@Suite("CLI: fsck finds crash and merge leftovers")
struct FsckLeftoverTests {
    private static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The id of a process that has exited, so its pid names nobody.
    private static func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 0"]
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    private static var hostName: String { ProcessInfo.processInfo.hostName }

    /// (A writer of that thread would take the lock over: StaleLockTakeoverTests.)
    @Test("a lock whose owner died is named with its owner and age, and --clear-stale-locks removes it")
    func deadOwnerLock() throws {
        let sandbox = try CLISandbox.initialized(sending: "hello")
        let lock = sandbox.repository + "/refs/threads/side.lock"
        try Self.write("pid: \(try Self.deadProcessID())\nhost: \(Self.hostName)\n", to: lock)
        let fsck = try sandbox.run(["fsck"])
        #expect(fsck.status == 0, "a leftover is a warning: \(fsck)")
        #expect(fsck.stdout.contains(lock) && fsck.stdout.contains("no longer running"), "\(fsck)")
        #expect(fsck.stdout.contains("fix: threadai fsck --clear-stale-locks"))
        let clear = try sandbox.succeed(["fsck", "--clear-stale-locks"])
        #expect(clear.stderr.contains("removed \(lock)"))
        #expect(!FileManager.default.fileExists(atPath: lock))
        try sandbox.succeed(["send", "unblocked"])
    }

    @Test("a lock someone holds (its flock) or whose recorded owner runs is never cleared, even with --force; an unheld one is")
    func locksThatStay() throws {
        let sandbox = try CLISandbox.initialized(sending: "hello")
        let held = sandbox.repository + "/refs/threads/main.lock"
        let live = sandbox.repository + "/renames.lock"
        let unheld = sandbox.repository + "/config.lock"
        try Self.write("", to: held)
        try Self.write("pid: \(ProcessInfo.processInfo.processIdentifier)\nhost: \(Self.hostName)\n", to: live)
        try Self.write("", to: unheld)
        // This test process plays a writer in the middle of its write: it holds the lock's flock.
        let descriptor = open(held, O_RDONLY)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX) == 0)
        let fsck = try sandbox.succeed(["fsck"])
        #expect(fsck.stdout.contains("which is running"), "\(fsck)")
        let old = Date(timeIntervalSinceNow: -3600)
        for path in [held, live] { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path) }
        try sandbox.succeed(["fsck", "--clear-stale-locks", "--force"])
        #expect(FileManager.default.fileExists(atPath: held), "a lock whose flock is held is never cleared")
        #expect(FileManager.default.fileExists(atPath: live), "a running owner's lock is never cleared")
        #expect(!FileManager.default.fileExists(atPath: unheld), "nobody holds it: its writer is gone")
        #expect(try sandbox.run(["fsck", "--force"]).status == 2)
    }

    @Test("an empty folder where a ref belongs and a stray file among the refs are named")
    func foldersAndStrays() throws {
        let sandbox = try CLISandbox.initialized(sending: "hello")
        try FileManager.default.createDirectory(atPath: sandbox.repository + "/refs/threads/feature/empty", withIntermediateDirectories: true)
        try Self.write("x\n", to: sandbox.repository + "/refs/threads/main~HEAD")
        try Self.write("half a config", to: sandbox.repository + "/.tmp-a1b2c3")
        let fsck = try sandbox.succeed(["fsck"])
        #expect(fsck.stdout.contains("refs/threads/feature/empty") && fsck.stdout.contains("rmdir"), "\(fsck)")
        #expect(fsck.stdout.contains("'main~HEAD' is not a valid thread name"), "\(fsck)")
        #expect(fsck.stdout.contains("/.tmp-a1b2c3") && fsck.stdout.contains("interrupted write"), "\(fsck)")
        try Self.write("x\n", to: sandbox.repository + "/refs/threads/evil\u{1B}]0;owned\u{07}")
        let hostile = try sandbox.succeed(["fsck"])
        #expect(hostile.stdout.contains("evil^[]0;owned^G") && !hostile.stdout.contains("\u{1B}"), "a name from git never drives the terminal")
    }

    @Test("a reflog line for a move that never happened is named, with how to keep its message")
    func reflogWithoutMove() throws {
        let sandbox = try CLISandbox.initialized(sending: "hello")
        let ids = try JSON.array(try sandbox.succeed(["log", "--json"])).compactMap { $0["id"] as? String }
        let line = "\(ids[0]) \(ids[1]) 2026-11-21T09:00:00Z\tsend: user message\n"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: sandbox.repository + "/logs/threads/main"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(line.utf8))
        try handle.close()
        let fsck = try sandbox.succeed(["fsck"])
        #expect(fsck.stdout.contains("never happened") && fsck.stdout.contains("checkout -b main-\(ids[1].prefix(8))"), "\(fsck)")
    }

    @Test("a rename cut short before .threadai/renames recorded it is named with the commands that finish it")
    func halfRename() throws {
        let sandbox = try Self.renameStoppedAfterTheNewRef()
        let fsck = try sandbox.succeed(["fsck"])
        #expect(fsck.stdout.contains("threadai threads delete renamed && threadai threads rename main renamed"), "\(fsck)")
        try sandbox.succeed(["threads", "delete", "renamed"])
        try sandbox.succeed(["threads", "rename", "main", "renamed"])
        #expect(try sandbox.succeed(["fsck"]).stdout.isEmpty)
    }

    @Test("a rename stopped after moving the reflog, or after logging the new ref, is named with the command that finishes it")
    func renameStoppedEarly() throws {
        let sandbox = try CLISandbox.initialized(sending: "hello")
        let logs = sandbox.repository + "/logs/threads/"
        try FileManager.default.moveItem(atPath: logs + "main", toPath: logs + "renamed")
        let moved = try sandbox.succeed(["fsck"])
        #expect(moved.stdout.contains("the reflog of 'main' was moved to 'renamed'") && moved.stdout.contains("fix: threadai threads rename main renamed"), "\(moved)")

        let head = try String(contentsOfFile: sandbox.repository + "/refs/threads/main", encoding: .utf8).prefix(64)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: logs + "renamed"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\(String(repeating: "0", count: 64)) \(head) 2026-11-21T09:00:00Z\trename: from main\n".utf8))
        try handle.close()
        let logged = try sandbox.succeed(["fsck"])
        #expect(logged.stdout.contains("the rename of 'main' to 'renamed' stopped before 'renamed' was created"), "\(logged)")
        try sandbox.succeed(["threads", "rename", "main", "renamed"])
        #expect(try sandbox.succeed(["fsck"]).stdout.isEmpty)
    }

    @Test("a rename stopped before removing the old ref: the old name and the deletion never done are named")
    func renameStoppedLate() throws {
        let sandbox = try CLISandbox.initialized(sending: "hello")
        let refs = sandbox.repository + "/refs/threads/"
        let head = try String(contentsOfFile: refs + "main", encoding: .utf8).prefix(64)
        try FileManager.default.copyItem(atPath: refs + "main", toPath: refs + "renamed")
        try Self.write("main\trenamed\n", to: sandbox.repository + "/renames")
        try Self.write("\(head) \(String(repeating: "0", count: 64)) 2026-11-21T09:00:00Z\trename: to renamed\n",
                       to: sandbox.repository + "/logs/threads/main")
        let fsck = try sandbox.succeed(["fsck"])
        #expect(fsck.stdout.contains("'main' was renamed to 'renamed' but still exists") && fsck.stdout.contains("threads reconcile main"), "\(fsck)")
        #expect(fsck.stdout.contains("records a deletion"), "\(fsck)")
        try sandbox.succeed(["threads", "reconcile", "main"])
        #expect(try sandbox.succeed(["fsck"]).stdout.isEmpty)
        #expect(try sandbox.succeed(["status"]).stdout.contains("On thread renamed"), "HEAD followed")
    }
}

extension FsckLeftoverTests {
    /// A repository where `rename main renamed` made the new ref and its reflog, and stopped there.
    static func renameStoppedAfterTheNewRef() throws -> CLISandbox {
        let sandbox = try CLISandbox.initialized(sending: "hello")
        let refs = sandbox.repository + "/refs/threads/"
        try FileManager.default.copyItem(atPath: refs + "main", toPath: refs + "renamed")
        let head = try String(contentsOfFile: refs + "main", encoding: .utf8).prefix(64)
        try write("\(String(repeating: "0", count: 64)) \(head) 2026-11-21T09:00:00Z\trename: from main\n",
                  to: sandbox.repository + "/logs/threads/renamed")
        return sandbox
    }

    @Test("a rename that recorded itself but kept the old ref gets one diagnosis, not also 'renames does not record it'")
    func recordedRenameOneDiagnosis() throws {
        let sandbox = try Self.renameStoppedAfterTheNewRef()
        try Self.write("main\trenamed\n", to: sandbox.repository + "/renames")
        let fsck = try sandbox.succeed(["fsck"])
        #expect(fsck.stdout.contains("threads reconcile main"), "\(fsck)")
        #expect(!fsck.stdout.contains("does not record it"), "\(fsck)")
    }
}

extension FsckLeftoverTests {
    @Test("many temporary files among the objects (a killed import) are one warning with one command; a few are named one by one")
    func manyTemporaryObjectFiles() throws {
        let sandbox = try CLISandbox.initialized(sending: "hello")
        let folder = sandbox.repository + "/objects/ab"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 1...3 { try Self.write("x", to: folder + "/.tmp-\(index)") }
        let few = try sandbox.succeed(["fsck"])
        #expect(few.stdout.components(separatedBy: "not an object").count == 4, "\(few)")
        for index in 4...40 { try Self.write("x", to: folder + "/.tmp-\(index)") }
        let many = try sandbox.succeed(["fsck"])
        #expect(many.stdout.contains("40 temporary files left by writes that were stopped"), "\(many)")
        #expect(!many.stdout.contains("not an object") && many.stdout.contains("-name '.tmp-*' -delete"), "\(many)")
    }
}

extension FsckLeftoverTests {
    @Test("a thread whose head is gone (git clean took it): fsck names the ways out, and delete --force is one")
    func threadAtAMissingMessage() throws {
        let sandbox = try CLISandbox.initialized(sending: "kept")
        try sandbox.succeed(["checkout", "-b", "gone"])
        try sandbox.succeed(["send", "only here"])
        let id = try #require(try JSON.array(try sandbox.succeed(["log", "--json", "-n", "1"])).first?["id"] as? String)
        try sandbox.succeed(["checkout", "main"])
        try FileManager.default.removeItem(atPath: RepositoryFiles.objectPath(id, in: sandbox.repository))
        let fsck = try sandbox.run(["fsck"])
        #expect(fsck.status == 3 && fsck.stdout.contains("threadai threads delete --force gone"), "\(fsck)")
        try sandbox.succeed(["threads", "delete", "--force", "gone"])
        #expect(try sandbox.run(["fsck"]).status == 0)
    }
}
