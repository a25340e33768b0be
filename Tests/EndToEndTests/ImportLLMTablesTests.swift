import Foundation
import Testing

/// `threadai import llm` of the tables llm added over time: tool calls and results, fragments and
/// attachments beside `responses` (`Fixtures/import/llm/tools.sql`), and llm 0.32's message store
/// with threads and forks (`Fixtures/import/llm/message-store.sql`); and the databases it refuses.
@Suite("import llm: newer tables")
struct ImportLLMTablesTests {
    @Test("older tables: tool calls on the reply, tool results, fragments and attachments on the prompt, as part: blocks")
    func olderTables() throws {
        let sandbox = try CLISandbox.initialized()
        let database = try ImportLLMTests.database(in: sandbox, script: "tools.sql")
        let result = try sandbox.succeed(["import", database])
        #expect(result.stderr.hasSuffix("imported 3 conversations: 9 messages (9 new), 0 forks, 3 threads created or moved, 0 items skipped\n"))
        let call = try sandbox.succeed(["show", "--raw", "llm/weather-in-paris-01jtc01~2"]).stdout
        #expect(call.hasSuffix("""
            source: llm:01jtc01/01jtr01
            ---
            ```part:tool-use
            {"arguments":{"city":"Paris"},"name":"get_weather","tool_call_id":"call_1"}
            ```

            """))
        let results = try sandbox.succeed(["show", "--raw", "llm/weather-in-paris-01jtc01~1"]).stdout
        #expect(results.hasSuffix("""
            source: llm:01jtc01/01jtr02.prompt
            source-role: tool
            ---
            ```part:tool-result
            {"name":"get_weather","output":"{\\"sky\\": \\"sunny\\", \\"celsius\\": 21}","tool_call_id":"call_1"}
            ```

            """))
        let fragment = try sandbox.succeed(["show", "--raw", "llm/untitled-01jtr03~1"]).stdout
        #expect(fragment.hasSuffix("""
            ---
            ```part:fragment
            {"content":"Rhine\\nDanube\\nSeine","source":"rivers.txt"}
            ```

            Summarize this file

            """))
        let system = try sandbox.succeed(["show", "--raw", "llm/untitled-01jtr03~2"]).stdout
        #expect(system.contains("role: system\n") && system.contains("{\"content\":\"Answer in one sentence.\",\"source\":\"style\"}"))
        let picture = try sandbox.succeed(["show", "--raw", "llm/untitled-01jtr04~1"]).stdout
        #expect(picture.hasSuffix("""
            What is in this picture?

            ```part:attachment
            {"bytes":8,"id":"a1b2c3","path":"/home/me/cat.png","type":"image/png"}
            ```

            """))
    }

    @Test("a database from before llm logged tokens (no input_tokens, output_tokens columns) still imports")
    func beforeTokenColumns() throws {
        let sandbox = try CLISandbox.initialized()
        let database = try ImportLLMTests.database(
            in: sandbox, extra: "alter table responses drop column input_tokens; alter table responses drop column output_tokens;")
        let result = try sandbox.succeed(["import", database])
        #expect(result.stderr.contains("imported 2 conversations: 7 messages (7 new)"))
        let reply = try sandbox.succeed(["show", "--raw", "llm/haiku-about-rain-01hx0c1"]).stdout
        #expect(reply.contains("latency-ms: 700\nmodel: gpt-4o-mini\nsource: llm:01hx0c1/01hx0r2\n---\nPuddles hold the sky\n"))
    }

    @Test("the message store: a thread and its forks are one conversation; turns date the messages and name models")
    func messageStore() throws {
        let sandbox = try CLISandbox.initialized()
        let database = try ImportLLMTests.database(in: sandbox, script: "message-store.sql")
        let result = try sandbox.succeed(["import", database])
        #expect(result.stderr == """
            skipped llm thread 01k0th3: a fork with no messages of its own (its tip is in an earlier thread)
            imported 3 conversations: 10 messages (10 new), 1 fork, 4 threads created or moved, 1 item skipped

            """)
        let threads = try sandbox.succeed(["threads"]).stdout
        for name in ["llm/weather-tools-01k0th1", "llm/weather-tools-01k0th1-2", "llm/rivers-01k0th4", "llm/older-chat-01k0lc1"] {
            #expect(threads.contains(name))
        }
        #expect(!threads.contains("01k0xx9"), "a response written to both tables is imported once, from the turns")
        let tool = try sandbox.succeed(["show", "--raw", "llm/weather-tools-01k0th1~1"]).stdout
        #expect(tool.hasSuffix("""
            role: user
            date: 2025-08-01T10:00:03Z
            source: llm:01k0th1/b2:m04
            source-role: tool
            ---
            ```part:tool-result
            {"name":"get_weather","output":"sunny, 21","tool_call_id":"call_1"}
            ```

            """))
        let call = try sandbox.succeed(["show", "--raw", "llm/weather-tools-01k0th1~2"]).stdout
        #expect(call.hasSuffix("""
            role: assistant
            date: 2025-08-01T10:00:01Z
            input-tokens: 40
            latency-ms: 800
            model: gpt-5-mini
            output-tokens: 10
            source: llm:01k0th1/b2:m03
            ---
            ```part:thoughts
            I should call the tool.
            ```

            ```part:tool-use
            {"arguments":{"city":"Paris"},"name":"get_weather","tool_call_id":"call_1"}
            ```

            """))
        let root = try sandbox.succeed(["show", "--raw", "llm/weather-tools-01k0th1~4"]).stdout
        #expect(root.contains("role: system\ndate: 2025-08-01T10:00:00Z\n") && root.contains("source-title: \"Weather tools\"\n"))
        let regenerated = try sandbox.succeed(["show", "--raw", "llm/weather-tools-01k0th1-2"]).stdout
        #expect(regenerated.contains("model: gpt-5-nano\n") && regenerated.hasSuffix("---\nI cannot look that up.\n"))
        let question = try sandbox.succeed(["show", "--raw", "llm/weather-tools-01k0th1-2~1"]).stdout
        #expect(question == (try sandbox.succeed(["show", "--raw", "llm/weather-tools-01k0th1~3"]).stdout), "the fork starts at the shared question")
        let rivers = try sandbox.succeed(["show", "--raw", "llm/rivers-01k0th4~1"]).stdout
        #expect(rivers.hasSuffix("""
            ---
            ```part:fragment
            {"content":"Rhine\\nDanube\\nSeine","source":"rivers.txt"}
            ```

            Which river is longest?

            ```part:attachment
            {"id":"at1","type":"image/jpeg","url":"https://example.com/map.jpg"}
            ```

            """))
        let before = try DirectorySnapshot(sandbox.repository)
        let again = try sandbox.succeed(["import", "llm", database])
        #expect(again.stderr.contains("10 messages (0 new), 1 fork, 0 threads created or moved"))
        #expect(try DirectorySnapshot(sandbox.repository) == before)
    }

    @Test("a message whose parent is missing, an unknown schema, a damaged file: refused, naming the item, changing nothing")
    func refused() throws {
        let sandbox = try CLISandbox.initialized()
        let cases: [(script: String, extra: String, expected: String)] = [
            ("message-store.sql", """
                insert into messages values ('b2:m09', 'b2:gone', 'user', null);
                insert into threads values ('01k0th5', 'Broken', 'b2:m09', null, '2025-08-02 10:00:00');
                """, "logs.db thread 01k0th5 message b2:m09: its parent b2:gone is missing from the messages table"),
            ("message-store.sql", "insert into threads values ('01k0th6', null, 'b2:m05', '01k0th9', '2025-08-02 10:00:00');",
             "logs.db thread 01k0th6: it was forked from thread 01k0th9, which is missing"),
            ("message-store.sql", "update parts set payload = '{\"name\": ' where message_hash = 'b2:m04';",
             "logs.db thread 01k0th1 message b2:m04 part 0: its payload is not a JSON object"),
            ("message-store.sql", """
                insert into messages values ('b2:x1', 'b2:x2', 'user', null), ('b2:x2', 'b2:x1', 'assistant', null);
                insert into threads values ('01k0th7', 'Loop', 'b2:x2', null, '2025-08-02 10:00:00');
                """, "logs.db thread 01k0th7 message b2:x2: its chain of parents loops back to it"),
            ("message-store.sql", """
                insert into messages values ('b2:x1', 'b2:x2', 'user', null), ('b2:x2', 'b2:x1', 'assistant', null);
                insert into turns (id, thread_id, tip_message_hash, datetime_utc) values ('01k0tu9', null, 'b2:x2', '2025-08-02 10:00:00');
                """, "logs.db turn 01k0tu9: the chain of parents of its messages loops"),
            ("logs.sql", "drop table responses; create table log (id integer primary key, prompt text);",
             "logs.db: not an llm logs.db: it has neither a responses table nor a turns table (an unknown version?)"),
        ]
        let before = try DirectorySnapshot(sandbox.repository)
        for (script, extra, expected) in cases {
            try? FileManager.default.removeItem(atPath: sandbox.work + "/logs.db")
            let database = try ImportLLMTests.database(in: sandbox, script: script, extra: extra)
            let result = try sandbox.run(["import", database])
            #expect(result.status == 1)
            #expect(result.stderr.contains(expected), "\(result)")
        }
        let truncated = sandbox.work + "/truncated.db"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: sandbox.work + "/logs.db"))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        let damaged = try sandbox.run(["import", truncated])
        #expect(damaged.status == 1)
        #expect(damaged.stderr.contains("cannot import \(truncated): sqlite3 cannot read it ("), "\(damaged)")
        #expect(try DirectorySnapshot(sandbox.repository) == before)
    }

    @Test("a message store larger than one read of its parts: every conversation whole, every message its own content")
    func manyStoreMessages() throws {
        let sandbox = try CLISandbox.initialized()
        // Five threads of 500 messages each: more than one query's worth of parts (2,000 messages).
        let numbers = "with recursive n(i) as (select 0 union all select i + 1 from n where i < 2499)"
        let database = try ImportLLMTests.database(in: sandbox, script: "message-store.sql", extra: """
            \(numbers) insert into messages select 'big:' || i, case when i % 500 = 0 then null else 'big:' || (i - 1) end,
              case when i % 2 = 0 then 'user' else 'assistant' end, null from n;
            \(numbers) insert into parts (message_hash, position, type, text) select 'big:' || i, 0, 'text', 'big message ' || i from n;
            \(numbers) insert into threads select 'big' || i, 'Big ' || i, 'big:' || (i * 500 + 499), null, '2025-09-01 10:00:00'
              from n where i < 5;
            insert into threads values ('01k0th8', 'Empty', null, null, '2025-09-01 10:00:00');
            """)
        let result = try sandbox.succeed(["import", database])
        #expect(result.stderr.contains("imported 8 conversations: 2510 messages (2510 new), 1 fork,"), "\(result.stderr)")
        #expect(result.stderr.contains("skipped llm thread 01k0th8: no messages\n"), "a thread with no tip is said once, not counted")
        for thread in 0..<5 {
            let name = "llm/big-\(thread)-big\(thread)"
            #expect(try sandbox.succeed(["log", "--oneline", name]).stdout.split(separator: "\n").count == 500)
            for back in [0, 1, 499] {
                let raw = try sandbox.succeed(["show", "--raw", "\(name)~\(back)"]).stdout
                #expect(raw.hasSuffix("---\nbig message \(thread * 500 + 499 - back)\n"), "\(name)~\(back): \(raw)")
            }
        }
        let weather = try sandbox.succeed(["show", "--raw", "llm/weather-tools-01k0th1-2"]).stdout
        #expect(weather.hasSuffix("---\nI cannot look that up.\n"))
    }
}
