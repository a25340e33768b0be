import Foundation
import Testing

/// `threadai blame` (docs/CLI.md; evidence of docs/FORMAT.md §4.9) in real git repositories: an agent's
/// captured edits, a reply's code block after `send -f`, a commit's `Thread:` trailer, and hand edits
/// that must get nothing.
@Suite("CLI: blame names the message behind each line")
struct BlameTests {
    /// A Claude Code session, written on another machine (`/home/dev/proj`), whose Write created
    /// `src/greet.py` and whose Edit then changed `farewell`'s line.
    static func session() -> String {
        func line(_ type: String, _ uuid: String, _ parent: String?, _ time: String, _ message: [String: Any]) -> String {
            let object: [String: Any] = [
                "parentUuid": parent ?? NSNull(), "isSidechain": false, "userType": "external", "cwd": "/home/dev/proj",
                "sessionId": "0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0", "version": "2.1.39", "gitBranch": "main", "type": type,
                "message": message, "uuid": uuid, "timestamp": time,
            ]
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            return String(decoding: data ?? Data(), as: UTF8.self)
        }
        func toolUse(_ id: String, _ name: String, _ input: [String: Any]) -> [String: Any] {
            ["id": "msg_" + id, "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
             "content": [["type": "tool_use", "id": "toolu_" + id, "name": name, "input": input]],
             "stop_reason": NSNull(), "stop_sequence": NSNull(), "usage": ["input_tokens": 1, "output_tokens": 1]]
        }
        let path = "/home/dev/proj/src/greet.py"
        return [
            line("user", "u1", nil, "2026-11-01T10:00:00.000Z", ["role": "user", "content": "Write a greeting module"]),
            line("assistant", "a1", "u1", "2026-11-01T10:00:05.000Z", toolUse("1", "Write", ["file_path": path, "content": Self.written])),
            line("user", "t1", "a1", "2026-11-01T10:00:06.000Z", ["role": "user", "content": [
                ["tool_use_id": "toolu_1", "type": "tool_result", "content": "File created"]]]),
            line("user", "u2", "t1", "2026-11-01T10:01:00.000Z", ["role": "user", "content": "Make farewell shout"]),
            line("assistant", "a2", "u2", "2026-11-01T10:01:05.000Z", toolUse("2", "Edit", [
                "file_path": path, "replace_all": false,
                "old_string": "def farewell(name):\n    return f\"Goodbye, {name}.\"",
                "new_string": "def farewell(name):\n    return f\"GOODBYE, {name.upper()}!\""])),
        ].joined(separator: "\n") + "\n"
    }

    static let written = """
        def greet(name):
            message = f"Hello, {name}!"
            print(message)
            return message


        def farewell(name):
            return f"Goodbye, {name}."

        """

    /// A clone whose `src/greet.py` holds the session's lines, committed, then edited by hand.
    static func agentRepository() throws -> (clones: GitClones, blame: [String: Any]) {
        let clones = try GitClones()
        try clones.start("a")
        try Self.session().write(toFile: clones.path("session.jsonl"), atomically: false, encoding: .utf8)
        try clones.threadai(["import", "claude-code", clones.path("session.jsonl")], in: "a")
        try FileManager.default.createDirectory(atPath: clones.path("a/src"), withIntermediateDirectories: true)
        let file = clones.path("a/src/greet.py")
        try Self.written.replacingOccurrences(of: "return f\"Goodbye, {name}.\"", with: "return f\"GOODBYE, {name.upper()}!\"")
            .write(toFile: file, atomically: false, encoding: .utf8)
        try clones.commit("a", "Greetings, by the agent")
        // By hand: farewell moved to the top, a line re-indented, one rewritten, two lines added (one weak).
        try """
            def farewell(name):
                return f"GOODBYE, {name.upper()}!"


            def greet(name):
                    message = f"Hello, {name}!"
                print(message.strip())
                x = 1
                return message
            # written by hand

            """.write(toFile: file, atomically: false, encoding: .utf8)
        try clones.commit("a", "Tidy by hand")
        let result = try clones.threadai(["blame", "--json", "src/greet.py"], in: "a")
        return (clones, try JSON.object(result))
    }

    @Test("an agent's Write and Edit name their messages for the lines that survive; hand-written lines get nothing")
    func agentEdits() throws {
        let (clones, blame) = try Self.agentRepository()
        let lines = try #require(blame["lines"] as? [[String: Any]])
        let messages = try #require(blame["messages"] as? [String: [String: Any]])
        let stored = try StoredObject.all(in: clones.path("a/.threadai"))
        let write = try #require(stored.first { $0.content.contains("\"name\":\"Write\"") }).id
        let edit = try #require(stored.first { $0.content.contains("\"name\":\"Edit\"") }).id
        let expected: [String?] = [write, edit, nil, nil, write, write, nil, nil, write, nil]
        #expect(lines.count == expected.count)
        for (line, message) in zip(lines, expected) {
            #expect(line["message"] as? String == message, "line \(line["line"] ?? "?"): \(line["text"] ?? "")")
            #expect(line["evidence"] as? String == message.map { _ in "tool" })
        }
        #expect(messages[write]?["questionSummary"] as? String == "Write a greeting module")
        #expect(messages[edit]?["agent"] as? String == "claude-code")
        #expect(messages[edit]?["model"] as? String == "claude-sonnet-4-5")

        let listing = try clones.threadai(["blame", "-L", "1,2", "src/greet.py"], in: "a").stdout
        let listed = listing.split(separator: "\n")
        #expect(listed.count == 2)
        #expect(listed[1].contains("(\(edit.prefix(8)) tool     claude-code/"), "\(listing)")
        #expect(listed[1].hasSuffix(" 2)     return f\"GOODBYE, {name.upper()}!\""), "\(listing)")
        let porcelain = try clones.threadai(["blame", "--porcelain", "-L", "2,2", "src/greet.py"], in: "a").stdout
        #expect(porcelain.contains("\nmessage \(edit)\nevidence tool\nthread claude-code/"), "\(porcelain)")
        #expect(porcelain.contains("\nquestion-summary Make farewell shout\n"), "\(porcelain)")
    }

    @Test("the answer does not depend on the cache: cleared, disabled, or extended by a later import")
    func cacheIndependent() throws {
        let (clones, _) = try Self.agentRepository()
        let first = try clones.threadai(["blame", "--porcelain", "src/greet.py"], in: "a").stdout
        #expect(FileManager.default.fileExists(atPath: clones.path("a/.threadai/cache/written")))
        let disabled = try clones.sandbox.run(["blame", "--porcelain", "src/greet.py"], in: clones.path("a"), environment: ["THREADAI_NO_CACHE": "1"])
        #expect(disabled.stdout == first)
        try clones.threadai(["cache", "clear"], in: "a")
        #expect(try clones.threadai(["blame", "--porcelain", "src/greet.py"], in: "a").stdout == first)
        #expect(try clones.threadai(["cache", "verify"], in: "a").stdout.contains("cache/written: 2 messages, 0 wrong"))

        // A second session, imported after the cache was written, writes the hand-written line: found
        // through the messages the cache had not seen.
        let later = Self.session().replacingOccurrences(of: "0b1c2d3e", with: "99999999")
            .replacingOccurrences(of: "2026-11-01", with: "2026-11-02")
            .replacingOccurrences(of: "Write a greeting module", with: "Add the signature line")
            .replacingOccurrences(of: "def greet(name):\\n", with: "# written by hand\\n")
        try later.write(toFile: clones.path("later.jsonl"), atomically: false, encoding: .utf8)
        try clones.threadai(["import", "claude-code", clones.path("later.jsonl")], in: "a")
        let blamed = try JSON.object(try clones.threadai(["blame", "--json", "src/greet.py"], in: "a"))
        let lines = try #require(blamed["lines"] as? [[String: Any]])
        let laterWrite = try #require(try StoredObject.all(in: clones.path("a/.threadai")).first {
            $0.content.contains("\"name\":\"Write\"") && $0.content.contains("# written by hand")
        }).id
        #expect(lines[9]["message"] as? String == laterWrite)
        #expect(try clones.threadai(["blame", "--porcelain", "src/greet.py"], in: "a").stdout != first)
        #expect(try clones.threadai(["cache", "verify"], in: "a").stdout.contains("cache/written: 4 messages, 0 wrong"))
    }

    /// An OpenAI stream whose reply is `text`.
    static func reply(_ text: String) -> StubResponse {
        func chunk(_ delta: String, finish: String?) -> String {
            let finishValue = finish.map { "\"\($0)\"" } ?? "null"
            return "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"gpt-test\","
                + "\"choices\":[{\"index\":0,\"delta\":\(delta),\"finish_reason\":\(finishValue)}]}\n\n"
        }
        let content = String(decoding: (try? JSONSerialization.data(withJSONObject: [text], options: [])) ?? Data(), as: UTF8.self).dropFirst().dropLast()
        return StubResponse(chunks: [
            chunk("{\"role\":\"assistant\",\"content\":\(content)}", finish: nil), chunk("{}", finish: "stop"), "data: [DONE]\n\n",
        ])
    }

    @Test("send -f, then the reply's code pasted in: its lines name the reply, by its code block")
    func replyCodeBlock() throws {
        let clones = try GitClones()
        try clones.start("a")
        try "def add(a, b):\n    return a + b\n".write(toFile: clones.path("a/calc.py"), atomically: false, encoding: .utf8)
        try clones.commit("a", "add")
        // A blame before the question writes cache/written: the reply is then found by extending it.
        try clones.threadai(["blame", "calc.py"], in: "a")
        let server = try StubProviderServer([Self.reply("Here:\n\n```python\ndef total(values):\n    return sum(values)\n```\n")],
                                            in: clones.sandbox.folder)
        let sent = try clones.sandbox.run(["send", "-f", "calc.py", "Add a total function"], in: clones.path("a"), environment: [
            "OPENAI_API_KEY": "sk-proj-e2e-blame-000000000000000000000000aaaa", "OPENAI_BASE_URL": server.url + "/v1",
            "THREADAI_PROVIDER": "openai"])
        #expect(sent.status == 0, "\(sent)")
        try "def add(a, b):\n    return a + b\n\n\ndef total(values):\n    return sum(values)\n"
            .write(toFile: clones.path("a/calc.py"), atomically: false, encoding: .utf8)
        try clones.commit("a", "total")
        let reply = try StoredObject.head(in: clones.path("a/.threadai"))
        let blame = try JSON.object(try clones.threadai(["blame", "--json", "calc.py"], in: "a"))
        let lines = try #require(blame["lines"] as? [[String: Any]])
        #expect(lines.count == 6)
        for index in [4, 5] {
            #expect(lines[index]["message"] as? String == reply.id)
            #expect(lines[index]["evidence"] as? String == "reply")
        }
        // Written before the question: the question attached them (same second at most), it did not write them.
        for index in [0, 1] { #expect(lines[index]["evidence"] as? String != "reply") }
        let messages = try #require(blame["messages"] as? [String: [String: Any]])
        #expect(messages[reply.id]?["questionSummary"] as? String == "Add a total function")

        // Evidence of a message that left the store (its file removed) is left out, and blame goes on.
        try FileManager.default.removeItem(atPath: clones.path("a/.threadai/objects/\(reply.id.prefix(2))/\(reply.id.dropFirst(2)).md"))
        let after = try JSON.object(try clones.threadai(["blame", "--json", "calc.py"], in: "a"))
        let left = try #require(after["lines"] as? [[String: Any]])
        for index in [4, 5] { #expect(left[index]["message"] == nil || left[index]["message"] is NSNull) }
    }

    @Test("a commit's Thread: trailer names the message of its conversation that holds a line; other lines get nothing")
    func trailer() throws {
        let clones = try GitClones()
        try clones.start("a")
        try clones.threadai(["send", "Use this:\nlet limit = maxRetries * 2"], in: "a")
        let trailer = try clones.threadai(["trailer"], in: "a").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try "let limit = maxRetries * 2\nlet other = computeSomethingElse()\n".write(toFile: clones.path("a/Limits.swift"), atomically: false, encoding: .utf8)
        try clones.git(["add", "-A"], in: clones.path("a"))
        try clones.git(["commit", "-q", "-m", "Limits", "-m", trailer], in: clones.path("a"))
        let stored = try StoredObject.all(in: clones.path("a/.threadai"))
        let question = try #require(stored.first { $0.content.hasPrefix("Use this") }).id
        let listing = try clones.threadai(["blame", "Limits.swift"], in: "a").stdout.split(separator: "\n")
        #expect(listing.count == 2)
        #expect(listing[0].contains("(\(question.prefix(8)) trailer  main 1) let limit"), "\(listing)")
        #expect(listing[1].contains("(                  "), "\(listing)")
    }

    @Test("bad input changes nothing and says what is wrong")
    func refusals() throws {
        let clones = try GitClones()
        try clones.start("a")
        try "x\n".write(toFile: clones.path("a/x.txt"), atomically: false, encoding: .utf8)
        try clones.commit("a", "x")
        let outside = try clones.run(["blame", "/etc/hostname"], in: "a")
        #expect(outside.status == 1 && outside.stderr.contains("is outside the work tree"), "\(outside)")
        let badRange = try clones.run(["blame", "-L", "5,2", "x.txt"], in: "a")
        #expect(badRange.status == 2 && badRange.stderr.contains("-L takes START,END"), "\(badRange)")
        let unknown = try clones.run(["blame", "x.txt", "no-such-rev"], in: "a")
        #expect(unknown.status == 1 && unknown.stderr.contains("git blame failed"), "\(unknown)")
        let both = try clones.run(["blame", "--json", "--porcelain", "x.txt"], in: "a")
        #expect(both.status == 2)
        #expect(!FileManager.default.fileExists(atPath: clones.path("a/.threadai/cache/written")))
        let noGit = try CLISandbox.initialized()
        let result = try noGit.run(["blame", "a.txt"])
        #expect(result.status == 1 && result.stderr.contains("blame needs the git work tree"), "\(result)")
    }

    @Test("MCP's code_history with a file answers what blame prints; lines without a file is a protocol error")
    func throughMCP() throws {
        let (clones, _) = try Self.agentRepository()
        let (answers, _) = try MCPServerTests.serve([
            MCPServerTests.initialize,
            MCPServerTests.call(1, "code_history", ["file": "src/greet.py", "lines": "1,2"]),
            MCPServerTests.call(2, "code_history", ["file": "src/greet.py", "commit": "HEAD~1"]),
            MCPServerTests.call(3, "code_history", ["lines": "1,2", "commit": "HEAD"]),
        ], in: clones.sandbox, directory: clones.path("a"))
        #expect(MCPServerTests.text(answers[1]) == (try clones.threadai(["blame", "-L", "1,2", "src/greet.py"], in: "a").stdout))
        #expect(MCPServerTests.text(answers[2]) == (try clones.threadai(["blame", "src/greet.py", "HEAD~1"], in: "a").stdout))
        #expect(MCPServerTests.errorCode(answers[3]) == -32602)
    }

    @Test("a reply's code, asked without -f and pasted into the next commit: named by its code anchor; not in a later commit")
    func anchoredReply() throws {
        let clones = try GitClones()
        try clones.start("a")
        let server = try StubProviderServer([Self.reply("Try:\n\n```swift\nlet backoff = min(cap, base << attempt)\n```\n")],
                                            in: clones.sandbox.folder)
        let sent = try clones.sandbox.run(["send", "How should the backoff grow?"], in: clones.path("a"), environment: [
            "OPENAI_API_KEY": "sk-proj-e2e-blame-000000000000000000000000bbbb", "OPENAI_BASE_URL": server.url + "/v1",
            "THREADAI_PROVIDER": "openai"])
        #expect(sent.status == 0, "\(sent)")
        let reply = try StoredObject.head(in: clones.path("a/.threadai"))
        #expect(reply.fields["code-commit"] != nil)
        try "let backoff = min(cap, base << attempt)\nlet written = byHandEntirely()\n".write(toFile: clones.path("a/Retry.swift"), atomically: false, encoding: .utf8)
        try clones.commit("a", "backoff")
        // The same line again, by hand, a commit later: its parent is not where the reply was written.
        try "let backoff = min(cap, base << attempt)\n".write(toFile: clones.path("a/Other.swift"), atomically: false, encoding: .utf8)
        try clones.commit("a", "again")
        let lines = try #require(try JSON.object(try clones.threadai(["blame", "--json", "Retry.swift"], in: "a"))["lines"] as? [[String: Any]])
        #expect(lines[0]["message"] as? String == reply.id)
        #expect(lines[0]["evidence"] as? String == "anchor")
        #expect(lines[1]["message"] == nil || lines[1]["message"] is NSNull)
        let other = try #require(try JSON.object(try clones.threadai(["blame", "--json", "Other.swift"], in: "a"))["lines"] as? [[String: Any]])
        #expect(other[0]["message"] == nil || other[0]["message"] is NSNull)
    }
}
