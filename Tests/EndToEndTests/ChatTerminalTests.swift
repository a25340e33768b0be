import Foundation
import Testing
import ThreadAITestSupport

/// `threadai chat` driven in a real terminal (tmux), as a person uses it, against the loopback stub
/// provider; then what it stored is read back with `log` and from the object files.
@Suite("CLI: chat in a real terminal", .slow)
struct ChatTerminalTests {
    static let canary = "sk-proj-CHATCANARY-5d1e0b7a9c3f"

    @Test("a question streams its reply; a \"\"\" block is one message; Ctrl-C clears the prompt line and stops a slow reply, keeping the session; /continue completes it; /fork and /switch move; Ctrl-D leaves — with the terminal's line editing (TERM=dumb) and with chat's own",
          arguments: ["dumb", "tmux-256color"])
    func session(term: String) throws {
        let sandbox = try CLISandbox.initialized()
        let stalling = try StubResponse.stalling("openai-hello", after: 2)  // "Hello", then silence.
        let server = try StubProviderServer(
            [try .fixture("openai-hello"), try .fixture("openai-hello"), stalling, try .fixture("openai-hello"), try .fixture("openai-hello")], in: sandbox.folder)
        let terminal = try TmuxTerminal(
            in: sandbox.folder, directory: sandbox.work,
            environment: sandbox.environment(["OPENAI_API_KEY": Self.canary, "OPENAI_BASE_URL": server.url + "/v1", "TERM": term]))

        try terminal.line("'\(try ThreadAIBinary.path())' chat --provider openai; echo EXIT=$?")
        try terminal.waitFor("main> ")
        try terminal.line("What is a fork?")
        try terminal.waitFor("Second line.")
        try terminal.waitFor("main> ", count: 2)

        try terminal.line("\"\"\"")
        try terminal.waitFor("... ")
        try terminal.line("line one")
        try terminal.line("  line two")
        try terminal.line("\"\"\"")
        try terminal.waitFor("Second line.", count: 2)
        try terminal.waitFor("main> ", count: 3)

        try terminal.type("never sent")
        try terminal.keys("C-c")
        try terminal.waitFor("main> ", count: 4)

        try terminal.line("Tell me more")
        try terminal.waitFor("Hello", count: 3)
        try terminal.keys("C-c")
        try terminal.waitFor("interrupted; kept the 5 characters that arrived")
        try terminal.waitFor("main> ", count: 5)
        try terminal.line("/continue")
        try terminal.waitFor("Second line.", count: 3)
        try terminal.waitFor("main> ", count: 6)

        try terminal.line("/fork side")
        try terminal.waitFor("Switched to a new thread 'side'")
        try terminal.waitFor("side> ")
        try terminal.line("On the side")
        try terminal.waitFor("Second line.", count: 4)
        try terminal.waitFor("side> ", count: 2)
        try terminal.line("/switch main")
        try terminal.waitFor("Switched to thread 'main'")
        try terminal.waitFor("main> ", count: 7)
        try terminal.keys("C-d")
        let screen = try terminal.waitFor("the exit status") { $0.contains("\nEXIT=") }
        #expect(screen.contains("EXIT=0"), "\(screen)")
        #expect(!screen.contains(Self.canary))

        let side = try JSON.array(try sandbox.succeed(["log", "--json", "side"]))
        let users = side.filter { $0["role"] as? String == "user" }.compactMap { $0["content"] as? String }
        #expect(users == ["On the side", "Tell me more", "line one\n  line two", "What is a fork?"], "newest first: \(users)")
        #expect(side.count == 8, "four turns on the history of 'side'")
        let continued = try StoredObject.head(of: "main", in: sandbox.repository)
        #expect(continued.content.hasPrefix("HelloHello, world") && continued.fields["finish"] == "stop", "\(continued)")
        let partial = try #require(try StoredObject.all(in: sandbox.repository).first { $0.fields["finish"] == "interrupted" })
        #expect(partial.content == "Hello" && partial.fields["parent"] == continued.fields["parent"], "kept beside the completed reply")
        #expect(side.compactMap { $0["id"] as? String }.contains(continued.id), "'side' was forked at main's head")
        #expect(try sandbox.succeed(["status"]).stdout.hasPrefix("On thread main"))
        #expect(try sandbox.run(["fsck"]).status == 0)
    }

    @Test("text ended by Ctrl-D (twice, as a terminal needs) is sent and the session goes on; /help lists the commands; Ctrl-D at an empty prompt leaves")
    func endOfLineByControlD() throws {
        let sandbox = try CLISandbox.initialized()
        let terminal = try TmuxTerminal(in: sandbox.folder, directory: sandbox.work, environment: sandbox.environment([:]))
        try terminal.line("'\(try ThreadAIBinary.path())' chat; echo EXIT=$?")
        try terminal.waitFor("main> ")
        try terminal.type("no line end")
        try terminal.keys("C-d")
        try terminal.keys("C-d")
        try terminal.waitFor("Your last message: “no line end”")
        try terminal.waitFor("main> ", count: 2)
        try terminal.line("/help")
        try terminal.waitFor("/switch THREAD")
        try terminal.waitFor("main> ", count: 3)
        // An arrow key at a prompt without line editing: the line is not sent, and says why.
        try terminal.type("abc")
        try terminal.keys("Left", "Enter")
        try terminal.waitFor("this prompt does not edit with arrow keys")
        try terminal.waitFor("main> ", count: 4)
        try terminal.keys("C-d")
        let screen = try terminal.waitFor("the exit status") { $0.contains("\nEXIT=") }
        #expect(screen.contains("EXIT=0"), "\(screen)")
        #expect(screen.contains("main> no line end\nOffline model here."), "the reply starts on a line of its own: \(screen)")
        let users = try JSON.array(try sandbox.succeed(["log", "--json"])).filter { $0["role"] as? String == "user" }
        #expect(users.compactMap { $0["content"] as? String } == ["no line end"])
    }
}
