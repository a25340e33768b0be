import Foundation
import Testing
@testable import ThreadAIStore

/// What messages wrote (docs/FORMAT.md §4.9), read as `Fixtures/format/written/expected.txt` says a
/// compatible reader must read it, and kept in `cache/written` (§12.5).
@Suite("FORMAT.md §4.9 written code and §12.5 cache/written")
struct WrittenCodeTests {
    static let folder = MessageFixtures.folder("format/written")

    /// `expected.txt`: `ID KIND PATH` then key hashes, one per line.
    static func expected() throws -> [WrittenEntry] {
        let text = try String(contentsOf: folder.appendingPathComponent("expected.txt"), encoding: .utf8)
        var entries: [(id: ObjectID, kind: WrittenKind, path: String, keys: [UInt64])] = []
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2)
            if parts.count == 3 {
                let kind = try #require(WrittenKind.allCases.first { $0.name == parts[1] })
                entries.append((try ObjectID(hex: String(parts[0])), kind, String(parts[2]), []))
            } else {
                entries[entries.count - 1].keys.append(try #require(UInt64(line, radix: 16)))
            }
        }
        let dates = try Dictionary(uniqueKeysWithValues: MessageFixtures.objects(in: folder).map {
            (try ObjectID(hex: $0.id), try MessageCodec.decode($0.bytes).date.secondsSinceEpoch)
        })
        return entries.map { WrittenEntry(id: $0.id, seconds: dates[$0.id] ?? 0, lines: WrittenLines(path: $0.path, kind: $0.kind, keys: $0.keys)) }
    }

    /// A repository holding every fixture, each message the head of a thread of its own.
    static func repository(_ scratch: ScratchRepository) throws -> Repository {
        let repository = scratch.repository
        for fixture in try MessageFixtures.objects(in: folder) {
            let message = try MessageCodec.decode(fixture.bytes)
            let id = try repository.objects.write(message)
            try repository.createThread(try ThreadName("t-" + String(fixture.id.prefix(12))), at: id, reflogMessage: "test")
        }
        return repository
    }

    @Test("every fixture's written lines are those expected.txt lists: edits less their context, patches, attachments, replies")
    func fixtures() throws {
        let scratch = try ScratchRepository()
        let repository = try Self.repository(scratch)
        let found = try repository.writtenEvidence()
        #expect(Set(found) == Set(try Self.expected()))
        #expect(found.count == (try Self.expected()).count)
    }

    @Test("a line's key ignores spaces, tabs and CR; a blank line has none; weight counts letters and digits")
    func lineKeys() throws {
        let a = try #require(LineKey(line: "    return x + 1;\r"[...]))
        let b = try #require(LineKey(line: "\treturn x+1;"[...]))
        #expect(a.hash == b.hash)
        #expect(a.weight == 8)
        #expect(LineKey(line: " \t\r"[...]) == nil)
        #expect(LineKey(line: "return x + 2;"[...])?.hash != a.hash)
        #expect(LineKey.lines(of: "a\nb\n"[...]) == ["a", "b"])
    }

    @Test("an edit writes its new lines less the context it repeats, counting repeats")
    func editedKeys() throws {
        let keys = WrittenCode.editedKeys(old: "}\n}\nx = 1", new: "}\n}\n}\nx = 1\ny = 2")
        #expect(keys == [LineKey(line: "}"[...])?.hash, LineKey(line: "y = 2"[...])?.hash].compactMap { $0 })
    }

    @Test("a patch names its files; a deleted file, a moved one and the lines of other files stay apart")
    func patches() throws {
        let patch = "*** Begin Patch\n*** Delete File: a\n*** Add File: b\n+one\n*** Update File: c\n*** Move to: d\n@@\n-x\n+two\n three\n*** End Patch\n+after"
        let files = ApplyPatch.writtenFiles(patch[...])
        #expect(files.map(\.path) == ["b", "d"])
        #expect(files.map { $0.lines.map(String.init) } == [["one"], ["two"]])
        #expect(ApplyPatch.start(in: "say *** Begin Patch") == nil)
    }

    @Test("a part that is not JSON, a tool that writes no file, or a file: block in a reply write nothing")
    func nothingWritten() {
        #expect(WrittenCode.lines(role: .assistant, content: "```part:tool-use\nnot json\n```"[...]).isEmpty)
        let read = #"{"id":"t","input":{"file_path":"/a/b.swift"},"name":"Read","type":"tool_use"}"#
        #expect(WrittenCode.lines(role: .assistant, content: "```part:tool-use\n\(read)\n```"[...]).isEmpty)
        #expect(WrittenCode.lines(role: .assistant, content: "```file:x.py\nprint(1)\n```"[...]).isEmpty)
        #expect(WrittenCode.lines(role: .user, content: "```file: x.py\nprint(1)\n```"[...]).map(\.path) == [" x.py"])
    }

    @Test("cache/written reads back what was written; damage, truncation and another version read as absent")
    func cacheFile() throws {
        let scratch = try ScratchRepository()
        let repository = try Self.repository(scratch)
        let evidence = try repository.writtenEvidence()
        let path = repository.cache.path(of: "written")
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let index = try #require(WrittenIndex.decode(bytes))
        #expect(index.entries == evidence)
        #expect(index.encoded() == bytes)
        #expect(index.heads.count == 6 && index.seen.count == 6)
        for offset in [30, bytes.count / 2, bytes.count - 30] {
            var damaged = bytes
            damaged[offset] ^= 0x01
            #expect(WrittenIndex.decode(damaged) == nil, "a flipped byte at \(offset)")
        }
        #expect(WrittenIndex.decode(Array(bytes.dropLast(1))) == nil)
        #expect(WrittenIndex.decode(Array("threadai-cache written 2\n".utf8) + bytes.dropFirst(25)) == nil)
        // A cache with other evidence under the current heads is used as it is: it is the answer.
        try Data(WrittenIndex(refs: index.refs, heads: index.heads, seen: index.seen, entries: []).encoded()).write(to: URL(fileURLWithPath: path))
        #expect(try repository.writtenEvidence().isEmpty)
        var report = CacheVerification(file: .absent)
        try repository.verifyWrittenIndex(try repository.threadHeads(), into: &report)
        #expect(report.wrongWrittenMessages.count == 6)
    }

    @Test("the refs' digest is the same while the refs are, and changes with any ref; the cache records it")
    func refsFingerprint() throws {
        let scratch = try ScratchRepository()
        let repository = try Self.repository(scratch)
        let first = try #require(repository.refs.fingerprint())
        #expect(repository.refs.fingerprint() == first)
        _ = try repository.writtenEvidence()
        let path = repository.cache.path(of: "written")
        #expect(WrittenIndex.open(path)?.refs == first)
        let head = try #require(try repository.threadHeads().first?.heads.first)
        try repository.createThread(try ThreadName("another"), at: head, reflogMessage: "test")
        let second = try #require(repository.refs.fingerprint())
        #expect(second != first)
        // The same heads under other refs: the evidence is kept and the digest brought up to date.
        #expect(Set(try repository.writtenEvidence()) == Set(try Self.expected()))
        #expect(WrittenIndex.open(path)?.refs == second)
    }
}
