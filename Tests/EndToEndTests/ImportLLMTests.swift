import Foundation
import Testing
import ThreadAITestSupport

/// `threadai import` of llm's `logs.db` through the `sqlite3` tool, from `Fixtures/import/llm/logs.sql`.
@Suite("import llm")
struct ImportLLMTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/import/llm")

    /// `logs.db` built by the real sqlite3 from the fixture `script` (in `Fixtures/import/llm/`), then `extra`.
    static func database(in sandbox: CLISandbox, script: String = "logs.sql", extra: String = "") throws -> String {
        try RequiredTool.sqlite3.require()
        let path = sandbox.work + "/logs.db"
        let more = sandbox.work + "/extra.sql"
        try extra.write(toFile: more, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "cat \"$2\" \"$3\" | sqlite3 \"$1\"", "sh", path, fixtures.appendingPathComponent(script).path, more]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "sqlite3 could not build the database")
        return path
    }

    @Test("each conversation a thread: system prompt, prompts and replies with model, tokens and times")
    func importsConversations() throws {
        let sandbox = try CLISandbox.initialized()
        let database = try Self.database(in: sandbox)
        let result = try sandbox.succeed(["import", database])
        #expect(result.stderr.contains("imported 2 conversations: 7 messages (7 new)"))
        let threads = try sandbox.succeed(["threads"]).stdout
        #expect(threads.contains("llm/haiku-about-rain-01hx0c1"))
        #expect(threads.contains("llm/untitled-01hx0r3"))
        let reply = try sandbox.succeed(["show", "--raw", "llm/haiku-about-rain-01hx0c1"]).stdout
        #expect(reply.contains("role: assistant\ndate: 2024-05-01T09:01:00Z\ninput-tokens: 20\nlatency-ms: 700\nmodel: gpt-4o-mini\noutput-tokens: 8\nsource: llm:01hx0c1/01hx0r2\n---\nPuddles hold the sky\n"))
        let root = try sandbox.succeed(["show", "--raw", "llm/haiku-about-rain-01hx0c1~4"]).stdout
        #expect(root.contains("role: system\n") && root.contains("source: llm:01hx0c1/01hx0r1.system\n"))
        #expect(try sandbox.succeed(["show", "llm/untitled-01hx0r3~1"]).stdout.contains("2024-05-02T10:00:00Z"))
        let before = try DirectorySnapshot(sandbox.repository)
        try sandbox.succeed(["import", "llm", database])
        #expect(try DirectorySnapshot(sandbox.repository) == before)
    }

    @Test("without sqlite3 the error says what to install")
    func missingTool() throws {
        let sandbox = try CLISandbox.initialized()
        let database = try Self.database(in: sandbox)
        let result = try sandbox.run(["import", database], environment: ["PATH": sandbox.work])
        #expect(result.status == 1)
        #expect(result.stderr.contains("needs the sqlite3 command-line tool: install it"))
    }

    @Test("responses far longer than a pipe's read are imported exact, conversation by conversation")
    func longResponses() throws {
        let sandbox = try CLISandbox.initialized()
        // Each reply: 100,000 letters between JSON's own characters, which sqlite3 escapes.
        let reply = #"'{"q": "[x]\' || printf('%.*c', 100000, 'y') || '}'"#
        var extra = "insert into conversations values ('c2', 'Long', 'm'), ('c3', 'Longer', 'm');\n"
        for (index, conversation) in ["c2", "c2", "c3", "c3", "c3"].enumerated() {
            extra += "insert into responses (id, model, prompt, response, conversation_id, datetime_utc) values "
                + "('r\(index)', 'm', 'question \(index)', \(reply), '\(conversation)', '2024-06-0\(index + 1)T10:00:00');\n"
        }
        let database = try Self.database(in: sandbox, extra: extra)
        let result = try sandbox.succeed(["import", database])
        #expect(result.stderr.contains("imported 4 conversations: 17 messages (17 new)"), "\(result.stderr)")
        let expected = #"{"q": "[x]\"# + String(repeating: "y", count: 100_000) + "}"
        let thread = try #require(try sandbox.succeed(["threads"]).stdout.split(separator: "\n")
            .compactMap { $0.split(separator: " ").first { $0.hasPrefix("llm/longer-") } }.first)
        for back in [0, 2, 4] {
            let content = try sandbox.succeed(["show", "--raw", "\(thread)~\(back)"]).stdout
            #expect(content.hasSuffix("---\n" + expected + "\n") || content.hasSuffix("---\n" + expected), "\(thread)~\(back)")
        }
        #expect(try sandbox.succeed(["log", "--oneline", String(thread)]).stdout.split(separator: "\n").count == 6)
    }

    @Test("a bad row after good conversations: the error says they were imported, and they are whole")
    func badRowPartWay() throws {
        let sandbox = try CLISandbox.initialized()
        let database = try Self.database(in: sandbox, extra: """
            insert into responses (id, model, prompt, response, conversation_id, datetime_utc)
              values (null, 'm', 'q', 'a', 'zz', '2024-06-01T10:00:00');
            """)
        let result = try sandbox.run(["import", database])
        #expect(result.status == 1)
        #expect(result.stderr.contains("a response has no id; the conversations read before it were imported whole"), "\(result.stderr)")
        let threads = try sandbox.succeed(["threads"]).stdout
        #expect(threads.contains("llm/untitled-01hx0r3"), "the response without a conversation comes first and was imported")
        #expect(try sandbox.succeed(["log", "--oneline", "llm/untitled-01hx0r3"]).stdout.split(separator: "\n").count == 2)
    }
}

extension ImportLLMTests {
    @Test("a system prompt given later in a conversation (llm -c -s) is a system message before that prompt; one repeated is not")
    func laterSystemPrompt() throws {
        let sandbox = try CLISandbox.initialized()
        let database = try Self.database(in: sandbox, extra: """
            insert into responses (id, model, prompt, system, response, conversation_id, duration_ms, datetime_utc) values
              ('01hx0r4', 'gpt-4o-mini', 'Now as a limerick', 'You write limericks.', 'There once was a cloud', '01hx0c1', 500, '2024-05-01T09:02:00'),
              ('01hx0r5', 'gpt-4o-mini', 'Again', 'You write limericks.', 'A second one', '01hx0c1', 500, '2024-05-01T09:03:00');
            """)
        try sandbox.succeed(["import", database])
        let log = try sandbox.succeed(["log", "--oneline", "llm/haiku-about-rain-01hx0c1"]).stdout
        let systems = log.split(separator: "\n").filter { $0.contains(" system: ") }
        #expect(systems.count == 2, "\(log)")
        #expect(systems.first?.contains("You write limericks.") == true, "\(log)")
    }
}
