import Foundation
import Testing

/// A turn's capture reads what the turn added, not the session (docs/FORMAT.md §16, "Going on from
/// the record"), and still stores exactly what the import of the whole transcript stores.
@Suite("capture: one turn at a time")
struct CaptureContinuationTests {
    /// A session of `turns` turns as Claude Code writes one: a question, a reply calling a tool (two
    /// lines of one message), the tool's result, a hook's progress line, the closing reply.
    static func session(turns: Int) -> [[String]] {
        let head = #""isSidechain":false,"sessionId":"\#(CaptureTests.session)","cwd":"/home/ada/src/app","gitBranch":"main","version":"2.1.39""#
        var parent = "null"
        func line(_ uuid: String, _ type: String, _ body: String) -> String {
            defer { parent = "\"\(uuid)\"" }
            return #"{"parentUuid":\#(parent),\#(head),"type":"\#(type)",\#(body),"uuid":"\#(uuid)","timestamp":"2026-03-01T10:00:00.000Z"}"# + "\n"
        }
        let padding = String(repeating: "All the tests pass and the build is clean. ", count: 8)
        return (1...turns).map { turn in
            [
                line("u\(turn)", "user", #""message":{"role":"user","content":"Question \#(turn)?"}"#),
                line("a\(turn)", "assistant", #""message":{"id":"m\#(turn)a","role":"assistant","content":[{"type":"thinking","thinking":"Look first."}]}"#),
                line("b\(turn)", "assistant", #""message":{"id":"m\#(turn)a","role":"assistant","content":[{"type":"tool_use","id":"t\#(turn)","name":"Bash","input":{"command":"ls"}}]}"#),
                line("r\(turn)", "user", #""message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t\#(turn)","content":"\#(padding)"}]}"#),
                #"{"parentUuid":"r\#(turn)","type":"progress","data":{"type":"hook_progress"},"uuid":"p\#(turn)"}"# + "\n",
                line("c\(turn)", "assistant", #""message":{"id":"m\#(turn)b","role":"assistant","content":[{"type":"text","text":"Turn \#(turn): \#(padding)"}]}"#),
            ]
        }
    }

    @Test("each turn's capture reads from where the stored part ends, and the result is the import's")
    func turnByTurn() throws {
        let sandbox = try CLISandbox.initialized()
        let transcript = try sandbox.folder.folder("claude") + "/\(CaptureTests.session).jsonl"
        try Data().write(to: URL(fileURLWithPath: transcript))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: transcript))
        defer { try? handle.close() }
        for turn in Self.session(turns: 30) {
            for line in turn { try handle.write(contentsOf: Data(line.utf8)) }
            try CaptureTests.hook(sandbox, transcript)
        }
        try CaptureTests.hook(sandbox, transcript, event: "SessionEnd")
        #expect(try CaptureTests.contents(sandbox) == (try CaptureTests.imported(transcript)))
        let log = try String(contentsOfFile: sandbox.repository + "/logs/capture.log", encoding: .utf8)
        let storing = log.split(separator: "\n").filter { $0.contains(" new message") && !$0.contains(": 0 new messages") }
        let whole = storing.filter { !$0.contains("read from byte ") }
        // The first few read the whole: a transcript under 4 KiB is read whole (its fingerprint still grows).
        #expect(storing.count == 31 && whole.count <= 3, "\(log)")
        #expect(!log.contains("rewritten or truncated") && !log.contains("error"), "\(log)")
        // Stored loose turn by turn; one pack once the session ended.
        #expect(log.contains("packed \(transcript): "), "\(log)")
        let loose = FileManager.default.enumerator(atPath: sandbox.repository + "/objects")?.allObjects.compactMap { $0 as? String }
            .filter { $0.count > 3 } ?? []
        #expect(loose.isEmpty, "\(loose)")
        try sandbox.succeed(["fsck"])
    }
    @Test("a rewind after turns captured one at a time is read whole, makes the same fork as the import, and the turns after it are read alone again")
    func rewind() throws {
        let sandbox = try CLISandbox.initialized()
        let transcript = try sandbox.folder.folder("claude") + "/\(CaptureTests.session).jsonl"
        try Data(Self.session(turns: 12).joined().joined().utf8).write(to: URL(fileURLWithPath: transcript))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: transcript))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try CaptureTests.hook(sandbox, transcript)
        // The user rewinds to the fourth turn's answer and asks again: the new lines go on below c4.
        func renamed(_ turn: [String], _ prefix: String, below parent: String) -> String {
            var text = turn.joined().replacingOccurrences(of: "\"parentUuid\":null", with: "\"parentUuid\":\"\(parent)\"")
            for old in ["u1", "a1", "b1", "r1", "p1", "c1", "m1a", "m1b", "t1"] { text = text.replacingOccurrences(of: "\"\(old)\"", with: "\"\(prefix)\(old)\"") }
            return text
        }
        try handle.write(contentsOf: Data(renamed(Self.session(turns: 1)[0], "x", below: "c4").utf8))
        try CaptureTests.hook(sandbox, transcript)
        try handle.write(contentsOf: Data(renamed(Self.session(turns: 1)[0], "y", below: "xc1").utf8))
        try CaptureTests.hook(sandbox, transcript, event: "SessionEnd")
        let captured = try CaptureTests.contents(sandbox)
        #expect(captured.refs.count == 2)
        #expect(captured == (try CaptureTests.imported(transcript)))
        let log = try String(contentsOfFile: sandbox.repository + "/logs/capture.log", encoding: .utf8)
        let storing = log.split(separator: "\n").filter { $0.contains(" new message") && !$0.contains(": 0 new messages") }
        #expect(storing.map { $0.contains("read from byte") } == [false, false, true], "\(log)")
    }

    /// A Codex rollout's turns: a question, a tool call and its output, an answer; the model changes
    /// halfway (a `turn_context` line), as `/model` does.
    static func rollout(turns: Int) -> [[String]] {
        let padding = String(repeating: "the tests pass and the build is clean ", count: 10)
        func item(_ payload: String) -> String { #"{"timestamp":"2025-10-29T10:00:00.000Z","type":"response_item","payload":\#(payload)}"# + "\n" }
        let meta = #"{"timestamp":"2025-10-29T10:00:00.000Z","type":"session_meta","payload":{"id":"\#(CaptureAgentsTests.codexSession)","cwd":"/home/ada/src/ledger"}}"# + "\n"
            + #"{"timestamp":"2025-10-29T10:00:00.000Z","type":"turn_context","payload":{"model":"gpt-5-codex","cwd":"/home/ada/src/ledger"}}"# + "\n"
        return (1...turns).map { turn in
            (turn == 1 ? [meta] : []) + (turn == turns / 2 ? [#"{"timestamp":"2025-10-29T10:00:00.000Z","type":"turn_context","payload":{"model":"gpt-5","cwd":"/home/ada/src/other"}}"# + "\n"] : []) + [
                item(#"{"type":"message","role":"user","content":[{"type":"input_text","text":"Question \#(turn)?"}]}"#),
                item(#"{"type":"function_call","name":"shell","arguments":"{}","call_id":"c\#(turn)"}"#),
                item(#"{"type":"function_call_output","call_id":"c\#(turn)","output":"\#(padding)"}"#),
                #"{"timestamp":"2025-10-29T10:00:00.000Z","type":"event_msg","payload":{"type":"token_count"}}"# + "\n",
                item(#"{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Answer \#(turn): \#(padding)"}]}"#),
            ]
        }
    }

    /// An empty transcript at `path` (its folders made), open for the agent's appends.
    static func emptyTranscript(_ path: String) throws -> FileHandle {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: path))
        return try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    @Test("a Codex rollout's turns are read from where the stored part ends, the model change carried over; the result is the import's")
    func codexTurnByTurn() throws {
        let sandbox = try CLISandbox.initialized()
        let transcript = sandbox.home + "/.codex/sessions/2025/10/29/rollout-2025-10-29T10-00-00-\(CaptureAgentsTests.codexSession).jsonl"
        let handle = try Self.emptyTranscript(transcript)
        defer { try? handle.close() }
        for turn in Self.rollout(turns: 20) {
            for line in turn { try handle.write(contentsOf: Data(line.utf8)) }
            try CaptureAgentsTests.hook(sandbox, agent: "codex", session: CaptureAgentsTests.codexSession, transcript: transcript, event: "Stop")
        }
        try CaptureAgentsTests.hook(sandbox, agent: "codex", session: CaptureAgentsTests.codexSession, transcript: transcript, event: "SessionEnd")
        #expect(try CaptureTests.contents(sandbox) == (try CaptureAgentsTests.imported("codex", transcript)))
        let log = try String(contentsOfFile: sandbox.repository + "/logs/capture.log", encoding: .utf8)
        let storing = log.split(separator: "\n").filter { $0.contains(" new message") && !$0.contains(": 0 new messages") }
        #expect(storing.count == 20 && storing.filter { !$0.contains("read from byte ") }.count <= 3, "\(log)")
        let last = try sandbox.succeed(["show", "--raw", "codex/question-1-019a2d7a"]).stdout
        #expect(last.contains("model: gpt-5\n") && last.contains("cwd: /home/ada/src/other\n"), "\(last)")
        try sandbox.succeed(["fsck"])
    }

    @Test("a title line written while the first reply is held back names the thread as the import does")
    func titleWhileTheFirstReplyIsHeldBack() throws {
        let sandbox = try CLISandbox.initialized()
        let transcript = try sandbox.folder.folder("claude") + "/\(CaptureTests.session).jsonl"
        var turns = Self.session(turns: 6)
        // Claude Code names a session once its first question is asked: the line lands after the
        // first turn's last reply, which the turn's capture holds back.
        turns[0].append(#"{"type":"ai-title","aiTitle":"Explore the build","sessionId":"\#(CaptureTests.session)"}"# + "\n")
        try Data().write(to: URL(fileURLWithPath: transcript))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: transcript))
        defer { try? handle.close() }
        for turn in turns {
            for line in turn { try handle.write(contentsOf: Data(line.utf8)) }
            try CaptureTests.hook(sandbox, transcript)
        }
        try CaptureTests.hook(sandbox, transcript, event: "SessionEnd")
        let captured = try CaptureTests.contents(sandbox)
        #expect(captured.refs.keys.sorted() == ["claude-code/explore-the-build-c0ffee00"])
        #expect(captured == (try CaptureTests.imported(transcript)))
    }

    /// A Gemini CLI session's turns as JSON lines: a question, then the reply written three times
    /// as it grows (thoughts, a tool call, its result), as Gemini CLI appends a message again.
    static func geminiTurns(_ turns: Int) -> [[String]] {
        let padding = String(repeating: "the ledger balances and the tests pass ", count: 10)
        let meta = #"{"sessionId":"0f3c9a2e-5b7d-4e21-9c4a-1d2e3f405162","projectHash":"5c2b","startTime":"2026-05-02T10:15:03.120Z","kind":"main"}"# + "\n"
        return (1...turns).map { turn in
            let reply = #""id":"r-\#(turn)","timestamp":"2026-05-02T10:16:00.000Z","type":"gemini","model":"gemini-2.5-pro""#
            return (turn == 1 ? [meta] : []) + [
                #"{"id":"q-\#(turn)","timestamp":"2026-05-02T10:15:20.000Z","type":"user","content":[{"text":"Question \#(turn)?"}]}"# + "\n",
                "{\(reply),\"content\":\"Let me look.\"}\n",
                "{\(reply),\"content\":\"Let me look.\",\"toolCalls\":[{\"id\":\"t\(turn)\",\"name\":\"read_file\",\"status\":\"executing\"}]}\n",
                "{\(reply),\"content\":\"Let me look. \(padding)\",\"toolCalls\":[{\"id\":\"t\(turn)\",\"name\":\"read_file\",\"status\":\"success\",\"result\":[{\"text\":\"\(padding)\"}]}]}\n",
            ]
        }
    }

    @Test("a Gemini CLI session's turns are read from where the stored part ends, each reply as last written; the result is the import's")
    func geminiTurnByTurn() throws {
        let sandbox = try CLISandbox.initialized()
        let transcript = sandbox.home + "/.gemini/tmp/ledger/chats/session-2026-05-02T10-15-0f3c9a2e.jsonl"
        let handle = try Self.emptyTranscript(transcript)
        defer { try? handle.close() }
        for turn in Self.geminiTurns(20) {
            for line in turn { try handle.write(contentsOf: Data(line.utf8)) }
            try CaptureAgentsTests.hook(sandbox, agent: "gemini", session: "0f3c9a2e", transcript: transcript, event: "AfterAgent")
        }
        try CaptureAgentsTests.hook(sandbox, agent: "gemini", session: "0f3c9a2e", transcript: transcript, event: "SessionEnd")
        #expect(try CaptureTests.contents(sandbox) == (try CaptureAgentsTests.imported("gemini", transcript)))
        let log = try String(contentsOfFile: sandbox.repository + "/logs/capture.log", encoding: .utf8)
        let storing = log.split(separator: "\n").filter { $0.contains(" new message") && !$0.contains(": 0 new messages") }
        #expect(storing.count >= 19 && storing.filter { !$0.contains("read from byte ") }.count <= 3, "\(log)")
        try sandbox.succeed(["fsck"])
    }
}
