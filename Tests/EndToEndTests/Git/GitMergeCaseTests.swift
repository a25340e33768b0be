import Foundation
import Testing
import ThreadAITestSupport

/// The awkward merges: the same new thread made twice, a rename or a delete against an extension,
/// names that differ only in case, and a clone with `core.autocrlf=true`.
@Suite("Sharing through git: awkward merges", .slow)
struct GitMergeCaseTests {
    /// Clones a and b of a repository whose `main` has one turn.
    private static func twoClones() throws -> GitClones {
        let clones = try GitClones()
        try clones.start("a", sending: ["first question"])
        try clones.clone("b")
        return clones
    }

    private static func expectEverythingReachable(_ clones: GitClones, _ name: String) throws {
        #expect(try clones.reachableIDs(name) == clones.storedIDs(name))
    }

    @Test("both clones make the same new thread: the merge keeps both heads and reconcile gives each a thread")
    func addAdd() throws {
        let clones = try Self.twoClones()
        for name in ["a", "b"] {
            try clones.threadai(["checkout", "-b", "topic"], in: name)
            try clones.threadai(["send", "topic from \(name)"], in: name)
        }
        try clones.commitAndPush("a", "a")
        try clones.commit("b", "b")
        try clones.pull("b")
        #expect(try clones.threadai(["fsck"], in: "b").stdout.contains("'topic' has diverged"))
        try Self.expectEverythingReachable(clones, "b")
        try clones.threadai(["threads", "reconcile", "topic"], in: "b")
        try Self.expectEverythingReachable(clones, "b")
        #expect(try clones.threadai(["fsck"], in: "b").stdout.isEmpty)
    }

    /// Clone a renames `main` to `renamed` and pushes; b extends `main`, commits and pulls.
    private static func renamedInAExtendedInB() throws -> GitClones {
        let clones = try Self.twoClones()
        try clones.threadai(["threads", "rename", "main", "renamed"], in: "a")
        try clones.commitAndPush("a", "rename")
        try clones.threadai(["send", "b goes on with main"], in: "b")
        try clones.commit("b", "b")
        try clones.pull("b")
        return clones
    }

    @Test("one clone renames the thread while the other extends it: git follows the rename, nothing is lost")
    func renameVersusExtend() throws {
        let clones = try Self.renamedInAExtendedInB()
        // The first command after the pull, a reading one too, moves HEAD to the new name and says so.
        let status = try clones.threadai(["status"], in: "b")
        #expect(status.stderr.contains("thread 'main' was renamed to 'renamed' (in another clone?); HEAD now follows it."), "\(status)")
        #expect(status.stdout.hasPrefix("On thread renamed") && !status.stdout.contains("No messages yet"), "\(status)")
        #expect(try clones.threadai(["log", "--oneline"], in: "b").stdout.contains("b goes on with main"))
        let threads = try clones.threadai(["threads", "--json"], in: "b")
        #expect(try JSON.array(threads).compactMap { $0["name"] as? String } == ["renamed"], "git's rename detection carried b's change")
        #expect(threads.stderr.isEmpty, "said once")
        try Self.expectEverythingReachable(clones, "b")
        #expect(try clones.threadai(["fsck"], in: "b").stdout.isEmpty)
    }

    @Test("HEAD that follows a pulled rename keeps its reflog: on an older code commit send refuses instead of starting over")
    func pulledRenameThenOlderCommit() throws {
        let clones = try Self.renamedInAExtendedInB()
        try clones.threadai(["status"], in: "b")
        let reflog = try clones.threadai(["reflog"], in: "b")
        #expect(reflog.stdout.contains("follow rename: from main") && reflog.stdout.contains("send: reply"), "\(reflog)")
        try clones.git(["checkout", "-q", "HEAD~1"], in: clones.path("b"))
        let before = try DirectorySnapshot(clones.path("b") + "/.threadai/refs")
        let send = try clones.run(["send", "next question"], in: "b")
        #expect(send.status == 1 && send.stderr.contains("'renamed' no longer exists"), "\(send)")
        #expect(try DirectorySnapshot(clones.path("b") + "/.threadai/refs") == before, "nothing written")
        #expect(try clones.threadai(["status"], in: "b").stdout.contains("checkout -b"))
    }

    @Test("a pulled rename: read where HEAD cannot move, followed once by commands started together, a deleted thread's reflog set aside",
          arguments: [false, true])
    func pulledRenameFollowedOnce(packedReflogs: Bool) throws {
        let clones = try Self.twoClones()
        // b once had a thread of the new name, deleted since: its reflog must not mix with main's.
        try clones.threadai(["checkout", "-b", "renamed"], in: "b")
        try clones.threadai(["send", "b's own renamed"], in: "b")
        try clones.threadai(["checkout", "main"], in: "b")
        try clones.threadai(["threads", "delete", "--force", "renamed"], in: "b")
        if packedReflogs {
            // That reflog in logs/packed (FORMAT §7.1): set aside whole all the same.
            try clones.threadai(["gc"], in: "b")
            try clones.commit("b", "gc")
            #expect(!FileManager.default.fileExists(atPath: clones.path("b") + "/.threadai/logs/threads/renamed"))
        }
        try clones.threadai(["threads", "rename", "main", "renamed"], in: "a")
        try clones.commitAndPush("a", "rename")
        try clones.pull("b")
        // A lock held on the new name (a dead writer's would be taken over): HEAD cannot move, and
        // reading still finds the thread.
        let lock = clones.path("b") + "/.threadai/refs/threads/renamed.lock"
        try Data().write(to: URL(fileURLWithPath: lock))
        let holder = open(lock, O_RDWR)
        #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
        let log = try clones.run(["log", "--oneline"], in: "b")
        #expect(log.status == 0 && log.stdout.contains("first question"), "\(log)")
        try FileManager.default.removeItem(atPath: lock)
        close(holder)
        let sandbox = clones.sandbox, folder = clones.path("b")
        DispatchQueue.concurrentPerform(iterations: 6) { _ in _ = try? sandbox.run(["status"], in: folder) }
        let reflog = try clones.threadai(["reflog"], in: "b").stdout
        #expect(reflog.components(separatedBy: "follow rename: from main").count == 2 && !reflog.contains("delete"), "\(reflog)")
        let headLog = try clones.threadai(["reflog", "HEAD"], in: "b").stdout
        #expect(headLog.components(separatedBy: "follow rename").count == 2 && !headLog.hasPrefix("00000000"), "\(headLog)")
        let setAside = try String(contentsOfFile: folder + "/.threadai/logs/deleted/renamed.1", encoding: .utf8)
        #expect(setAside.contains("\tsend: reply") && setAside.hasSuffix("\tdelete\n"), "\(setAside)")
    }

    @Test("both clones go on after one renamed: fsck names the old name and reconcile joins it to the new one")
    func renameAndExtendVersusExtend() throws {
        let clones = try Self.twoClones()
        try clones.threadai(["threads", "rename", "main", "renamed"], in: "a")
        try clones.threadai(["send", "a goes on with renamed"], in: "a")
        try clones.commitAndPush("a", "rename")
        try clones.threadai(["send", "b goes on with main"], in: "b")
        try clones.commit("b", "b")
        #expect(throws: GitClones.GitFailure.self, "a modify/delete conflict on main") { try clones.pull("b") }
        try clones.git(["add", ".threadai/refs/threads/main"], in: clones.path("b"))
        try clones.git(["commit", "-q", "--no-edit"], in: clones.path("b"))
        try Self.expectEverythingReachable(clones, "b")
        let fsck = try clones.threadai(["fsck"], in: "b")
        #expect(fsck.stdout.contains("was renamed to 'renamed' but still exists") && fsck.stdout.contains("threads reconcile main"), "\(fsck)")
        let written = try clones.storedIDs("b")
        try clones.threadai(["threads", "reconcile", "main"], in: "b")
        let names = try JSON.array(try clones.threadai(["threads", "--json"], in: "b")).compactMap { $0["name"] as? String }
        #expect(names.count == 2 && names.contains("renamed") && !names.contains("main"), "\(names)")
        #expect(try clones.reachableIDs("b") == written)
        #expect(try clones.threadai(["fsck"], in: "b").stdout.isEmpty)
    }

    @Test("one clone deletes a thread the other extends: git asks, keeping the file keeps every message")
    func deleteVersusExtend() throws {
        let clones = try Self.twoClones()
        try clones.threadai(["checkout", "-b", "side"], in: "a")
        try clones.threadai(["send", "on side"], in: "a")
        try clones.threadai(["checkout", "main"], in: "a")
        try clones.commitAndPush("a", "side")
        try clones.pull("b")
        try clones.threadai(["threads", "delete", "--force", "side"], in: "a")
        try clones.commitAndPush("a", "delete side")
        try clones.threadai(["checkout", "side"], in: "b")
        try clones.threadai(["send", "b extends side"], in: "b")
        try clones.commit("b", "b")
        #expect(throws: GitClones.GitFailure.self, "a modify/delete conflict") { try clones.pull("b") }
        try clones.git(["add", ".threadai/refs/threads/side"], in: clones.path("b"))
        try clones.git(["commit", "-q", "--no-edit"], in: clones.path("b"))
        try Self.expectEverythingReachable(clones, "b")
        #expect(try clones.threadai(["fsck"], in: "b").stdout.isEmpty)
    }

    @Test("names that differ only in case arrive by a merge: fsck names the clash and how to fix it")
    func caseOnlyNames() throws {
        let clones = try Self.twoClones()
        try clones.threadai(["checkout", "-b", "Feature"], in: "a")
        try clones.threadai(["send", "upper"], in: "a")
        try clones.commitAndPush("a", "a")
        try clones.threadai(["checkout", "-b", "feature"], in: "b")
        try clones.threadai(["send", "lower"], in: "b")
        try clones.commit("b", "b")
        try clones.pull("b")
        let fsck = try clones.threadai(["fsck"], in: "b")
        #expect(fsck.stdout.contains("'Feature' and 'feature' clash") && fsck.stdout.contains("threads rename"), "\(fsck)")
        try Self.expectEverythingReachable(clones, "b")
        try clones.threadai(["threads", "rename", "feature", "feature-2"], in: "b")
        #expect(try clones.threadai(["fsck"], in: "b").stdout.isEmpty)
    }

    @Test("a clone with core.autocrlf=true stores and reads byte for byte")
    func autocrlf() throws {
        let clones = try GitClones()
        try clones.start("a", sending: ["line one\nline two"])
        try clones.clone("b", configuration: ["core.autocrlf=true"])
        #expect(try clones.threadai(["fsck"], in: "b").stdout.isEmpty)
        try clones.threadai(["send", "from b\nwith two lines"], in: "b")
        try clones.commitAndPush("b", "b")
        try clones.pull("a")
        let fsck = try clones.run(["fsck"], in: "a")
        #expect(fsck.status == 0 && fsck.stdout.isEmpty, "\(fsck)")
        try Self.expectEverythingReachable(clones, "a")
    }
}
