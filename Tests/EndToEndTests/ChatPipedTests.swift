import Foundation
import Testing

/// `threadai chat` with standard input not a terminal: each line (or `"""` block) a turn, no prompt,
/// the in-session commands doing what the commands they stand for do.
@Suite("CLI: chat with piped input")
struct ChatPipedTests {
    @Test("lines are turns, a \"\"\" block one message, /fork and /switch move, exit leaves; no prompt is echoed")
    func turnsAndCommands() throws {
        let sandbox = try CLISandbox.initialized()
        let input = "What is a fork?\n/fork side\n\"\"\"\nline one\n/not a command\n\"\"\"\n/switch main\n/context\nexit\nnever sent\n"
        let result = try sandbox.run(["chat"], stdin: input)
        #expect(result.status == 0, "\(result)")
        #expect(!result.stderr.contains("main>") && !result.stderr.contains("side>"), "\(result.stderr)")
        #expect(result.stderr.contains("Switched to a new thread 'side'") && result.stderr.contains("Switched to thread 'main'"))
        #expect(result.stderr.contains("Context: 2 messages"), "\(result.stderr)")
        #expect(result.stdout.contains("Your last message: “line one /not a command”"), "\(result.stdout)")

        let side = try JSON.array(try sandbox.succeed(["log", "--json", "side"]))
        #expect(side.compactMap { $0["content"] as? String }.filter { !$0.hasPrefix("Offline") }
            == ["line one\n/not a command", "What is a fork?"])
        #expect(try JSON.array(try sandbox.succeed(["log", "--json", "main"])).count == 2, "'never sent' came after exit")
        #expect(try sandbox.succeed(["status"]).stdout.hasPrefix("On thread main"))
    }

    @Test("/system, /edit and /regenerate do what -s, edit and regenerate do; /model names the model in use")
    func revising() throws {
        let sandbox = try CLISandbox.initialized()
        let input = "/system Be brief.\nHi\n/model offline-echo\n/edit Hello instead\n/regenerate\n/system\n"
        let result = try sandbox.run(["chat"], stdin: input)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Model: offline-echo (offline)"), "\(result.stderr)")
        #expect(result.stderr.contains("Switched to a new thread 'main-2' ('main' is unchanged"), "\(result.stderr)")
        #expect(result.stderr.contains("Switched to a new thread 'main-3' ('main-2' is unchanged"), "\(result.stderr)")
        #expect(result.stderr.contains("System prompt: Be brief."), "\(result.stderr)")

        let main = try JSON.array(try sandbox.succeed(["log", "--json", "main"]))
        #expect(main.compactMap { $0["role"] as? String } == ["assistant", "user", "system"])
        let edited = try JSON.array(try sandbox.succeed(["log", "--json", "main-2"]))
        #expect(edited.compactMap { $0["content"] as? String }.dropFirst().first == "Hello instead")
        #expect(edited.last?["id"] as? String == main.last?["id"] as? String, "the edit is a sibling under the system prompt")
        let regenerated = try JSON.array(try sandbox.succeed(["log", "--json", "main-3"]))
        #expect(regenerated.count == 3 && regenerated[1]["id"] as? String == edited[1]["id"] as? String,
                "another answer to the edited question")
        #expect(regenerated[0]["id"] as? String != edited[0]["id"] as? String)
        #expect(try sandbox.succeed(["status"]).stdout.hasPrefix("On thread main-3"))
    }

    @Test("with output and errors on one pipe, each note comes where it was written: the switch before the reply on the new thread")
    func notesInOrder() throws {
        let sandbox = try CLISandbox.initialized()
        let script = "printf 'Hi\\n/edit Hello instead\\n' | \"$1\" chat"
        let run = try ExternalProgram.run(
            ["sh", "-c", script, "sh", try ThreadAIBinary.path()], in: sandbox.work, environment: sandbox.environment([:]))
        #expect(run.status == 0, "\(run.output)")
        let lines = run.output.split(separator: "\n").map(String.init)
        let switched = try #require(lines.firstIndex { $0.hasPrefix("Switched to a new thread 'main-2'") }, "\(run.output)")
        let edited = try #require(lines.firstIndex { $0.contains("Your last message: “Hello instead”") }, "\(run.output)")
        let first = try #require(lines.firstIndex { $0.contains("Your last message: “Hi”") }, "\(run.output)")
        #expect(first < switched && switched < edited, "\(run.output)")
    }

    @Test("-f and /file attach files to the next message as send -f does; a file that cannot go is refused at once")
    func attachedFiles() throws {
        let sandbox = try CLISandbox.initialized()
        try "one\n".write(toFile: sandbox.work + "/one.txt", atomically: false, encoding: .utf8)
        try "two\n".write(toFile: sandbox.work + "/two.txt", atomically: false, encoding: .utf8)
        let result = try sandbox.run(["chat", "-f", "one.txt"], stdin: "first\nsecond\n/file two.txt\n/file\nthird\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Attached to your next message: two.txt"), "\(result.stderr)")
        let questions = try JSON.array(try sandbox.succeed(["log", "--json"])).filter { $0["role"] as? String == "user" }
        #expect(questions.compactMap { $0["content"] as? String } == ["third\n\n```file:two.txt\ntwo\n```", "second", "first\n\n```file:one.txt\none\n```"])
        let files = questions.map { ($0["fields"] as? [String: String])?["files"] }
        #expect(files == ["f719efd430d52bcfc8566a43b2eb655688d38871 two.txt", nil, "5626abf0f72e58d7a153368ba57db4c673c0e171 one.txt"])

        let before = try StoredObject.all(in: sandbox.repository).count
        let missing = try sandbox.run(["chat", "-f", "nowhere.txt"], stdin: "never sent\n")
        #expect(missing.status != 0 && missing.stderr.contains("cannot attach nowhere.txt"), "\(missing)")
        let stdin = try sandbox.run(["chat", "-f", "-"], stdin: "never sent\n")
        #expect(stdin.status == 2 && stdin.stderr.contains("standard input is the session"), "\(stdin)")
        let later = try sandbox.run(["chat"], stdin: "/file nowhere.txt\nnever sent\n")
        #expect(later.status != 0 && later.stderr.contains("cannot attach nowhere.txt"), "\(later)")
        #expect(try StoredObject.all(in: sandbox.repository).count == before, "nothing was stored")
    }

    @Test("SIGTERM and SIGHUP during a reply end the session (143, 129), keeping what arrived, marked interrupted",
          arguments: [(SIGTERM, 143), (SIGHUP, 129)] as [(Int32, Int32)])
    func signalEndsTheSession(_ stop: Int32, _ expectedStatus: Int32) throws {
        let sandbox = try CLISandbox.initialized()
        let stalling = try StubResponse.stalling("openai-hello", after: 3)
        let server = try StubProviderServer([stalling], in: sandbox.folder)
        let result = try sandbox.run(
            ["chat", "--provider", "openai"], stdin: "Hi\nnever sent\n",
            environment: ["OPENAI_API_KEY": "test-key-not-secret", "OPENAI_BASE_URL": server.url + "/v1"],
            interruptAfterOutput: "Hello", stopSignal: stop)
        #expect(!result.signaled && result.status == expectedStatus, "\(result)")
        let partial = try StoredObject.head(in: sandbox.repository)
        #expect(partial.fields["finish"] == "interrupted" && partial.content.hasPrefix("Hello"), "\(partial.fields)")
        #expect(!(try StoredObject.all(in: sandbox.repository)).contains { $0.content == "never sent" }, "the session ended")
        #expect(try sandbox.run(["fsck"]).status == 0)
    }

    @Test("a turn is stored with the same fields as send stores")
    func sameAsSend() throws {
        let sandbox = try CLISandbox.initialized(sending: "First", "By send")
        let sent = try StoredObject.head(in: sandbox.repository)
        let asked = try StoredObject.object(try #require(sent.fields["parent"]), in: sandbox.repository)
        try sandbox.succeed(["chat"], stdin: "By chat\n")
        let reply = try StoredObject.head(in: sandbox.repository)
        let question = try StoredObject.object(try #require(reply.fields["parent"]), in: sandbox.repository)
        #expect(question.content == "By chat" && question.fields["parent"] == sent.id)
        #expect(Set(question.fields.keys) == Set(asked.fields.keys), "\(question.fields) vs \(asked.fields)")
        #expect(Set(reply.fields.keys) == Set(sent.fields.keys), "\(reply.fields) vs \(sent.fields)")
        #expect(reply.fields["model"] == sent.fields["model"] && reply.fields["role"] == "assistant")
    }

    @Test("notes after a reply name the chat commands (/continue, /retry), not the shell's")
    func notesNameChatCommands() throws {
        let sandbox = try CLISandbox.initialized()
        let server = try StubProviderServer(
            [try .fixture("anthropic-max-tokens"), try .fixture("anthropic-truncated")], in: sandbox.folder)
        let result = try sandbox.run(
            ["chat", "--provider", "anthropic"], stdin: "Cut off\nBroken\n",
            environment: ["ANTHROPIC_API_KEY": "test-key-not-secret", "ANTHROPIC_BASE_URL": server.url])
        #expect(result.status == 5, "\(result)")
        #expect(result.stderr.contains("'/continue' goes on from where it stopped"), "\(result.stderr)")
        #expect(result.stderr.contains("'/continue' completes it, '/retry' asks again"), "\(result.stderr)")
        #expect(!result.stderr.contains("'threadai continue'") && !result.stderr.contains("'threadai retry'"), "\(result.stderr)")
    }

    @Test("without a terminal the session stops at the first failure, with its status, and sends nothing after it")
    func stopsAtFailure() throws {
        let sandbox = try CLISandbox.initialized(sending: "Hi")
        let unknown = try sandbox.run(["chat"], stdin: "/forc side\nnot sent\n")
        #expect(unknown.status == 2, "\(unknown)")
        #expect(unknown.stderr.contains("'/forc' is not a chat command. Did you mean '/fork'?"), "\(unknown.stderr)")
        let retry = try sandbox.run(["chat"], stdin: "/retry\nnot sent\n")
        #expect(retry.status == 1, "\(retry)")
        #expect(try JSON.array(try sandbox.succeed(["log", "--json"])).count == 2, "nothing sent after a failure")
    }
}
