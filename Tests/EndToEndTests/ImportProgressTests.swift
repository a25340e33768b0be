import Foundation
import Testing

/// What `threadai import` says on stderr: the summary always, the redrawn progress line only on a terminal.
@Suite("import progress and summary")
struct ImportProgressTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/import")

    @Test("the summary names every skipped item with why, then counts conversations, messages, forks and threads")
    func summary() throws {
        let sandbox = try CLISandbox.initialized()
        try sandbox.succeed(["import", Self.fixtures.appendingPathComponent("chatgpt/conversations.json").path])
        let session = Self.fixtures.appendingPathComponent("claude-code/session.jsonl").path
        let result = try sandbox.succeed(["import", session])
        #expect(result.stderr == """
            skipped \(session): 1 file-history-snapshot line (not messages)
            skipped \(session): 1 summary line (not messages)
            imported 1 conversation: 11 messages (11 new), 2 forks, 3 threads created or moved, 2 items skipped

            """)
        #expect(result.stdout.isEmpty)
    }

    @Test("a thread of the same name that holds other messages is left as it is; the conversation takes a longer name, said in a note")
    func clashingThreadIsLeftAlone() throws {
        let sandbox = try CLISandbox.initialized(sending: "not the imported conversation")
        let name = "chatgpt/merkle-chains-explained-6e1c2a4b"
        try sandbox.succeed(["checkout", "-b", name])
        let result = try sandbox.succeed(["import", Self.fixtures.appendingPathComponent("chatgpt/conversations.json").path])
        #expect(result.stderr == """
            note: thread \(name) already holds other messages: imported as \(name)0d7f4c39
            imported 1 conversation: 9 messages (9 new), 2 forks, 3 threads created or moved, 0 items skipped

            """)
        #expect(try sandbox.succeed(["show", name]).stdout.contains("not the imported conversation"))
        #expect(try sandbox.succeed(["log", "--oneline", name + "0d7f4c39"]).stdout.split(separator: "\n").count == 7)
        let again = try sandbox.succeed(["import", Self.fixtures.appendingPathComponent("chatgpt/conversations.json").path])
        #expect(again.stderr.contains("9 messages (0 new), 2 forks, 0 threads created or moved"))
    }

    @Test("piped stderr gets no progress line: no carriage returns, no escape sequences, no rate")
    func noProgressWhenPiped() throws {
        let sandbox = try CLISandbox.initialized()
        let result = try sandbox.succeed(["import", Self.fixtures.appendingPathComponent("chatgpt/conversations.json").path])
        #expect(!result.stderr.contains("\r") && !result.stderr.contains("\u{1B}") && !result.stderr.contains("messages/s"))
    }

    #if os(Linux)
    @Test("on a terminal the progress line is drawn in place and wiped before the summary")
    func progressOnATerminal() throws {
        let sandbox = try CLISandbox.initialized()
        let export = Self.fixtures.appendingPathComponent("chatgpt/conversations.json").path
        // On a pseudo-terminal, keeping every byte the import writes to it.
        let (status, bytes) = try sandbox.runOnTerminal(["import", export])
        #expect(status == 0)
        #expect(bytes.contains("\rconversations.json: reading\u{1B}[K"), "\(bytes.debugDescription)")
        #expect(bytes.contains("\r\u{1B}[Kimported 1 conversation: 9 messages (9 new), 2 forks"), "\(bytes.debugDescription)")
    }
    #endif
}

extension ImportProgressTests {
    @Test("a threadai-json thread whose name holds other messages is skipped with the command that keeps it")
    func clashingExportedThreadNamesItsHead() throws {
        let source = try CLISandbox.initialized(sending: "exported question")
        let export = try source.succeed(["export", "json"]).stdout
        let sandbox = try CLISandbox.initialized(sending: "my own main")
        try export.write(toFile: sandbox.work + "/a.json", atomically: false, encoding: .utf8)
        let result = try sandbox.succeed(["import", sandbox.work + "/a.json"])
        let head = String(try source.succeed(["log", "--oneline", "-1"]).stdout.prefix(8))
        #expect(result.stderr.contains("skipped thread main: already exists with other messages; left as it is (the import's main is \(head): 'threadai checkout -b NEW-NAME \(head)' keeps it)"), "\(result)")
        try sandbox.succeed(["checkout", "-b", "theirs", head])
        #expect(try sandbox.succeed(["log", "theirs"]).stdout.contains("exported question"))
    }
}
