import Foundation
import Testing

/// `merge SUBTHREAD` with the real binary: the outcome comes back as one user message with its
/// `merged-from` link (docs/FORMAT.md §4.8), shown by log and given to the model with its origin.
@Suite("CLI: merge a sub-thread's outcome", .serialized)
struct MergeTests {
    /// `main`: "Plan the trip" and its answer; `research` forked there: "Find trains" and its answer;
    /// HEAD back on main.
    func sandboxWithResearch() throws -> CLISandbox {
        let sandbox = try CLISandbox.initialized(sending: "Plan the trip")
        try sandbox.succeed(["checkout", "-b", "research"])
        try sandbox.succeed(["send", "Find trains"])
        try sandbox.succeed(["checkout", "main"])
        return sandbox
    }

    func anthropic(_ server: StubProviderServer) -> [String: String] {
        ["ANTHROPIC_API_KEY": "test-key-not-secret", "ANTHROPIC_BASE_URL": server.url]
    }

    @Test("merge: the last answer verbatim as a user message with merged-from; log, show, context and the reply see it")
    func mergeTheLastAnswer() throws {
        let sandbox = try sandboxWithResearch()
        let mainHead = try StoredObject.head(in: sandbox.repository)
        let answer = try StoredObject.head(of: "research", in: sandbox.repository)
        let result = try sandbox.succeed(["merge", "research"])
        #expect(result.stderr.contains("Merged research's last answer \(answer.id.prefix(8)) into 'main'"), "\(result)")
        let merged = try StoredObject.head(in: sandbox.repository)
        #expect(merged.fields["role"] == "user" && merged.fields["parent"] == mainHead.id)
        #expect(merged.fields["merged-from"] == answer.id)
        #expect(merged.fields["merged-thread"] == "research")
        #expect(merged.fields["merged-summary"] == nil)
        #expect(merged.content == answer.content)
        #expect(try StoredObject.head(of: "research", in: sandbox.repository).id == answer.id, "the sub-thread is untouched")

        let short = String(merged.id.prefix(8)), from = String(answer.id.prefix(8))
        #expect(try sandbox.succeed(["log", "--oneline", "--decorate", "-n", "1"]).stdout.contains("\(short) (HEAD -> main, merged from research \(from)) user:"))
        #expect(try sandbox.succeed(["show"]).stdout.contains("Merged: the last answer of 'research', from \(from)"))
        let graph = try sandbox.succeed(["log", "--graph", "--decorate"]).stdout
        #expect(graph.contains("\(from) (research, merged into \(short)) assistant:"), "\(graph)")
        #expect(graph.contains("Find trains"), "the sub-thread is drawn as a lane: \(graph)")
        let all = try sandbox.succeed(["log", "--graph", "--all"]).stdout
        #expect(all.contains("\(short) (HEAD -> main, merged from research \(from)) user:"), "\(all)")
        #expect(all.contains("\(from) (research, merged into \(short)) assistant:"), "\(all)")
        let preface = "[Outcome of the sub-thread 'research' (its last answer, message \(from)), merged into this thread:]"
        #expect(try sandbox.succeed(["context"]).stdout.contains(preface))
        // After a rename, the context names the sub-thread as it is called now.
        try sandbox.succeed(["threads", "rename", "research", "findings"])
        #expect(try sandbox.succeed(["context"]).stdout.contains("'findings' (its last answer"))
        #expect(try sandbox.succeed(["show"]).stdout.contains("Merged: the last answer of 'findings'"))
        #expect(try sandbox.succeed(["log", "--graph", "--all"]).stdout.contains("merged from findings \(from)"))

        let reply = try sandbox.succeed(["retry"])
        #expect(reply.stdout.contains("Your last message: “[Outcome of the sub-thread 'findings'"), "\(reply)")
        #expect(try sandbox.succeed(["fsck"]).status == 0)
    }

    @Test("merge --summarize --send: the model's summary of the sub-thread is merged, then answered")
    func mergeASummaryAndSend() throws {
        let sandbox = try sandboxWithResearch()
        let answer = try StoredObject.head(of: "research", in: sandbox.repository)
        let server = try StubProviderServer([try .fixture("anthropic-hello"), try .fixture("anthropic-hello")], in: sandbox.folder)
        let result = try sandbox.run(["merge", "research", "--summarize", "--send", "--provider", "anthropic"], environment: anthropic(server))
        #expect(result.status == 0, "\(result)")
        let reply = try StoredObject.head(in: sandbox.repository)
        #expect(reply.fields["role"] == "assistant")
        let merged = try StoredObject.object(try #require(reply.fields["parent"]), in: sandbox.repository)
        #expect(merged.fields["merged-from"] == answer.id && merged.fields["merged-summary"] == "true")
        #expect(merged.content == "Hello, world — ünïcödé ✓ 🧵\nSecond line.")

        let bodies = try server.journal().map { try #require($0["body"] as? String) }
        #expect(bodies.count == 2)
        #expect(bodies[0].contains("Find trains") && bodies[0].contains("Summarize the outcome of this conversation"), "\(bodies[0])")
        #expect(bodies[1].contains("[Outcome of the sub-thread 'research' (a summary up to message \(answer.id.prefix(8))), merged into this thread:]"))
        #expect(!bodies[1].contains("Find trains"), "the reply's context is main's history, not the sub-thread's")
    }

    @Test("a summary that fails or is interrupted merges nothing")
    func failedSummaryChangesNothing() throws {
        let sandbox = try sandboxWithResearch()
        let before = try DirectorySnapshot(sandbox.repository)
        let refused = StubResponse.json(400, #"{"type":"error","error":{"type":"invalid_request_error","message":"no"}}"#)
        let server = try StubProviderServer([refused], in: sandbox.folder)
        let failed = try sandbox.run(["merge", "research", "--summarize", "--provider", "anthropic"], environment: anthropic(server))
        #expect(failed.status == 5 && failed.stderr.contains("nothing was merged"), "\(failed)")
        #expect(try DirectorySnapshot(sandbox.repository).differences(from: before) == [])

        let stalling = try StubResponse.stalling("anthropic-hello", after: 4)
        let slow = try StubProviderServer([stalling], in: sandbox.folder)
        let stopped = try sandbox.run(
            ["merge", "research", "--summarize", "--provider", "anthropic"], environment: anthropic(slow), interruptAfterOutput: "Hello")
        #expect(stopped.status == 130 && stopped.stderr.contains("nothing was merged"), "\(stopped)")
        #expect(try DirectorySnapshot(sandbox.repository).differences(from: before) == [])
    }

    @Test("bad merges are refused and write nothing",
          arguments: [
            ([], ["merge", "main"], Int32(2), "is the current thread"),
            ([], ["merge"], 2, "missing"),
            ([], ["merge", "nosuch"], 1, "no thread named 'nosuch'"),
            ([["merge", "research"], ["retry"]], ["merge", "research"], 1, "merged already"),
            ([["merge", "research"]], ["merge", "research"], 1, "merged already"),
            ([["send", "--provider", "anthropic", "more"]], ["merge", "research"], 1, "no reply yet"),
            ([["checkout", "research"]], ["merge", "main"], 1, "in its history already"),
            ([["checkout", "research"], ["send", "--provider", "anthropic", "more"], ["checkout", "main"]],
             ["merge", "research"], 1, "no answer at its end"),
            ([["checkout", "HEAD~1"]], ["merge", "research"], 1, "detached"),
          ] as [([[String]], [String], Int32, String)])
    func refusals(_ setup: [[String]], _ arguments: [String], _ status: Int32, _ text: String) throws {
        let sandbox = try sandboxWithResearch()
        // A send to a closed port fails (exit 5) and keeps the question: a thread that ends with it.
        let unreachable = ["ANTHROPIC_API_KEY": "test-key-not-secret", "ANTHROPIC_BASE_URL": "http://127.0.0.1:1"]
        for step in setup { _ = try sandbox.run(step, environment: unreachable) }
        let before = try DirectorySnapshot(sandbox.repository)
        let result = try sandbox.run(arguments)
        #expect(result.status == status, "\(result)")
        #expect(result.stderr.contains(text), "\(result.stderr)")
        #expect(try DirectorySnapshot(sandbox.repository).differences(from: before) == [])
    }
}
