import Foundation
import Testing
@testable import ThreadAIStore

/// Anchor notes, `anchors/FORMAT/ID` (docs/FORMAT.md §4.7.1): code anchors of imported messages kept
/// beside them, so their ids stay those of an import.
@Suite("Anchor notes")
struct AnchorNotesTests {
    static let commit = String(repeating: "3f786850e387", count: 4).prefix(40).description
    static let other = String(repeating: "a1", count: 20)

    /// Stores an imported message of the Claude Code session `session` and returns its id.
    static func imported(_ scratch: ScratchRepository, _ content: String, session: String = "s-1", item: String, fields: [String: String] = [:]) throws -> ObjectID {
        try scratch.append(content, fields: fields.merging(["source": "claude-code:\(session)/\(item)"]) { own, _ in own })
    }

    @Test("a note is named by its messages' source: format, then conversation, as safe file names")
    func names() {
        #expect(AnchorNotes.name(ofSource: "claude-code:8463c716-a2ea/5c1b") == "claude-code/8463c716-a2ea")
        #expect(AnchorNotes.name(ofSource: "chatgpt:a/b/node") == "chatgpt/a_b", "the item is after the last '/'")
        #expect(AnchorNotes.name(ofSource: "gemini:../x/1") == "gemini/_.._x")
        #expect(AnchorNotes.name(ofSource: "codex:..lock/3") == "codex/_._lock", "never a hidden file, a lock's name or '..'")
        #expect(AnchorNotes.name(ofSource: "x:" + String(repeating: "é", count: 300) + "/1") == "x/" + String(repeating: "_", count: 120))
        #expect(AnchorNotes.name(ofSource: "no-colon/1") == nil)
        #expect(AnchorNotes.name(ofSource: "a:/1") == nil)
        #expect(AnchorNotes.name(ofSource: ":c/1") == nil)
    }

    @Test("appended anchors are read back; the first line of a message wins; the lock file goes")
    func appendAndRead() throws {
        let scratch = try ScratchRepository()
        let notes = AnchorNotes(repository: scratch.repository)
        let (a, b) = (try Self.imported(scratch, "one", item: "1"), try Self.imported(scratch, "two", item: "2"))
        let first = CodeAnchor(commit: Self.commit, branch: "feature/\"x y\"", dirty: true)
        try notes.append(first, to: [a], note: "claude-code/s-1")
        try notes.append(CodeAnchor(commit: nil, branch: "main", dirty: false), to: [b, a], note: "claude-code/s-1")
        let contents = try notes.read("claude-code/s-1")
        #expect(contents.anchors == [a: first, b: CodeAnchor(commit: nil, branch: "main", dirty: false)])
        #expect(contents.malformed.isEmpty && !contents.cutShort)
        let text = try String(contentsOfFile: scratch.root + "/anchors/claude-code/s-1", encoding: .utf8)
        #expect(text == "\(a.hex) \(Self.commit) dirty \"feature/\\\"x y\\\"\"\n\(b.hex) - clean main\n\(a.hex) - clean main\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.root + "/anchors/claude-code/s-1.lock"))
        #expect(try notes.names() == ["claude-code/s-1"])
        #expect(try notes.read("claude-code/absent") == AnchorNotes.Contents())
    }

    @Test("a message's anchor is its frontmatter's, else its note's; each note read once per lookup")
    func lookup() throws {
        let scratch = try ScratchRepository()
        let own = try Self.imported(scratch, "own", item: "1", fields: ["code-commit": Self.other, "code-branch": "dev"])
        let noted = try Self.imported(scratch, "noted", item: "2")
        let plain = try scratch.append("typed here")
        let anchor = CodeAnchor(commit: Self.commit, branch: "main", dirty: false)
        let notes = AnchorNotes(repository: scratch.repository)
        try notes.append(anchor, to: [own, noted, plain], note: "claude-code/s-1")
        let anchors = scratch.repository.anchors()
        let message = { (id: ObjectID) in try scratch.repository.objects.message(id) }
        #expect(anchors.anchor(of: own, try message(own)) == CodeAnchor(commit: Self.other, branch: "dev", dirty: false))
        #expect(anchors.anchor(of: noted, try message(noted)) == anchor)
        #expect(anchors.anchor(of: plain, try message(plain)) == nil, "a message without a source has no note")
        // Read once: a line appended later is not seen by the same lookup, and is by a new one.
        let later = try Self.imported(scratch, "later", item: "3")
        try notes.append(anchor, to: [later], note: "claude-code/s-1")
        #expect(anchors.anchor(of: later, try message(later)) == nil)
        #expect(scratch.repository.anchors().anchor(of: later, try message(later)) == anchor)
    }

    @Test("a last line cut short by a crash is ignored by readers and cut off by the next writer")
    func cutShort() throws {
        let scratch = try ScratchRepository()
        let notes = AnchorNotes(repository: scratch.repository)
        let (a, b) = (try Self.imported(scratch, "one", item: "1"), try Self.imported(scratch, "two", item: "2"))
        try notes.append(CodeAnchor(commit: Self.commit, branch: "main", dirty: false), to: [a], note: "claude-code/s-1")
        let path = scratch.root + "/anchors/claude-code/s-1"
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\(b.hex) \(Self.commit) clean ma".utf8))
        try handle.close()
        let read = try notes.read("claude-code/s-1")
        #expect(read.cutShort && read.anchors.count == 1 && read.anchors[b] == nil)
        try notes.append(CodeAnchor(commit: Self.other, branch: "main", dirty: true), to: [b], note: "claude-code/s-1")
        let after = try notes.read("claude-code/s-1")
        #expect(!after.cutShort && after.malformed.isEmpty)
        #expect(after.anchors[b] == CodeAnchor(commit: Self.other, branch: "main", dirty: true), "not the cut line's branch 'ma'")
    }

    @Test("a writer waits for the note's lock, and gives up while another holds it")
    func lock() throws {
        let scratch = try ScratchRepository()
        let notes = AnchorNotes(repository: scratch.repository)
        let a = try Self.imported(scratch, "one", item: "1")
        let path = notes.path(of: "claude-code/s-1")
        try FilePaths.makeDirectories(FilePaths.directoryName(of: path))
        var held = Optional(try LockFile.acquire(for: path))
        #expect(throws: LockError.held(lockPath: path + ".lock")) {
            try notes.append(CodeAnchor(commit: Self.commit, branch: nil, dirty: false), to: [a], note: "claude-code/s-1", timeout: .milliseconds(50))
        }
        #expect(try notes.read("claude-code/s-1").anchors.isEmpty)
        held = nil
        _ = held
        try notes.append(CodeAnchor(commit: Self.commit, branch: nil, dirty: false), to: [a], note: "claude-code/s-1", timeout: .milliseconds(50))
        #expect(try notes.read("claude-code/s-1").anchors[a] == CodeAnchor(commit: Self.commit, branch: nil, dirty: false))
    }

    @Test("fsck names malformed lines, a cut line and messages the repository lacks, as warnings")
    func check() throws {
        let scratch = try ScratchRepository()
        let a = try Self.imported(scratch, "one", item: "1")
        let absent = ObjectID.of(Array("not stored".utf8))
        try FilePaths.makeDirectories(scratch.root + "/anchors/claude-code")
        try Data("\(a.hex) \(Self.commit) clean main\nnot a line\n\(absent.hex) \(Self.commit) dirty\n\(a.hex) 12".utf8)
            .write(to: URL(fileURLWithPath: scratch.root + "/anchors/claude-code/s-1"))
        let problems = try scratch.repository.check().problems.filter { $0.path.contains("/anchors/") }
        #expect(problems.allSatisfy { $0.severity == .warning })
        #expect(problems.contains { $0.message.contains("line 2 is malformed") })
        #expect(problems.contains { $0.message.contains("no line end") })
        #expect(problems.contains { $0.id == absent && $0.message.contains("1 message this repository does not have") })
        #expect(problems.count == 3)
    }
}
