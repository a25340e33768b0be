import Foundation
import Testing

/// An import stores a conversation of 100 new messages or more as one pack (docs/FORMAT.md §15.3,
/// git's `fetch.unpackLimit`): a long agent session is one file in the code repository, not hundreds.
@Suite("CLI: import writes a long conversation as a pack")
struct ImportPackTests {
    /// A Claude Code session of `turns` questions and answers.
    static func session(turns: Int) -> String {
        var lines: [String] = []
        var parent = "null"
        for turn in 0..<turns {
            let question = "q\(turn)", answer = "a\(turn)"
            let second = String(format: "%02d", turn % 60), minute = String(format: "%02d", turn / 60)
            lines.append(#"{"parentUuid":\#(parent),"isSidechain":false,"sessionId":"0b6f7d52-1c3e-4a5b-8f9d-2e4c6a8b0d1f","cwd":"/work","type":"user","message":{"role":"user","content":"question \#(turn)"},"uuid":"\#(question)","timestamp":"2025-06-01T10:\#(minute):\#(second).000Z"}"#)
            lines.append(#"{"parentUuid":"\#(question)","isSidechain":false,"sessionId":"0b6f7d52-1c3e-4a5b-8f9d-2e4c6a8b0d1f","cwd":"/work","type":"assistant","message":{"id":"m\#(turn)","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[{"type":"text","text":"answer \#(turn)"}],"stop_reason":"end_turn"},"uuid":"\#(answer)","timestamp":"2025-06-01T10:\#(minute):\#(second).500Z"}"#)
            parent = "\"\(answer)\""
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("a session of 120 messages is one pack and no loose file; fsck is clean; importing it again writes nothing")
    func longSessionIsOnePack() throws {
        let sandbox = try CLISandbox.initialized()
        let file = sandbox.work + "/session.jsonl"
        try Self.session(turns: 60).write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try sandbox.run(["import", "claude-code", file])
        #expect(imported.status == 0, "\(imported)")
        #expect(GcTests.packs(sandbox).count == 1 && GcTests.looseFiles(sandbox).isEmpty, "\(GcTests.looseFiles(sandbox).count) loose")
        let log = try sandbox.succeed(["log", "--oneline", "--all"])
        #expect(log.stdout.split(separator: "\n").count == 120, "\(log)")
        #expect(try sandbox.run(["fsck"]).status == 0)
        let again = try sandbox.run(["import", "claude-code", file])
        #expect(again.status == 0 && GcTests.packs(sandbox).count == 1 && GcTests.looseFiles(sandbox).isEmpty, "\(again)")
    }

    @Test("a threadai-json export of 120 messages imports as one pack, with the same threads and the same export")
    func exportImportsAsAPack() throws {
        let source = try CLISandbox.initialized()
        let file = source.work + "/session.jsonl"
        try Self.session(turns: 60).write(toFile: file, atomically: true, encoding: .utf8)
        try source.succeed(["import", "claude-code", file])
        let export = try source.succeed(["export", "json"]).stdoutBytes
        let copy = try CLISandbox.initialized()
        let exported = copy.work + "/export.json"
        try Data(export).write(to: URL(fileURLWithPath: exported))
        let imported = try copy.run(["import", exported])
        #expect(imported.status == 0, "\(imported)")
        #expect(GcTests.packs(copy) == GcTests.packs(source) && GcTests.looseFiles(copy).isEmpty, "\(GcTests.packs(copy))")
        #expect(try copy.succeed(["threads", "--json"]).stdout == source.succeed(["threads", "--json"]).stdout)
        #expect(try copy.succeed(["export", "json"]).stdoutBytes == export)
    }

    @Test("a session of fewer than 100 messages stays loose, as before")
    func shortSessionStaysLoose() throws {
        let sandbox = try CLISandbox.initialized()
        let file = sandbox.work + "/session.jsonl"
        try Self.session(turns: 49).write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try sandbox.run(["import", "claude-code", file]).status == 0)
        #expect(GcTests.packs(sandbox).isEmpty && GcTests.looseFiles(sandbox).count == 98)
    }
}
