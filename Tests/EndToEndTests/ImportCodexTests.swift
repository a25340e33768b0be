import Foundation
import Testing

/// `threadai import` of a Codex CLI rollout (docs/FORMAT.md §4.6), from `Fixtures/import/codex/`:
/// the import source added by following docs/DESIGN.md, "Adding an import source".
@Suite("import codex")
struct ImportCodexTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/import/codex")
    static let rollout = fixtures
        .appendingPathComponent("2025/10/29/rollout-2025-10-29T00-59-38-019a2d7a-41c4-78b1-b7cc-a45d62a89cd5.jsonl").path
    static let main = "codex/list-the-files-here-019a2d7a"

    @Test("messages and tool calls in order, the terminal's copies and encrypted reasoning left out")
    func importsTheRollout() throws {
        let sandbox = try CLISandbox.initialized()
        let result = try sandbox.succeed(["import", Self.rollout])
        #expect(result.stderr.contains("imported 1 conversation: 5 messages (5 new), 0 forks"))
        #expect(result.stderr.contains("3 event_msg lines (not messages)"))
        #expect(result.stderr.contains("1 reasoning item (not messages)"))
        #expect(try sandbox.succeed(["threads"]).stdout.contains(Self.main + " "))
        let call = try sandbox.succeed(["show", "--raw", Self.main + "~2"]).stdout
        #expect(call.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).last == """
            thread: \(Self.main)
            role: assistant
            date: 2025-10-29T00:59:49Z
            cwd: /home/ada/src/ledger
            model: gpt-5-codex
            source: codex:019a2d7a-41c4-78b1-b7cc-a45d62a89cd5/8
            source-role: function_call
            ---
            ```part:function-call
            {"arguments":"{\\"command\\":[\\"bash\\",\\"-lc\\",\\"ls\\"]}","call_id":"call_1","name":"shell","type":"function_call"}
            ```

            """)
        #expect(try sandbox.succeed(["show", "--raw", Self.main + "~1"]).stdout.contains("source-role: tool_result\n"))
        #expect(try sandbox.succeed(["show", "--raw", Self.main + "~4"]).stdout.contains("hidden: true\n"))
        let reply = try sandbox.succeed(["show", "--raw", Self.main]).stdout
        #expect(reply.contains("role: assistant\n") && reply.hasSuffix("---\nOne file: `ledger.py`.\n"))
        // Again: nothing new.
        #expect(try sandbox.succeed(["import", "codex", Self.rollout]).stderr.contains("5 messages (0 new)"))
        try sandbox.succeed(["fsck"])
    }

    /// A folder such as `~/.codex/sessions` is searched for rollouts at any depth; they are Codex's,
    /// not read as Claude Code sessions though they end in `.jsonl`.
    @Test func aSessionsFolderIsSearchedForRollouts() throws {
        let sandbox = try CLISandbox.initialized()
        let result = try sandbox.succeed(["import", Self.fixtures.path])
        #expect(result.stderr.contains("imported 1 conversation: 5 messages (5 new)"))
        #expect(try sandbox.succeed(["threads"]).stdout.contains(Self.main + " "))
    }

    @Test func aFileWithoutSessionMetaIsRefused() throws {
        let sandbox = try CLISandbox.initialized()
        let file = sandbox.home + "/rollout-x.jsonl"
        try Data(#"{"type":"response_item","payload":{"type":"message","role":"user","content":"hi"}}"#.utf8).write(to: URL(fileURLWithPath: file))
        let result = try sandbox.run(["import", file])
        #expect(result.status == 1)
        #expect(result.stderr.contains("holds no Codex session_meta line, so it is no Codex rollout"))
        #expect(!(try sandbox.succeed(["threads"]).stdout.contains("codex/")))
    }
}
