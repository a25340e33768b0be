import Foundation
import Testing
import ThreadAITestSupport

/// `threadai gc` (docs/CLI.md, docs/FORMAT.md §15.3): loose messages moved into one pack, with the
/// same output from every reading command before and after, and nothing lost to a crash at any step
/// or to a send running beside it.
@Suite("CLI: gc packs loose messages")
struct GcTests {
    /// A repository with a thread, a fork with its own system prompt, and a tag.
    static func conversation() throws -> CLISandbox {
        let sandbox = try CLISandbox.initialized(sending: "first question", "second question about packs")
        try sandbox.succeed(["checkout", "-b", "side", "HEAD~2"])
        try sandbox.succeed(["send", "-s", "be brief", "a side question"])
        try sandbox.succeed(["checkout", "main"])
        try sandbox.succeed(["send", "third question"])
        try sandbox.succeed(["tag", "v1", "main~1"])
        return sandbox
    }

    /// `conversation()` packed, then as many messages again sent loose: the next gc rewrites the
    /// small pack together with them (docs/FORMAT.md §15.5).
    static func smallPackAndLoose() throws -> CLISandbox {
        let sandbox = try conversation()
        try sandbox.succeed(["gc"])
        for index in 1...4 { try sandbox.succeed(["send", "question \(index) after the first pack"]) }
        return sandbox
    }

    /// What the reading commands print, each with its status: the output that must not change.
    static func outputs(_ sandbox: CLISandbox) throws -> [String] {
        try [
            ["log", "--all", "--json"], ["log", "--graph", "--all"], ["threads", "--json"], ["grep", "question"],
            ["context"], ["context", "side"], ["show", "v1"], ["diff", "main", "side"], ["export", "json"], ["status"],
            // Reflogs are packed too (FORMAT §7.1): each reads the same, and so do revisions from them.
            ["reflog", "main"], ["reflog", "side"], ["show", "main@{2}"], ["log", "--oneline", "side@{1}"],
        ].map { arguments in
            let result = try sandbox.run(arguments)
            return "\(arguments) → \(result.status)\n\(result.stdout)\(result.stderr)"
        }
    }

    static func looseFiles(_ sandbox: CLISandbox) -> [String] {
        let all = FileManager.default.enumerator(atPath: sandbox.repository + "/objects")?.allObjects as? [String] ?? []
        return all.filter { $0.hasSuffix(".md") }
    }

    /// The thread reflogs that still have a file of their own (`gc` packs them, FORMAT §7.1).
    static func looseReflogs(_ sandbox: CLISandbox) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sandbox.repository + "/logs/threads")) ?? []).sorted()
    }

    static func packs(_ sandbox: CLISandbox) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sandbox.repository + "/packs")) ?? []).filter { $0.hasSuffix(".pack") }
    }

    @Test("gc in a repository just made, with no message and no logs/ folder yet, has nothing to do")
    func freshRepository() throws {
        let sandbox = try CLISandbox.initialized()
        #expect(!FileManager.default.fileExists(atPath: sandbox.repository + "/logs"))
        #expect(try sandbox.succeed(["gc"]).stdout == "Nothing to pack: no loose messages.\n")
        #expect(try sandbox.succeed(["gc", "--dry-run"]).stdout == "Nothing to pack: no loose messages.\n")
        #expect(try sandbox.run(["fsck"]).status == 0)
    }

    @Test("every reading command prints the same before and after gc, and after cache clear; fsck is clean")
    func sameOutput() throws {
        let sandbox = try Self.conversation()
        let before = try Self.outputs(sandbox)
        #expect(before.allSatisfy { $0.contains(" → 0\n") }, "\(before)")
        let loose = Self.looseFiles(sandbox).count
        let gc = try sandbox.succeed(["gc"])
        #expect(gc.stdout.contains("Packed \(loose) loose messages into \(sandbox.repository)/packs/"), "\(gc)")
        #expect(gc.stdout.contains("Removed \(loose) loose files."), "\(gc)")
        #expect(gc.stdout.contains("/format (feature packs)"), "\(gc)")
        #expect(gc.stdout.contains("Packed 2 thread reflogs into \(sandbox.repository)/logs/packed (local, not for git).\n"), "\(gc)")
        #expect(Self.looseFiles(sandbox).isEmpty)
        #expect(Self.looseReflogs(sandbox).isEmpty)
        #expect(Self.packs(sandbox).count == 1)
        #expect(try String(contentsOfFile: sandbox.repository + "/format", encoding: .utf8) == "feature packed-reflogs\nfeature packed-refs\nfeature packs\n")
        // Outside git every ref file is packed too (docs/FORMAT.md §5.7): one file for all threads.
        #expect(gc.stdout.contains("thread refs into \(sandbox.repository)/refs/threads/.packed"), "\(gc)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: sandbox.repository + "/refs/threads") == [".packed"])
        #expect(try Self.outputs(sandbox) == before)
        try sandbox.succeed(["cache", "clear"])
        #expect(try Self.outputs(sandbox) == before)
        #expect(try Self.outputs(sandbox) == before, "with the caches rebuilt over the pack")
        let fsck = try sandbox.run(["fsck"])
        #expect(fsck.status == 0, "\(fsck)")
        #expect(try sandbox.succeed(["gc"]).stdout == "Nothing to pack: no loose messages.\n")
    }

    @Test("a send after gc writes loose files again, and the next gc packs them into a second pack")
    func sendAfterGc() throws {
        let sandbox = try Self.conversation()
        try sandbox.succeed(["gc"])
        try sandbox.succeed(["send", "after the pack"])
        #expect(Self.looseFiles(sandbox).count == 2)
        let log = try sandbox.succeed(["log", "--json"]).stdout
        #expect(log.contains("after the pack") && log.contains("first question"))
        try sandbox.succeed(["gc"])
        #expect(Self.looseFiles(sandbox).isEmpty)
        #expect(Self.packs(sandbox).count == 2)
        #expect(try sandbox.succeed(["log", "--json"]).stdout == log)
    }

    @Test("gc rewrites a small pack with loose messages of about its size; every reading command prints the same")
    func rewritesASmallPack() throws {
        let sandbox = try Self.smallPackAndLoose()
        let before = try Self.outputs(sandbox)
        let old = try #require(Self.packs(sandbox).first)
        let dryRun = try sandbox.succeed(["gc", "--dry-run"])
        #expect(dryRun.stdout.contains("Would rewrite 1 small pack into larger ones."), "\(dryRun)")
        let gc = try sandbox.succeed(["gc"])
        #expect(gc.stdout.contains("Packed 8 loose messages and the messages of 1 small pack into "), "\(gc)")
        #expect(gc.stdout.contains("Removed 1 pack rewritten into the new ones."), "\(gc)")
        #expect(Self.packs(sandbox).count == 1 && Self.packs(sandbox) != [old])
        #expect(try Self.outputs(sandbox) == before)
        #expect(try sandbox.run(["fsck"]).status == 0)
    }

    @Test("--dry-run says what it would pack and changes nothing")
    func dryRun() throws {
        let sandbox = try Self.conversation()
        let loose = Self.looseFiles(sandbox).count
        let before = try DirectorySnapshot(sandbox.repository)
        let result = try sandbox.succeed(["gc", "--dry-run"])
        #expect(result.stdout.hasPrefix("Would pack \(loose) loose messages ("), "\(result)")
        #expect(result.stdout.contains("format (feature packs)"))
        #expect(try DirectorySnapshot(sandbox.repository) == before)
    }

    @Test("loose copies of messages a pack already holds (a pull brought it) are removed, not packed again")
    func alreadyPacked() throws {
        let sandbox = try Self.conversation()
        let objects = sandbox.repository + "/objects"
        let saved = sandbox.repository + "/../saved-objects"
        try FileManager.default.copyItem(atPath: objects, toPath: saved)
        try sandbox.succeed(["gc"])
        try FileManager.default.removeItem(atPath: objects)
        try FileManager.default.copyItem(atPath: saved, toPath: objects)  // The loose files back, as a merge may leave them.
        let loose = Self.looseFiles(sandbox).count
        let result = try sandbox.succeed(["gc"])
        #expect(result.stdout == "Removed \(loose) loose files.\n", "\(result)")
        #expect(Self.packs(sandbox).count == 1)
        #expect(Self.looseFiles(sandbox).isEmpty)
    }

    @Test("a second gc while one runs says another is running")
    func oneAtATime() throws {
        let sandbox = try Self.conversation()
        // This test process plays a gc in the middle of its work: it holds the lock's flock.
        let descriptor = open(sandbox.repository + "/gc.lock", O_CREAT | O_WRONLY, 0o644)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
        defer { close(descriptor) }
        let result = try sandbox.run(["gc"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("another gc is running"), "\(result)")
        #expect(Self.packs(sandbox).isEmpty)
    }

    @Test("messages of local threads stay loose")
    func localThreadsStayLoose() throws {
        let sandbox = try Self.conversation()
        try sandbox.succeed(["checkout", "-b", "private", "main"])
        try sandbox.succeed(["local", "private"])
        try sandbox.succeed(["send", "a private question"])
        let result = try sandbox.succeed(["gc"])
        #expect(result.stdout.contains("Kept 2 messages of local threads loose"), "\(result)")
        #expect(Self.looseFiles(sandbox).count == 2)
        let pack = try #require(Self.packs(sandbox).first)
        let text = try String(contentsOfFile: sandbox.repository + "/packs/" + pack, encoding: .utf8)
        #expect(!text.contains("a private question"))
        #expect(try sandbox.succeed(["log", "--json"]).stdout.contains("a private question"))
    }

    @Test("fsck names a truncated pack and the messages lost with it; restoring the pack makes it clean")
    func fsckTruncatedPack() throws {
        let sandbox = try Self.conversation()
        try sandbox.succeed(["gc"])
        let pack = sandbox.repository + "/packs/" + (try #require(Self.packs(sandbox).first))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: pack))
        try FileManager.default.removeItem(atPath: pack)
        try bytes.dropLast(100).write(to: URL(fileURLWithPath: pack))
        let fsck = try sandbox.run(["fsck"])
        #expect(fsck.status == 3, "\(fsck)")
        #expect(fsck.stdout.contains("error: pack \(pack) is damaged: "), "\(fsck)")
        #expect(fsck.stdout.contains("fix: restore it from git (git checkout -- '\(pack)')"), "\(fsck)")
        #expect(fsck.stdout.contains("is missing") || fsck.stdout.contains("missing"), "\(fsck)")
        #expect(try sandbox.run(["log"]).status != 0)
        try FileManager.default.removeItem(atPath: pack)
        try bytes.write(to: URL(fileURLWithPath: pack))
        #expect(try sandbox.run(["fsck"]).status == 0)
    }
}
