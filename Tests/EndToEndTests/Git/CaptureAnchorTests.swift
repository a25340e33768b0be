import Foundation
import Testing

/// Code anchors of captured sessions (docs/FORMAT.md §4.7.1): a capture records where the code stood
/// in its conversation's anchor note, so `log --code` and `log --at-code` see it, while the messages
/// stay byte for byte what `import` of the whole transcript gives.
@Suite("CLI: code anchors on capture")
struct CaptureAnchorTests {
    /// A git work tree with a commit and a repository, and the capture fixture captured into it by
    /// one hook call of the session's end.
    static func captured() throws -> (clones: GitClones, transcript: String, commit: String) {
        let clones = try GitClones()
        try clones.start("app")
        let transcript = try clones.sandbox.folder.folder("claude") + "/\(CaptureTests.session).jsonl"
        try FileManager.default.copyItem(atPath: CaptureTests.fixture, toPath: transcript)
        let result = try clones.sandbox.run(["capture"], stdin: CaptureTests.hookInput(transcript, event: "SessionEnd"), in: clones.path("app"))
        #expect(result.status == 0, "\(result)")
        return (clones, transcript, try clones.head("app"))
    }

    static let thread = "claude-code/inspect-the-environment-c0ffee00"

    @Test("log --code shows the commit of the captured messages, and log --at-code HEAD lists them")
    func logSeesTheNote() throws {
        let (clones, _, commit) = try Self.captured()
        let ids = try JSON.array(try clones.threadai(["log", "--json", Self.thread], in: "app")).compactMap { $0["id"] as? String }
        #expect(ids.count > 5)
        let lines = try clones.threadai(["log", "--code", Self.thread], in: "app").stdout.split(separator: "\n")
        #expect(lines.count == ids.count)
        #expect(lines.allSatisfy { $0.contains("[\(commit.prefix(12))]") }, "\(lines)")
        let atCode = try clones.threadai(["log", "--at-code", "HEAD"], in: "app").stdout.split(separator: "\n")
        #expect(Set(atCode.map { String($0.prefix(8)) }) == Set(ids.map { String($0.prefix(8)) }))
        #expect(try clones.threadai(["show", Self.thread], in: "app").stdout.contains("Code:   \(commit.prefix(12)) (main)\n"))
        let full = try clones.threadai(["log", Self.thread], in: "app").stdout
        #expect(full.components(separatedBy: "Code:   \(commit.prefix(12)) (main)\n").count - 1 == ids.count, "\(full)")
        let found = { (arguments: [String]) in
            try JSON.array(try clones.threadai(["grep", "--json", "-E", "."] + arguments, in: "app")).compactMap { $0["id"] as? String }
        }
        let everywhere = try found([])
        #expect(!everywhere.isEmpty)
        #expect(try found(["--at-code", "HEAD"]) == everywhere, "grep --at-code sees the note too")
        let note = try String(contentsOfFile: clones.path("app") + "/.threadai/anchors/claude-code/\(CaptureTests.session)", encoding: .utf8)
        #expect(note.split(separator: "\n").count == ids.count)
        #expect(note.hasSuffix(" \(commit) clean main\n"))
        let attributes = try clones.git(["check-attr", "merge", ".threadai/anchors/claude-code/\(CaptureTests.session)"], in: clones.path("app"))
        #expect(attributes.hasSuffix(": merge: union\n"))
        try clones.threadai(["fsck"], in: "app")
    }

    @Test("diff of a captured message and a sent one names both anchors, the captured one from its note")
    func diffSeesTheNote() throws {
        let (clones, _, commit) = try Self.captured()
        try clones.commit("app", "second")
        let second = try clones.head("app")
        try clones.threadai(["send", "after the capture"], in: "app")
        let text = try clones.threadai(["diff", "--messages", Self.thread, "main"], in: "app").stdout
        #expect(text.contains("Code differs: \(Self.thread) at \(commit.prefix(12)) (main); main at \(second.prefix(12)) (main)"), "\(text)")
        let json = try JSON.object(try clones.threadai(["diff", "--messages", "--json", Self.thread, "main"], in: "app"))
        #expect((json["leftCode"] as? [String: Any])?["commit"] as? String == commit)
    }

    @Test("the captured objects and refs are byte for byte those of an import of the same transcript")
    func sameObjectsAsImport() throws {
        let (clones, transcript, _) = try Self.captured()
        let other = try CLISandbox.initialized()
        try other.succeed(["import", "--redact", "claude-code", transcript])
        let captured = clones.path("app") + "/.threadai"
        // The same messages (the capture packs the ended session, the import of so few leaves them
        // loose: the export lists every object's bytes whatever the layout) and the same refs.
        #expect(try clones.threadai(["export", "json"], in: "app").stdout == (try other.succeed(["export", "json"]).stdout))
        let mine = try DirectorySnapshot(captured + "/refs/threads"), theirs = try DirectorySnapshot(other.repository + "/refs/threads")
        #expect(mine.differences(from: theirs).isEmpty, "\(mine.differences(from: theirs))")
        #expect(FileManager.default.fileExists(atPath: captured + "/anchors/claude-code/\(CaptureTests.session)"))
    }

    @Test("a note that cannot be written leaves the messages stored; the log says why")
    func noteUnwritable() throws {
        let clones = try GitClones()
        try clones.start("app")
        try Data("in the way\n".utf8).write(to: URL(fileURLWithPath: clones.path("app") + "/.threadai/anchors"))
        let transcript = try clones.sandbox.folder.folder("claude") + "/\(CaptureTests.session).jsonl"
        try FileManager.default.copyItem(atPath: CaptureTests.fixture, toPath: transcript)
        let result = try clones.sandbox.run(["capture"], stdin: CaptureTests.hookInput(transcript, event: "SessionEnd"), in: clones.path("app"))
        #expect(result.status == 0, "\(result)")
        #expect(try clones.threadai(["log", "--code", Self.thread], in: "app").stdout.contains("[-]"))
        let log = try String(contentsOfFile: clones.path("app") + "/.threadai/logs/capture.log", encoding: .utf8)
        #expect(log.contains("note: \(transcript): the captured messages were stored without code anchors: cannot write the anchor note"), "\(log)")
        #expect(!log.contains("error: "), "the capture itself succeeded: \(log)")
    }

    @Test("a backfill (--all) brings old sessions in without anchoring them at where the code stands now")
    func backfillIsNotAnchored() throws {
        let clones = try GitClones()
        try clones.start("app")
        let project = URL(fileURLWithPath: clones.path("app")).resolvingSymlinksInPath().path
        let encoded = String(project.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
        let folder = try clones.sandbox.folder.folder("home/.claude/projects/" + encoded)
        try FileManager.default.copyItem(atPath: CaptureTests.fixture, toPath: folder + "/\(CaptureTests.session).jsonl")
        let result = try clones.threadai(["capture", "--all"], in: "app")
        #expect(result.stderr.contains("12 new messages"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: clones.path("app") + "/.threadai/anchors"))
        #expect(try clones.threadai(["log", "--code", Self.thread], in: "app").stdout.contains("[-]"))
    }

    @Test("with anchors off (THREADAI_NO_ANCHORS), a capture writes no note")
    func anchorsOff() throws {
        let clones = try GitClones()
        try clones.start("app")
        let transcript = try clones.sandbox.folder.folder("claude") + "/\(CaptureTests.session).jsonl"
        try FileManager.default.copyItem(atPath: CaptureTests.fixture, toPath: transcript)
        let result = try clones.sandbox.run(
            ["capture", "--transcript", transcript], in: clones.path("app"), environment: ["THREADAI_NO_ANCHORS": "1"])
        #expect(result.status == 0, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: clones.path("app") + "/.threadai/anchors"))
        #expect(try clones.threadai(["log", "--code", Self.thread], in: "app").stdout.contains("[-]"))
    }
}
