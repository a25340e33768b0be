import Foundation
import Testing
import ThreadAITestSupport

/// Conversations shared through real git: clones that each extend a thread, then merge or rebase.
/// After each, `fsck` is clean or names the problem, and every message written in any clone is reachable.
@Suite("Sharing through git", .slow)
struct GitCloneRoundTripTests {
    @Test("a clone of a repository committed right after init is usable, and its first send creates the folders")
    func cloneOfFreshInit() throws {
        let clones = try GitClones()
        try clones.start("a")
        try clones.clone("b")
        #expect(!FileManager.default.fileExists(atPath: clones.path("b") + "/.threadai/objects"), "git dropped the empty folder")
        try clones.threadai(["status"], in: "b")
        try clones.threadai(["fsck"], in: "b")
        try clones.threadai(["send", "hello from b"], in: "b")
        try clones.commitAndPush("b", "b talks")
        try clones.pull("a")
        #expect(try clones.threadai(["log"], in: "a").stdout.contains("hello from b"))
        #expect(try clones.reachableIDs("a") == clones.storedIDs("a"))
    }

    @Test("two clones extend one thread: the merge keeps both heads, reconcile settles them, nothing is lost",
          arguments: [false, true])
    func twoClonesExtendOneThread(rebase: Bool) throws {
        let clones = try GitClones.bothExtendedMain(rebase: rebase)
        let written = try clones.storedIDs("b")
        #expect(try clones.reachableIDs("b") == written)
        let fsck = try clones.run(["fsck"], in: "b")
        #expect(fsck.status == 0 && fsck.stdout.contains("diverged"), "\(fsck)")
        let reconcile = try clones.threadai(["threads", "reconcile", "main"], in: "b")
        #expect(reconcile.stderr.contains("main-"), "\(reconcile)")
        #expect(try clones.reachableIDs("b") == written)
        #expect(try clones.run(["fsck"], in: "b").stdout.isEmpty)
    }

    @Test("three clones merged pairwise: a clone that built on another's message adds no head for it")
    func threeClonesMergedPairwise() throws {
        let clones = try GitClones()
        try clones.start("a", sending: ["root question"])
        try clones.clone("b")
        try clones.clone("c")
        try clones.threadai(["send", "asked in a"], in: "a")
        try clones.commitAndPush("a", "a")
        // c extends main too, on a side branch, so the merge has two changed sides.
        try clones.threadai(["send", "asked in c"], in: "c")
        try clones.commit("c", "c")
        try clones.pull("b")
        try clones.threadai(["send", "b continues a"], in: "b")
        try clones.commit("b", "b")
        // Merge c's side into b, then re-merge a's commit through origin: b's head contains a's.
        try clones.git(["fetch", "-q", clones.path("c"), "main:c-main"], in: clones.path("b"))
        try clones.git(["merge", "-q", "--no-edit", "c-main"], in: clones.path("b"))
        let heads = try JSON.array(try clones.threadai(["threads", "--json"], in: "b")).first?["heads"] as? [String] ?? []
        #expect(heads.count == 2, "b's head and c's head")
        let written = try clones.storedIDs("b")
        try clones.threadai(["threads", "reconcile", "main"], in: "b")
        let names = try JSON.array(try clones.threadai(["threads", "--json"], in: "b")).compactMap { $0["name"] as? String }
        #expect(names.count == 2, "main and one thread for c's head: \(names)")
        #expect(try clones.reachableIDs("b") == written)
    }

    @Test("three clones extend one thread and pull --rebase in turn: three heads, every message reachable")
    func threeClonesRebase() throws {
        let clones = try GitClones()
        try clones.start("a", sending: ["root question"])
        try clones.clone("b")
        try clones.clone("c")
        for name in ["a", "b", "c"] {
            try clones.threadai(["send", "asked in \(name)"], in: name)
            try clones.commit(name, name)
            if name != "a" { try clones.pull(name, rebase: true) }
            try clones.git(["push", "-q", "origin", "HEAD:main"], in: clones.path(name))
        }
        try clones.pull("a", rebase: true)
        let heads = try JSON.array(try clones.threadai(["threads", "--json"], in: "a")).first?["heads"] as? [String] ?? []
        #expect(heads.count == 3)
        var written: Set<String> = []
        for name in ["a", "b", "c"] { written.formUnion(try clones.storedIDs(name)) }
        #expect(try clones.storedIDs("a") == written, "a has every clone's messages")
        #expect(try clones.reachableIDs("a") == written)
        try clones.threadai(["threads", "reconcile", "main"], in: "a")
        #expect(try clones.reachableIDs("a") == written)
        #expect(try JSON.array(try clones.threadai(["threads", "--json"], in: "a")).count == 3)
        #expect(try clones.threadai(["fsck"], in: "a").stdout.isEmpty)
    }
}
