import Foundation
import Testing

/// `threadai import` of a Claude Code session file (docs/FORMAT.md §4.6), from `Fixtures/import/claude-code/`.
@Suite("import claude-code")
struct ImportClaudeCodeTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/import/claude-code")
    static let session = fixtures.appendingPathComponent("session.jsonl").path
    static let main = "claude-code/fix-the-ledger-rounding-bug-5f2b9c1e"

    @Test("split replies merge, compaction links through, sidechains and rewinds are threads of their own")
    func importsTheSession() throws {
        let sandbox = try CLISandbox.initialized()
        let result = try sandbox.succeed(["import", Self.session])
        #expect(result.stderr.contains("imported 1 conversation: 11 messages (11 new), 2 forks"))
        #expect(result.stderr.contains("1 file-history-snapshot line (not messages)"))
        let threads = try sandbox.succeed(["threads"]).stdout
        #expect(threads.contains(Self.main + " "))
        #expect(threads.contains(Self.main + "-2"))  // the sidechain
        #expect(threads.contains(Self.main + "-3"))  // what the session went on with once the question was rewritten
        // The thread keeps what was rewound ("Fix it"), as for Gemini CLI: a later line never moves it.
        #expect(try sandbox.succeed(["show", "--raw", Self.main]).stdout.hasSuffix("\nFix it\n"))
        // Compaction does not cut the history: the fork reaches back to the first question.
        let log = try sandbox.succeed(["log", Self.main + "-3"]).stdout
        #expect(log.contains("Conversation compacted"))
        #expect(log.contains("Why does the total round down?"))
        let reply = try sandbox.succeed(["show", "--raw", Self.main + "-3~6"]).stdout
        let firstQuestion = try sandbox.succeed(["show", "--raw", Self.main + "-3~7"]).stdout
        #expect(firstQuestion.contains("source: claude-code:5f2b9c1e-8d4a-4e6b-9c0d-1a2b3c4d5e6f/u1\n"))
        #expect(reply.hasPrefix("---\nparent: "))
        #expect(reply.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).last == """
            thread: \(Self.main)
            role: assistant
            date: 2025-06-01T10:00:03Z
            cwd: /home/ada/src/ledger
            git-branch: main
            model: claude-sonnet-4-5
            source: claude-code:5f2b9c1e-8d4a-4e6b-9c0d-1a2b3c4d5e6f/a3
            ---
            ```part:thoughts
            Look at total()
            ```

            Let me read the file.

            ```part:tool-use
            {"id":"toolu_1","input":{"file_path":"ledger.py"},"name":"Read","type":"tool_use"}
            ```

            """)
        let toolResult = try sandbox.succeed(["show", "--raw", Self.main + "-3~5"]).stdout
        #expect(toolResult.contains("source-role: tool_result\n"))
        let last = try sandbox.succeed(["show", "--raw", Self.main + "-3"]).stdout
        #expect(last.contains("git-branch: fix-rounding\n"))
        #expect(try sandbox.succeed(["show", "--raw", Self.main + "-3~1"]).stdout.contains("hidden: true\n"))
        try sandbox.succeed(["fsck"])
    }

    /// A session's system lines are notices (here a compaction boundary), never a system prompt: the
    /// newest system message became the prompt, so `context` showed "Conversation compacted" and a
    /// `send` would have run under it.
    @Test("a compaction notice is kept and shown, but is no system prompt: context, status and send run without it")
    func noticesAreNoPrompt() throws {
        let sandbox = try CLISandbox.initialized()
        try sandbox.succeed(["import", Self.session])
        try sandbox.succeed(["checkout", Self.main + "-3"])
        #expect(try sandbox.succeed(["log", Self.main + "-3"]).stdout.contains("Conversation compacted"))
        let context = try JSON.object(try sandbox.succeed(["context", "--json"]))
        #expect(context["system"] == nil, "\(context)")
        let turns = context["turns"] as? [[String: Any]] ?? []
        #expect(!turns.contains { ($0["content"] as? String)?.contains("Conversation compacted") == true }, "\(turns)")
        #expect(!(try sandbox.succeed(["status"]).stdout.contains("Conversation compacted")))
        try sandbox.succeed(["send", "-s", "Be brief.", "and now?"])
        #expect(try JSON.object(try sandbox.succeed(["context", "--json"]))["system"] as? String == "Be brief.")
    }

    @Test("importing the project folder again writes nothing")
    func reimportIsIdempotent() throws {
        let sandbox = try CLISandbox.initialized()
        try sandbox.succeed(["import", "claude-code", Self.session])
        let before = try DirectorySnapshot(sandbox.repository)
        let folder = sandbox.work + "/project"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.session, toPath: folder + "/s.jsonl")
        let again = try sandbox.succeed(["import", folder])
        #expect(again.stderr.contains("11 messages (0 new), 2 forks, 0 threads created or moved"))
        #expect(try DirectorySnapshot(sandbox.repository) == before)
    }

    @Test("a line cut at the end is left out, naming the file, the line and why; the lines before it are imported")
    func truncatedSession() throws {
        let sandbox = try CLISandbox.initialized()
        let result = try sandbox.succeed(["import", Self.fixtures.appendingPathComponent("truncated.jsonl").path])
        #expect(result.stderr.contains("truncated.jsonl line 5: left out: not valid JSON at byte 11: the document ends inside a string"))
        #expect(result.stderr.contains("imported 1 conversation: 2 messages (2 new)"), "\(result.stderr)")
    }
}

extension ImportClaudeCodeTests {
    @Test("a parent that comes later in the file, a file of no JSON line: refused, naming the file and the item, changing nothing")
    func refused() throws {
        let later = #"{"type":"user","uuid":"u2","parentUuid":"u3","sessionId":"s1","timestamp":"2025-06-01T10:00:00.000Z","message":{"role":"user","content":"hi"}}"#
        let parent = #"{"type":"user","uuid":"u3","parentUuid":null,"sessionId":"s1","timestamp":"2025-06-01T10:00:00.000Z","message":{"role":"user","content":"hello"}}"#
        try CLISandbox.initialized().expectImportsRefused([
            (later + "\n" + parent + "\n", "refused0.json: claude-code conversation s1 item u2: its parent u3 comes after it or is missing"),
            ("\n\n", "holds no Claude Code line"),
        ], format: "claude-code")
    }
}
