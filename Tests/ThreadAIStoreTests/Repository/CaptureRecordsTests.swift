import Foundation
import Testing
@testable import ThreadAIStore

/// `logs/captures/KEY` and `logs/capture.log` (docs/FORMAT.md §16).
@Suite("Capture records and log")
struct CaptureRecordsTests {
    @Test("a record is written under its lock and read back; a path with a line feed stays one value")
    func roundTrip() throws {
        let scratch = try ScratchRepository()
        let records = CaptureRecords(repository: scratch.repository)
        #expect(records.record("s1") == nil)
        let record = CaptureRecord(session: "s1", transcript: "/tmp/odd\nname.jsonl", offset: 120, settled: 80, inode: 42,
                                   head: CaptureRecord.fingerprint(of: Array("x".utf8), upTo: 1), redacted: 2, notes: 1, error: "no such file")
        try records.update("s1", timeout: .milliseconds(100)) { (old: CaptureRecord?) -> CaptureRecord? in
            #expect(old == nil)
            return record
        }
        #expect(records.record("s1") == record)
        #expect(records.all().map(\.key) == ["s1"])
        try records.update("s1", timeout: .milliseconds(100)) { (_: CaptureRecord?) -> CaptureRecord? in nil }
        #expect(records.record("s1") == record, "no record returned: the record stays as it was")
        #expect(!FileManager.default.fileExists(atPath: scratch.root + "/logs/captures/s1.lock"))
    }

    @Test("where a capture goes on from is read back as written, for Claude Code and Codex; a record without it, or half of it, has none")
    func continuationRoundTrip() throws {
        let tip = ObjectID.of(Array("tip".utf8))
        let positions: [CaptureContinuation.Position] = [
            .claudeCode(reply: "msg_1", frontier: ["u1", "p1"], titles: ["ai-title"], sidechain: false),
            .claudeCode(reply: nil, frontier: ["u1"], titles: [], sidechain: true),
            .codex(lines: 42, model: "gpt-5-codex", cwd: "/home/ada/my project\nodd"),
            .codex(lines: 0, model: nil, cwd: nil),
            .gemini,
        ]
        for position in positions {
            var record = CaptureRecord(session: "s", transcript: "/t.jsonl", offset: 9, settled: 9, inode: 1, head: "h")
            record.continuation = CaptureContinuation(conversation: "c1", thread: "claude-code/x-c1", tipID: tip, tipSource: "u9", position: position)
            #expect(CaptureRecord(text: record.text) == record, "\(position)")
            // Without its last line the record is still read, without where to go on from.
            let cut = record.text.split(separator: "\n").dropLast().joined(separator: "\n") + "\n"
            #expect(CaptureRecord(text: cut)?.continuation == nil, "\(position)")
        }
    }

    @Test("a transcript rewritten, truncated or replaced by another file no longer matches its record")
    func fingerprint() {
        let bytes = Array("{\"a\":1}\n{\"b\":2}\n".utf8)
        let record = CaptureRecord(session: "s", transcript: "/t", offset: 8, settled: 8, inode: 7, head: CaptureRecord.fingerprint(of: bytes, upTo: 8))
        #expect(record.matches(bytes, inode: 7))
        #expect(record.matches(bytes + Array("{\"c\":3}\n".utf8), inode: 7), "grown: still the same transcript")
        #expect(!record.matches(bytes, inode: 8))
        #expect(!record.matches(Array(bytes.prefix(5)), inode: 7))
        #expect(!record.matches(Array("{\"z\":1}\n{\"b\":2}\n".utf8), inode: 7))
    }

    @Test("keys: a session's file name, a subagent's after its session's, nothing outside the folder")
    func keys() {
        #expect(CaptureRecords.key(forTranscript: "/h/.claude/projects/-a/8463c716-a2ea.jsonl") == "8463c716-a2ea")
        #expect(CaptureRecords.key(forTranscript: "/h/p/4d56/subagents/agent-a28.jsonl") == "4d56-agent-a28")
        #expect(CaptureRecords.key(forTranscript: "/h/p/..jsonl") == "_.")
        #expect(CaptureRecords.key(forTranscript: "/h/p/a b/../x y.jsonl") == "x_y")
    }

    @Test("the log keeps its newest half, whole lines, once past its limit")
    func logBound() throws {
        let scratch = try ScratchRepository()
        let log = CaptureLog(path: scratch.root + "/logs/capture.log", limit: 2048)
        for index in 0..<100 { log.append("entry \(index) " + String(repeating: "x", count: 40)) }
        let lines = log.lines()
        let size = try #require(FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int)
        #expect(size <= 2048)
        #expect(lines.last?.contains("entry 99 ") == true)
        #expect(!lines.contains { $0.contains("entry 0 ") })
        #expect(lines.allSatisfy { $0.hasSuffix(String(repeating: "x", count: 40)) }, "no line cut")
    }
}
