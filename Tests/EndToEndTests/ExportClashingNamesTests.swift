import Foundation
import Testing

/// docs/FORMAT.md §11: an export of a repository always imports. Two clones that made `Topic` and
/// `topic` (§5.2: one file on macOS and Windows, two on Linux) give, once merged with git, a
/// repository whose export holds both names; an import keeps them as the export has them, and never
/// stops halfway over a name (nor over one an older writer made, `..`).
@Suite("export json: a repository's own thread names import as they are")
struct ExportClashingNamesTests {
    /// Clone b of a repository where a made `Topic` and b made `topic`, then pulled a's with a merge;
    /// `zed`, made after, sorts after both names in the export.
    static func mergedClones() throws -> GitClones {
        let clones = try GitClones()
        try clones.start("a", sending: ["first question"])
        try clones.clone("b")
        try clones.threadai(["checkout", "-b", "Topic"], in: "a")
        try clones.threadai(["send", "asked in a"], in: "a")
        try clones.commitAndPush("a", "a")
        try clones.threadai(["checkout", "-b", "topic"], in: "b")
        try clones.threadai(["send", "asked in b"], in: "b")
        try clones.threadai(["checkout", "-b", "zed", "main"], in: "b")
        try clones.threadai(["send", "asked on zed"], in: "b")
        try clones.commit("b", "b")
        try clones.pull("b")
        return clones
    }

    private static func threads(_ result: CLIResult) throws -> [String] {
        try JSON.array(result).map { "\($0["name"] ?? "") \($0["heads"] ?? "")" }
    }

    @Test("the export of a repository holding Topic and topic imports into an empty one: every thread, the same ids, the same export")
    func roundTrip() throws {
        let clones = try Self.mergedClones()
        let source = try clones.threadai(["threads", "--json"], in: "b")
        #expect(try Self.threads(source).count == 4, "\(source)")
        let export = try clones.threadai(["export", "json"], in: "b").stdoutBytes
        let copy = try CLISandbox.initialized()
        let file = copy.work + "/export.json"
        try Data(export).write(to: URL(fileURLWithPath: file))
        let imported = try copy.run(["import", file])
        #expect(imported.status == 0 && !imported.stderr.contains("skipped thread"), "\(imported)")
        #expect(try Self.threads(copy.succeed(["threads", "--json"])) == Self.threads(source))
        #expect(try copy.succeed(["export", "json"]).stdoutBytes == export)
        #expect(RepositoryFiles.objectIDs(in: copy.repository) == RepositoryFiles.objectIDs(in: clones.path("b") + "/.threadai"))
    }

    @Test("into a repository with a thread TOPIC, both names are reported as clashing and left out; the other threads are placed")
    func clashWithThisRepository() throws {
        let clones = try Self.mergedClones()
        let export = try clones.threadai(["export", "json"], in: "b").stdoutBytes
        let target = try CLISandbox.initialized()
        try target.succeed(["checkout", "-b", "TOPIC"])
        try target.succeed(["send", "mine"])
        let before = try String(contentsOfFile: target.repository + "/refs/threads/TOPIC", encoding: .utf8)
        let file = target.work + "/export.json"
        try Data(export).write(to: URL(fileURLWithPath: file))
        let imported = try target.run(["import", file])
        #expect(imported.status == 0, "\(imported)")
        for name in ["Topic", "topic"] {
            #expect(imported.stderr.contains("skipped thread \(name): its name clashes with the thread 'TOPIC' here"), "\(imported)")
        }
        let names = try JSON.array(target.succeed(["threads", "--json"])).compactMap { $0["name"] as? String }
        #expect(names == ["TOPIC", "main", "zed"], "\(names)")
        #expect(try String(contentsOfFile: target.repository + "/refs/threads/TOPIC", encoding: .utf8) == before)
    }

    /// §5.2: older writers could make a name holding `..`, which readers accept; it is the exporting
    /// repository's own name, so the import keeps it rather than refusing it as a new name.
    @Test("a thread whose name an older writer made with '..' comes through export and import")
    func olderNameWithRange() throws {
        let source = try CLISandbox.initialized(sending: "question")
        try Data(try Data(contentsOf: URL(fileURLWithPath: source.repository + "/refs/threads/main")))
            .write(to: URL(fileURLWithPath: source.repository + "/refs/threads/v1..v2"))
        let export = try source.succeed(["export", "json"]).stdoutBytes
        let copy = try CLISandbox.initialized()
        let file = copy.work + "/export.json"
        try Data(export).write(to: URL(fileURLWithPath: file))
        let imported = try copy.run(["import", file])
        #expect(imported.status == 0, "\(imported)")
        #expect(try copy.succeed(["export", "json"]).stdoutBytes == export)
    }

    /// §5.4: two clones that renamed `a` to `b` and `c` to `a` give, merged, `renames` lines `a→b`
    /// then `c→a`, and refs still under the names renamed away (`threads` offers `reconcile`). The
    /// export holds those refs under their own names, so the import makes them there, not under the
    /// names the renames map them to.
    @Test("threads under names the export's renames map elsewhere are made under their own names")
    func namesRenamedAwayButPresent() throws {
        let source = try CLISandbox.initialized(sending: "one")
        for (thread, question) in [("x", "two"), ("y", "three"), ("z", "four")] {
            try source.succeed(["checkout", "-b", thread, "main"])
            try source.succeed(["send", question])
        }
        try source.succeed(["checkout", "main"])
        let refs = source.repository + "/refs/threads/"
        for (from, to) in [("x", "a"), ("y", "b"), ("z", "c")] {
            try FileManager.default.moveItem(atPath: refs + from, toPath: refs + to)
        }
        try Data("a\tb\nc\ta\n".utf8).write(to: URL(fileURLWithPath: source.repository + "/renames"))
        let export = try source.succeed(["export", "json"]).stdoutBytes
        let copy = try CLISandbox.initialized()
        let file = copy.work + "/export.json"
        try Data(export).write(to: URL(fileURLWithPath: file))
        let imported = try copy.run(["import", file])
        #expect(imported.status == 0 && !imported.stderr.contains("skipped thread"), "\(imported)")
        #expect(try copy.succeed(["export", "json"]).stdoutBytes == export)
    }
}
