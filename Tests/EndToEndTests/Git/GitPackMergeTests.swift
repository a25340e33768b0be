import Foundation
import Testing
import ThreadAITestSupport

/// Packs through git (docs/CLI.md, `gc`): one clone packs and commits the deleted loose files with the
/// new pack, the other keeps sending loose files; pulls in either order merge with nothing to
/// resolve, every message of both stays readable, and `fsck` is clean.
@Suite("Sharing packs through git", .slow)
struct GitPackMergeTests {
    /// Every message id `log --all` lists in clone `name`.
    static func allIDs(_ clones: GitClones, _ name: String) throws -> Set<String> {
        Set(try JSON.array(try clones.threadai(["log", "--all", "--json"], in: name)).compactMap { $0["id"] as? String })
    }

    /// Clone `first` commits and pushes, the other commits and pulls (git must leave no conflict),
    /// pushes, and `first` pulls: then in both, nothing to resolve, `fsck` clean, every text of
    /// `holding` in `log --all`, and the same messages.
    static func mergeBothWays(_ clones: GitClones, first: String, holding texts: [String]) throws {
        let second = first == "a" ? "b" : "a"
        try clones.commitAndPush(first, first)
        try clones.commit(second, second)
        try clones.pull(second)  // Throws when git leaves a conflict.
        try clones.git(["push", "-q", "origin", "HEAD:main"], in: clones.path(second))
        try clones.pull(first)
        for name in ["a", "b"] {
            #expect(try clones.git(["diff", "--name-only", "--diff-filter=U"], in: clones.path(name)).isEmpty)
            let fsck = try clones.run(["fsck"], in: name)
            #expect(fsck.status == 0 && !fsck.stdout.contains("error"), "\(name): \(fsck)")
            let log = try clones.threadai(["log", "--all", "--json"], in: name).stdout
            for text in texts { #expect(log.contains(text), "\(name): \(text)") }
        }
        #expect(try allIDs(clones, "a") == allIDs(clones, "b"))
    }

    @Test("a clone that packed and one that did not merge cleanly, in both orders", arguments: [true, false])
    func packedAndLooseMerge(packerPushesFirst: Bool) throws {
        let clones = try GitClones()
        try clones.start("a", sending: ["root question", "second question"])
        try clones.clone("b")
        try clones.threadai(["send", "asked in a before packing"], in: "a")
        let gc = try clones.threadai(["gc"], in: "a")
        #expect(gc.stdout.contains("Packed 6 loose messages"), "\(gc)")
        let status = try clones.git(["status", "--porcelain"], in: clones.path("a"))
        #expect(status.contains(" D .threadai/objects/") && status.contains("?? .threadai/packs/") && status.contains("?? .threadai/format"),
                "\(status)")
        try clones.threadai(["checkout", "-b", "from-b"], in: "b")
        try clones.threadai(["send", "asked in b, loose"], in: "b")
        try Self.mergeBothWays(clones, first: packerPushesFirst ? "a" : "b", holding: ["asked in a before packing", "asked in b, loose"])
        // The clone that had not packed packs what is loose now; a and b converge again.
        try clones.threadai(["gc"], in: "b")
        try clones.commitAndPush("b", "b packs")
        try clones.pull("a")
        #expect(try clones.storedIDs("a").isEmpty && clones.storedIDs("b").isEmpty)
        #expect(try Self.allIDs(clones, "a") == Self.allIDs(clones, "b"))
        #expect(try clones.run(["fsck"], in: "a").status == 0)
    }

    /// The packs in clone `name`'s `packs/`.
    static func packs(_ clones: GitClones, _ name: String) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: clones.path(name) + "/.threadai/packs").filter { $0.hasSuffix(".pack") })
    }

    @Test("a pack git shares is never rewritten; packs not yet committed are; clones that gc merge cleanly in both orders",
          arguments: [true, false])
    func sharedPacksStay(aPushesFirst: Bool) throws {
        let clones = try GitClones()
        try clones.start("a", sending: ["root question", "second question"])
        try clones.threadai(["gc"], in: "a")
        try clones.commitAndPush("a", "a packs")
        try clones.clone("b")
        let shared = try Self.packs(clones, "a")
        #expect(try shared.count == 1 && shared == Self.packs(clones, "b"))
        // Each clone sends about as much as the shared pack holds, which the geometric rule alone
        // would rewrite (§15.5); twice, with a gc after each: the second gc rewrites the first's pack.
        try clones.threadai(["checkout", "-b", "from-b"], in: "b")
        for round in 1...2 {
            for name in ["a", "b"] {
                try clones.threadai(["send", "question \(round) asked in \(name)"], in: name)
                let gc = try clones.threadai(["gc"], in: name)
                #expect(gc.stdout.contains("rewritten") == (round == 2), "\(name), round \(round): \(gc)")
                #expect(try Self.packs(clones, name).isSuperset(of: shared), "\(name), round \(round)")
            }
        }
        try Self.mergeBothWays(clones, first: aPushesFirst ? "a" : "b", holding: ["question 2 asked in a", "question 2 asked in b"])
        #expect(try Self.packs(clones, "a") == Self.packs(clones, "b"))
    }

    @Test("scan --staged reads the messages of a staged pack: packing does not hide a credential from the pre-commit check")
    func scanStagedPack() throws {
        let clones = try GitClones()
        try clones.start("a", sending: ["root question"])
        try clones.threadai(["send", "--allow-secrets", "my key is \(SecretsTests.canary)"], in: "a")
        try clones.threadai(["gc"], in: "a")
        try clones.git(["add", "-A"], in: clones.path("a"))
        let scan = try clones.run(["scan", "--staged"], in: "a")
        #expect(scan.status == 1, "\(scan)")
        #expect(scan.stdout.contains("main user: "), "\(scan)")
        #expect(scan.stderr.contains("4 messages scanned"), "\(scan)")
    }
}
