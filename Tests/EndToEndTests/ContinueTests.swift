import Foundation
import Testing

/// `continue` with the real binary: a partial reply (a provider error or Ctrl-C) is completed as a
/// new reply beside it, holding the partial text and what the model added; nothing else changes.
@Suite("CLI: continue a partial reply", .serialized)
struct ContinueTests {
    func anthropic(_ server: StubProviderServer) -> [String: String] {
        ["ANTHROPIC_API_KEY": "test-key-not-secret", "ANTHROPIC_BASE_URL": server.url]
    }

    /// A sandbox whose `main` ends with the partial reply "Hello" (`finish: error`) to "Hi".
    func sandboxWithFailedReply() throws -> CLISandbox {
        let sandbox = try CLISandbox.initialized()
        let failing = StubResponse(chunks: try ProviderFailureE2ETests.anthropicOpening()
            + [ProviderFailureE2ETests.anthropicError("api_error", "Internal server error")])
        let server = try StubProviderServer([failing], in: sandbox.folder)
        let sent = try sandbox.run(["send", "Hi"], environment: anthropic(server))
        #expect(sent.status == 5 && sent.stderr.contains("threadai continue"), "\(sent)")
        return sandbox
    }

    @Test("a reply cut off at the output limit is pointed out (exit 0), and continue goes on with it")
    func continueAfterTheOutputLimit() throws {
        let sandbox = try CLISandbox.initialized()
        let server = try StubProviderServer([try .fixture("anthropic-max-tokens"), try .fixture("anthropic-hello")], in: sandbox.folder)
        let sent = try sandbox.run(["send", "List the steps"], environment: anthropic(server))
        #expect(sent.status == 0, "\(sent)")
        #expect(sent.stdout == "Step 1: open the file. Step 2: re\n")
        #expect(sent.stderr.contains("the reply was cut off at the output limit (max_tokens)"), "\(sent.stderr)")
        #expect(sent.stderr.contains("'threadai continue' goes on from where it stopped"))
        let cut = try StoredObject.head(in: sandbox.repository)
        #expect(cut.fields["finish"] == "max_tokens")
        #expect(try sandbox.succeed(["status"]).stdout.contains("cut off at the output limit (finish: max_tokens): 'threadai continue'"))

        let result = try sandbox.run(["continue"], environment: anthropic(server))
        #expect(result.status == 0, "\(result)")
        #expect(!result.stderr.contains("cut off"), "\(result.stderr)")
        let completed = try StoredObject.head(in: sandbox.repository)
        #expect(completed.content == "Step 1: open the file. Step 2: reHello, world — ünïcödé ✓ 🧵\nSecond line.")
        #expect(completed.fields["parent"] == cut.fields["parent"], "a sibling of the cut-off reply")
        #expect(completed.fields["finish"] == "end_turn")
        #expect(try sandbox.run(["continue"], environment: anthropic(server)).status == 1, "nothing is left to continue")
    }

    @Test("after a provider error: the model gets its partial reply and the request; partial + rest is stored beside it")
    func continueAfterAnError() throws {
        let sandbox = try sandboxWithFailedReply()
        let partial = try StoredObject.head(in: sandbox.repository)
        #expect(partial.fields["finish"] == "error" && partial.content == "Hello")
        #expect(try sandbox.succeed(["status"]).stdout.contains("The last reply is partial (finish: error): 'threadai continue' completes it"))
        let server = try StubProviderServer([try .fixture("anthropic-hello")], in: sandbox.folder)
        let result = try sandbox.run(["continue", "--provider", "anthropic"], environment: anthropic(server))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "HelloHello, world — ünïcödé ✓ 🧵\nSecond line.\n", "the partial text is printed first")
        let completed = try StoredObject.head(in: sandbox.repository)
        #expect(completed.content == "HelloHello, world — ünïcödé ✓ 🧵\nSecond line.")
        #expect(completed.fields["parent"] == partial.fields["parent"], "a sibling of the partial reply")
        #expect(completed.fields["finish"] != "error" && completed.fields["error"] == nil)
        let body = try #require(try server.journal().first?["body"] as? String)
        let request = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        let messages = try #require(request["messages"] as? [[String: Any]])
        #expect(messages.count == 3, "\(messages)")
        #expect(messages.map { $0["role"] as? String } == ["user", "assistant", "user"])
        #expect("\(messages[1]["content"] ?? "")".contains("Hello"))
        #expect("\(messages[2]["content"] ?? "")".contains("Continue it exactly where it stopped"))
        #expect(try sandbox.succeed(["reflog", "main"]).stdout.contains("continue: reply completing \(partial.id.prefix(8))"))
        // The partial reply is kept, and the history has one answer to the question.
        #expect(FileManager.default.fileExists(atPath: RepositoryFiles.objectPath(partial.id, in: sandbox.repository)))
        #expect(try sandbox.succeed(["log", "--oneline"]).stdout.split(separator: "\n").count == 2)
        #expect(try sandbox.succeed(["fsck"]).status == 0)
        #expect(!(try sandbox.succeed(["status"]).stdout.contains("partial")))
    }

    @Test("after Ctrl-C: continue completes the interrupted reply")
    func continueAfterAnInterruption() throws {
        let sandbox = try CLISandbox.initialized()
        let stalling = try StubResponse.stalling("openai-hello", after: 3)
        let server = try StubProviderServer([stalling], in: sandbox.folder)
        let stopped = try sandbox.run(
            ["send", "--provider", "openai", "Hi"],
            environment: ["OPENAI_API_KEY": "test-key-not-secret", "OPENAI_BASE_URL": server.url + "/v1"],
            interruptAfterOutput: "Hello")
        #expect(stopped.status == 130 && stopped.stderr.contains("'threadai continue' completes the reply"), "\(stopped)")
        let partial = try StoredObject.head(in: sandbox.repository)
        #expect(partial.fields["finish"] == "interrupted")
        let result = try sandbox.run(["continue", "--provider", "offline"])
        #expect(result.status == 0, "\(result)")
        let completed = try StoredObject.head(in: sandbox.repository)
        #expect(completed.content.hasPrefix(partial.content + "Offline model here."), "\(completed.content)")
        #expect(completed.fields["finish"] != "interrupted")
        #expect(completed.fields["parent"] == partial.fields["parent"])
    }

    @Test("a continuation stopped by Ctrl-C keeps the longer partial reply in place of the first")
    func interruptedContinuation() throws {
        let sandbox = try sandboxWithFailedReply()
        let partial = try StoredObject.head(in: sandbox.repository)
        let stalling = try StubResponse.stalling("anthropic-hello", after: 4)
        let server = try StubProviderServer([stalling], in: sandbox.folder)
        let stopped = try sandbox.run(
            ["continue", "--provider", "anthropic"], environment: anthropic(server), interruptAfterOutput: "HelloHello")
        #expect(stopped.status == 130 && stopped.stderr.contains("kept the 5 characters that arrived"), "\(stopped)")
        let longer = try StoredObject.head(in: sandbox.repository)
        #expect(longer.content == "HelloHello" && longer.fields["finish"] == "interrupted")
        #expect(longer.fields["parent"] == partial.fields["parent"])
        #expect(try sandbox.succeed(["reflog", "main"]).stdout.contains("continue: reply completing \(partial.id.prefix(8))"))
    }

    @Test("a continuation that fails before any text changes nothing (exit 5)")
    func failedContinuationChangesNothing() throws {
        let sandbox = try sandboxWithFailedReply()
        let before = try DirectorySnapshot(sandbox.repository)
        let refused = StubResponse.json(400, #"{"type":"error","error":{"type":"invalid_request_error","message":"no"}}"#)
        let server = try StubProviderServer([refused], in: sandbox.folder)
        let result = try sandbox.run(["continue", "--provider", "anthropic"], environment: anthropic(server))
        #expect(result.status == 5, "\(result)")
        #expect(try DirectorySnapshot(sandbox.repository).differences(from: before) == [])
    }

    @Test("continue with no partial reply at the end is refused and writes nothing",
          arguments: [
            (["send", "done"], ["continue"], Int32(1), "complete reply"),
            (["checkout", "HEAD~1"], ["continue"], 1, "detached"),
            (["send", "done"], ["continue", "extra"], 2, "unexpected"),
          ] as [([String], [String], Int32, String)])
    func refusals(_ setup: [String], _ arguments: [String], _ status: Int32, _ text: String) throws {
        let sandbox = try CLISandbox.initialized(sending: "question")
        try sandbox.succeed(setup)
        let before = try DirectorySnapshot(sandbox.repository)
        let result = try sandbox.run(arguments)
        #expect(result.status == status, "\(result)")
        #expect(result.stderr.contains(text), "\(result.stderr)")
        #expect(try DirectorySnapshot(sandbox.repository).differences(from: before) == [])
    }

    @Test("a question with no reply yet is refused, pointing to retry")
    func unansweredQuestion() throws {
        let sandbox = try CLISandbox.initialized()
        let refused = StubResponse.json(400, #"{"type":"error","error":{"type":"invalid_request_error","message":"no"}}"#)
        let server = try StubProviderServer([refused], in: sandbox.folder)
        #expect(try sandbox.run(["send", "Hello?"], environment: anthropic(server)).status == 5)
        let before = try DirectorySnapshot(sandbox.repository)
        let result = try sandbox.run(["continue"])
        #expect(result.status == 1 && result.stderr.contains("threadai retry"), "\(result)")
        #expect(try DirectorySnapshot(sandbox.repository).differences(from: before) == [])
    }
}
