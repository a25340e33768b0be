import Foundation
import Testing

/// `threadai import` of Gemini CLI's sessions and saved chats (docs/FORMAT.md §4.6), from
/// `Fixtures/import/gemini/tmp/ledger/`, written to the shape Gemini CLI's chat recording writes.
@Suite("import gemini")
struct ImportGeminiTests {
    static let project = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/import/gemini/tmp/ledger").path
    static let session = project + "/chats/session-2026-05-02T10-15-0f3c9a2e.jsonl"
    static let main = "gemini/what-does-ledger-py-do-0f3c9a2e"

    @Test("a message written again is one message; what a rewind went on with is a fork, the cut messages stay; a compression's summary goes on after it")
    func importsTheSession() throws {
        let sandbox = try CLISandbox.initialized()
        let result = try sandbox.succeed(["import", Self.session])
        #expect(result.stderr.contains("imported 1 conversation: 10 messages (10 new), 1 fork"))
        let threads = try sandbox.succeed(["threads"]).stdout
        #expect(threads.contains(Self.main + " ") && threads.contains(Self.main + "-2 "))
        let call = try sandbox.succeed(["show", "--raw", Self.main + "~3"]).stdout
        #expect(call.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).last == #"""
            thread: \#(Self.main)
            role: assistant
            date: 2026-05-02T10:15:24Z
            model: gemini-2.5-pro
            source: gemini:0f3c9a2e-5b7d-4e21-9c4a-1d2e3f405162/c1a0e9f2-0003-4000-8000-000000000003
            ---
            ```part:thoughts
            [{"description":"I should open ledger.py first.","subject":"Reading the file","timestamp":"2026-05-02T10:15:22.900Z"}]
            ```

            Let me read it.

            ```part:tool-use
            {"args":{"absolute_path":"/home/ada/src/ledger/ledger.py"},"id":"read_file-1746180924-1","name":"read_file"}
            ```

            ```part:tool-result
            {"id":"read_file-1746180924-1","name":"read_file","result":[{"functionResponse":{"id":"read_file-1746180924-1","name":"read_file","response":{"output":"def total(rows):\n    return sum(r.amount for r in rows)\n"}}}],"status":"success"}
            ```

            """#)
        #expect(try sandbox.succeed(["show", "--raw", Self.main + "~5"]).stdout.contains("hidden: true\n"))
        #expect(try sandbox.succeed(["show", "--raw", Self.main]).stdout.hasSuffix("---\nHere is `ledger.rs`.\n"))
        let fork = Self.main + "-2"
        #expect(try sandbox.succeed(["show", "--raw", fork + "~2"]).stdout.contains("role: system\n"))
        #expect(try sandbox.succeed(["show", "--raw", fork + "~2"]).stdout.contains("source-role: info\n"))
        #expect(try sandbox.succeed(["show", "--raw", fork + "~3"]).stdout.hasSuffix("---\nAdd a test for total() instead.\n"))
        // A compression's history ($set messages): its summary goes on after the conversation; the
        // masked copy of a known message replaces nothing.
        #expect(try sandbox.succeed(["show", "--raw", fork + "~1"]).stdout.hasSuffix("---\nAdded `test_total` to `test_ledger.py`.\n"))
        #expect(try sandbox.succeed(["show", "--raw", fork]).stdout.contains("---\n<state_snapshot>\n"))
        #expect(!(try sandbox.succeed(["export", "json"]).stdout.contains("[output masked]")))
        #expect(try sandbox.succeed(["import", "gemini", Self.session]).stderr.contains("10 messages (0 new)"))
        try sandbox.succeed(["fsck"])
    }

    /// `~/.gemini/tmp` searched whole: sessions old (one JSON object) and new, a subagent's, and a `/chat save`.
    @Test func aProjectFolderHoldsSessionsOfBothFormsAndSavedChats() throws {
        let sandbox = try CLISandbox.initialized()
        let result = try sandbox.succeed(["import", Self.project])
        #expect(result.stderr.contains("imported 4 conversations: 20 messages (20 new)"))
        let threads = try sandbox.succeed(["threads"]).stdout
        #expect(threads.contains("gemini/find-where-total-is-tested-a7e4c2d0-agent "), "a subagent's session, labelled")
        #expect(threads.contains("gemini/which-python-does-this-project-need-7d41b0c3 "))
        #expect(threads.contains("gemini/before-refactor-checkpoi "))
        let saved = try sandbox.succeed(["show", "--raw", "gemini/before-refactor-checkpoi~1"]).stdout
        #expect(saved.contains("source-role: tool_result\n") && saved.contains("```part:tool-result\n"))
        #expect(try sandbox.succeed(["show", "--raw", "gemini/before-refactor-checkpoi~5"]).stdout.contains("hidden: true\n"))
    }

    @Test func aFileWithoutSessionIDIsRefused() throws {
        let sandbox = try CLISandbox.initialized()
        try sandbox.expectImportsRefused([
            (#"{"projectHash":"x","messages":[]}"#, "holds no sessionId, so it is no Gemini CLI session"),
        ], format: "gemini")
    }
}
