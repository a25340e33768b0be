import Foundation
import Testing

/// `edit` and `regenerate` with the real binary: the revised turn goes on a new fork beside the
/// original, which is left exactly as it was, and bad input writes nothing.
@Suite("CLI: edit and regenerate")
struct EditRegenerateTests {
    func headRef(_ sandbox: CLISandbox) throws -> String {
        try String(contentsOfFile: sandbox.repository + "/HEAD", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("regenerate: a sibling answer on main-2, main untouched, diff compares the two answers")
    func regenerateTheLastAnswer() throws {
        let sandbox = try CLISandbox.initialized(sending: "What is a monad?", "Give an example")
        let original = try StoredObject.head(in: sandbox.repository)
        let result = try sandbox.succeed(["regenerate"])
        #expect(result.stderr.contains("Switched to a new thread 'main-2'"), "\(result)")
        #expect(try headRef(sandbox) == "ref: refs/threads/main-2")
        #expect(try StoredObject.head(in: sandbox.repository).id == original.id, "main must not move")
        let sibling = try StoredObject.head(of: "main-2", in: sandbox.repository)
        #expect(sibling.fields["role"] == "assistant")
        #expect(sibling.fields["parent"] == original.fields["parent"], "the new answer answers the same question")
        #expect(sibling.fields["thread"] == "main-2")
        #expect(sibling.id != original.id)
        let diff = try sandbox.succeed(["diff", "main", "main-2"]).stdout
        #expect(diff.contains("assistant \(original.id.prefix(8)) vs \(sibling.id.prefix(8))"), "\(diff)")
        // A second regenerate of the same question takes the next free name.
        try sandbox.succeed(["checkout", "main"])
        try sandbox.succeed(["regenerate", "HEAD~1", "-b", "third-take"])
        let third = try StoredObject.head(of: "third-take", in: sandbox.repository)
        #expect(third.fields["parent"] == original.fields["parent"])
        #expect(try sandbox.succeed(["regenerate"]).stderr.contains("'third-take-2'"))
        // Revising a revision counts on from the thread it was named after: main-3, not main-2-2.
        try sandbox.succeed(["checkout", "main-2"])
        #expect(try sandbox.succeed(["edit", "-m", "Give two examples"]).stderr.contains("'main-3'"))
        #expect(try sandbox.succeed(["fsck"]).status == 0)
    }

    @Test("regenerate -m asks another model; an earlier answer can be regenerated; the retry hint points at it")
    func regenerateWithAnotherModelAndAnEarlierAnswer() throws {
        let sandbox = try CLISandbox.initialized(sending: "first", "second")
        let first = try #require(try StoredObject.all(in: sandbox.repository).first { $0.content == "first" })
        let server = try StubProviderServer([try .fixture("anthropic-hello")], in: sandbox.folder)
        let environment = ["ANTHROPIC_API_KEY": "test-key-not-secret", "ANTHROPIC_BASE_URL": server.url]
        let result = try sandbox.run(["regenerate", "HEAD~2", "--provider", "anthropic", "-m", "haiku"], environment: environment)
        #expect(result.status == 0, "\(result)")
        let reply = try StoredObject.head(of: "main-2", in: sandbox.repository)
        #expect(reply.fields["parent"] == first.id)
        #expect(reply.content.hasPrefix("Hello, world"))
        let body = try #require(try server.journal().first?["body"] as? String)
        #expect(body.contains("\"claude-haiku-4-5\""), "the model -m names is asked: \(body)")
        #expect(body.contains("\"first\"") && !body.contains("second"), "the context ends at the question: \(body)")
        try sandbox.succeed(["checkout", "main"])
        let retry = try sandbox.run(["retry"])
        #expect(retry.status == 1)
        #expect(retry.stderr.contains("threadai regenerate") && !retry.stderr.contains("~1"), "\(retry.stderr)")
    }

    @Test("edit -m: the edited question is a sibling on a new fork, answered there; the original is untouched")
    func editWithMessage() throws {
        let sandbox = try CLISandbox.initialized(sending: "What is a monad?", "Give an example")
        let originalHead = try StoredObject.head(in: sandbox.repository).id
        let question = try #require(try StoredObject.all(in: sandbox.repository).first { $0.content == "Give an example" })
        let result = try sandbox.succeed(["edit", "-m", "Give a Haskell example"])
        #expect(result.stdout.contains("Your last message: “Give a Haskell example”"), "\(result)")
        #expect(try headRef(sandbox) == "ref: refs/threads/main-2")
        #expect(try StoredObject.head(in: sandbox.repository).id == originalHead)
        let reply = try StoredObject.head(of: "main-2", in: sandbox.repository)
        let edited = try StoredObject.object(try #require(reply.fields["parent"]), in: sandbox.repository)
        #expect(edited.content == "Give a Haskell example")
        #expect(edited.fields["parent"] == question.fields["parent"], "a sibling of the original question")
        let diff = try sandbox.succeed(["diff", "main", "main-2"]).stdout
        #expect(diff.contains("Give [-an-]{+a Haskell+} example"), "\(diff)")
        // An earlier question, with -b: the fork starts beside the first question (a root).
        try sandbox.succeed(["checkout", "main"])
        try sandbox.succeed(["edit", "HEAD~3", "-m", "What is a functor?", "-b", "functor"])
        let root = try StoredObject.object(
            try #require(try StoredObject.head(of: "functor", in: sandbox.repository).fields["parent"]), in: sandbox.repository)
        #expect(root.content == "What is a functor?" && root.fields["parent"] == nil)
        #expect(try sandbox.succeed(["fsck"]).status == 0)
    }

    @Test("edit opens the last question in $EDITOR as it is, with no template")
    func editInTheEditor() throws {
        let sandbox = try CLISandbox.initialized(sending: "# not a comment\nfirst line")
        let editor = sandbox.home + "/editor.sh"
        try "#!/bin/sh\nsed -i 's/first/edited/' \"$1\"\n".write(toFile: editor, atomically: true, encoding: .utf8)
        #expect(chmod(editor, 0o755) == 0)
        let result = try sandbox.run(["edit"], environment: ["EDITOR": editor])
        #expect(result.status == 0, "\(result)")
        let reply = try StoredObject.head(of: "main-2", in: sandbox.repository)
        #expect(try StoredObject.object(try #require(reply.fields["parent"]), in: sandbox.repository).content
            == "# not a comment\nedited line")
        // Text piped in is the new text, without the line end echo adds.
        try sandbox.succeed(["checkout", "main"])
        #expect(try sandbox.run(["edit"], stdin: "piped line\n").status == 0)
        let piped = try StoredObject.head(of: "main-3", in: sandbox.repository)
        #expect(try StoredObject.object(try #require(piped.fields["parent"]), in: sandbox.repository).content == "piped line")
        // An editor that saves the text unchanged aborts the edit.
        let unchanged = try sandbox.run(["edit"], environment: ["EDITOR": "true"])
        #expect(unchanged.status == 2 && unchanged.stderr.contains("unchanged"), "\(unchanged)")
    }

    @Test("the editor's draft is readable by its owner only, and removed after the editor fails")
    func draftIsPrivate() throws {
        let sandbox = try CLISandbox.initialized(sending: "first line")
        let editor = sandbox.home + "/editor.sh"
        let record = sandbox.home + "/draft.txt"
        try "#!/bin/sh\nstat -c %a \"$1\" > '\(record)'\necho \"$1\" >> '\(record)'\nexit 5\n"
            .write(toFile: editor, atomically: true, encoding: .utf8)
        #expect(chmod(editor, 0o755) == 0)
        let result = try sandbox.run(["edit"], environment: ["EDITOR": editor])
        #expect(result.status == 1 && result.stderr.contains("exited with status 5"), "\(result)")
        let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
        try #require(lines.count == 2)
        #expect(lines[0] == "600")
        #expect(!FileManager.default.fileExists(atPath: lines[1]))
    }

    @Test("bad edits and regenerations are refused and write nothing",
          arguments: [
            (["edit", "HEAD"], Int32(2), "is an answer"),
            (["edit", "-m", "  \n"], 2, "empty"),
            (["edit", "-m", "Give an example"], 2, "unchanged"),
            (["edit", "HEAD~4"], 2, "system prompt"),
            (["edit", "-m", "x", "-b", "main"], 1, "already exists"),
            (["edit", "-m", "x", "-b", "bad name"], 1, "not a valid thread name"),
            (["edit", "nosuch", "-m", "x"], 1, "names no thread"),
            (["regenerate", "HEAD~4"], 2, "nothing to regenerate"),
            (["regenerate", "-b", "main"], 1, "already exists"),
            (["regenerate", "-m", "no-such-model"], 2, "not a model"),
            (["regenerate", "--bogus"], 2, "unknown option"),
          ] as [([String], Int32, String)])
    func refusals(_ arguments: [String], _ status: Int32, _ text: String) throws {
        let sandbox = try CLISandbox.initialized()
        try sandbox.succeed(["send", "-s", "Be brief.", "What is a monad?"])
        try sandbox.succeed(["send", "Give an example"])
        let before = try DirectorySnapshot(sandbox.repository)
        let result = try sandbox.run(arguments)
        #expect(result.status == status, "\(result)")
        #expect(result.stderr.contains(text), "\(result.stderr)")
        #expect(try DirectorySnapshot(sandbox.repository).differences(from: before) == [])
    }

    @Test("regenerate with a question at the end refers to retry; a partial reply can be regenerated on a fork")
    func unansweredAndPartial() throws {
        let sandbox = try CLISandbox.initialized()
        let failing = StubResponse(chunks: try ProviderFailureE2ETests.anthropicOpening()
            + [ProviderFailureE2ETests.anthropicError("api_error", "Internal server error")])
        let server = try StubProviderServer([failing], in: sandbox.folder)
        let sent = try sandbox.run(["send", "Hi"], environment: ["ANTHROPIC_API_KEY": "test-key", "ANTHROPIC_BASE_URL": server.url])
        #expect(sent.status == 5)
        let partial = try StoredObject.head(in: sandbox.repository)
        #expect(partial.fields["finish"] == "error")
        try sandbox.succeed(["regenerate"])
        let regenerated = try StoredObject.head(of: "main-2", in: sandbox.repository)
        #expect(regenerated.fields["parent"] == partial.fields["parent"] && regenerated.fields["finish"] != "error")
        #expect(try StoredObject.head(in: sandbox.repository).id == partial.id)

        let unanswered = try CLISandbox.initialized()
        let refusedAtOnce = StubResponse.json(400, #"{"type":"error","error":{"type":"invalid_request_error","message":"no"}}"#)
        let down = try StubProviderServer([refusedAtOnce], in: unanswered.folder)
        _ = try unanswered.run(["send", "Hello?"], environment: ["ANTHROPIC_API_KEY": "test-key", "ANTHROPIC_BASE_URL": down.url])
        #expect(try StoredObject.head(in: unanswered.repository).fields["role"] == "user")
        let before = try DirectorySnapshot(unanswered.repository)
        let refused = try unanswered.run(["regenerate"])
        #expect(refused.status == 1 && refused.stderr.contains("threadai retry"), "\(refused)")
        #expect(try DirectorySnapshot(unanswered.repository).differences(from: before) == [])
    }

    @Test("editing a message of another thread suggests comparing the fork with that thread")
    func comparisonHint() throws {
        let sandbox = try CLISandbox.initialized(sending: "q1", "q2")
        try sandbox.succeed(["checkout", "-b", "other", "HEAD~2"])
        try sandbox.succeed(["send", "x"])
        let elsewhere = try sandbox.succeed(["edit", "main~1", "-m", "q2 edited"])
        #expect(elsewhere.stderr.contains("compare with 'threadai diff main other-2'"), "\(elsewhere.stderr)")
        let here = try sandbox.succeed(["edit", "-m", "q3 edited"])
        #expect(here.stderr.contains("compare with 'threadai diff other-2 other-3'"), "\(here.stderr)")
    }
}
