import Foundation
import Testing

/// Credentials are caught before anything is stored (docs/CLI.md, "Secrets").
@Suite("CLI: secrets are refused, redacted or allowed")
struct SecretsTests {
    /// A canary Anthropic key, assembled so this file holds none.
    static let canary = "sk-" + "ant-api03-" + "CANARYcanary0123456789abcdefghijklmnop"

    @Test("a canary key typed into a message is refused before it is stored, without being echoed")
    func refused() throws {
        let sandbox = try CLISandbox.initialized(sending: "hello")
        let before = try DirectorySnapshot(sandbox.repository)
        for arguments in [["send", "my key: \(Self.canary)"], ["send", "-s", "key \(Self.canary)", "hi"]] {
            let result = try sandbox.run(arguments)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("an Anthropic API key (anthropic-api-key) at line 1"), "\(result.stderr)")
            #expect(!result.stderr.contains("CANARY") && !result.stdout.contains("CANARY"))
            #expect(try DirectorySnapshot(sandbox.repository) == before)
        }
        let piped = try sandbox.run(["send"], stdin: "line one\nthe key \(Self.canary)\n")
        #expect(piped.status == 1 && piped.stderr.contains("your message holds what looks like an Anthropic API key (anthropic-api-key) at line 2, column 9"))
        try "export KEY=\(Self.canary)\n".write(toFile: sandbox.work + "/env.sh", atomically: false, encoding: .utf8)
        let attached = try sandbox.run(["send", "-f", "env.sh", "look"])
        #expect(attached.status == 1 && attached.stderr.contains("the attached file env.sh holds what looks like an Anthropic API key"))
        #expect(try DirectorySnapshot(sandbox.repository) == before)
    }

    @Test("--redact stores a placeholder; --allow-secrets stores the text; scan finds what was allowed")
    func redactAndAllow() throws {
        let sandbox = try CLISandbox.initialized()
        try sandbox.succeed(["send", "--redact", "my key: \(Self.canary)"])
        let objects = try StoredObject.all(in: sandbox.repository)
        #expect(objects.contains { $0.content == "my key: [REDACTED:anthropic-api-key]" })
        #expect(!objects.contains { $0.content.contains("CANARY") })
        let clean = try sandbox.run(["scan"])
        #expect(clean.status == 0 && clean.stderr.contains("2 messages scanned; no credentials found"), "\(clean)")

        try sandbox.succeed(["send", "--allow-secrets", "ok, store \(Self.canary)"])
        let found = try sandbox.run(["scan"])
        #expect(found.status == 1)
        let user = try #require(try StoredObject.all(in: sandbox.repository).first { $0.content.hasPrefix("ok, store") })
        #expect(found.stdout.contains("\(user.id.prefix(8)) main user: an Anthropic API key (anthropic-api-key) at line 1, column 11"))
        #expect(!found.stdout.contains("CANARY"))
        let both = try sandbox.run(["send", "--allow-secrets", "--redact", "x"])
        #expect(both.status == 2)
    }

    @Test("a tag's note is checked as a message is: refused, redacted or allowed, and scan finds an allowed one")
    func tagNotes() throws {
        let sandbox = try CLISandbox.initialized(sending: "hello")
        let before = try DirectorySnapshot(sandbox.repository)
        let refused = try sandbox.run(["tag", "-m", "key \(Self.canary)", "t"])
        #expect(refused.status == 1 && refused.stderr.contains("the note of tag 't' holds what looks like an Anthropic API key"), "\(refused)")
        #expect(!refused.stderr.contains("CANARY"))
        #expect(try DirectorySnapshot(sandbox.repository) == before)
        try sandbox.succeed(["tag", "--redact", "-m", "key \(Self.canary)", "redacted"])
        #expect(try sandbox.succeed(["tag"]).stdout.contains("redacted  ") && !(try sandbox.succeed(["tag"]).stdout.contains("CANARY")))
        #expect(try sandbox.run(["scan"]).status == 0)
        try sandbox.succeed(["tag", "--allow-secrets", "-m", Self.canary, "allowed"])
        let found = try sandbox.run(["scan"])
        #expect(found.status == 1 && found.stdout.contains("tag allowed note: an Anthropic API key"), "\(found)")
        #expect(found.stderr.contains("2 messages and 2 tag notes scanned") && !found.stdout.contains("CANARY"), "\(found)")
    }

    @Test("import refuses a conversation holding a key unless --redact or --allow-secrets")
    func importRefused() throws {
        let sandbox = try CLISandbox.initialized()
        let export = """
            [{"id": "c1", "title": "Keys", "create_time": 1700000000, "current_node": "n2", "mapping": {
              "n1": {"id": "n1", "parent": null, "children": ["n2"], "message": {"id": "n1", "author": {"role": "user"},
                "create_time": 1700000000, "content": {"content_type": "text", "parts": ["use \(Self.canary)"]}}},
              "n2": {"id": "n2", "parent": "n1", "children": [], "message": {"id": "n2", "author": {"role": "assistant"},
                "create_time": 1700000001, "content": {"content_type": "text", "parts": ["done"]}}}}}]
            """
        try export.write(toFile: sandbox.work + "/conversations.json", atomically: false, encoding: .utf8)
        let before = try DirectorySnapshot(sandbox.repository)
        let refused = try sandbox.run(["import", "chatgpt", "conversations.json"])
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("chatgpt conversation c1 item n1 holds what looks like an Anthropic API key"), "\(refused.stderr)")
        #expect(try DirectorySnapshot(sandbox.repository) == before)
        try sandbox.succeed(["import", "--redact", "chatgpt", "conversations.json"])
        #expect(try StoredObject.all(in: sandbox.repository).contains { $0.content == "use [REDACTED:anthropic-api-key]" })
    }

    @Test("a threadai-json export holding a key is refused whole, with or without --redact, and never advises --redact")
    func importThreadAIJSONRefused() throws {
        let source = try CLISandbox.initialized()
        try source.succeed(["send", "--allow-secrets", "use \(Self.canary)"])
        let file = source.work + "/export.json"
        try Data(try source.succeed(["export", "json"]).stdoutBytes).write(to: URL(fileURLWithPath: file))
        let copy = try CLISandbox.initialized()
        let before = try DirectorySnapshot(copy.repository)
        for flags in [[], ["--redact"]] {
            let refused = try copy.run(["import"] + flags + ["threadai-json", file])
            #expect(refused.status == 1, "\(refused)")
            #expect(refused.stderr.contains("holds what looks like an Anthropic API key"), "\(refused.stderr)")
            #expect(refused.stderr.contains("cannot be redacted on import"), "\(refused.stderr)")
            #expect(!refused.stderr.contains("run again with --redact"), "\(flags): \(refused.stderr)")
            #expect(refused.stderr.contains("--allow-secrets"), "\(refused.stderr)")
            #expect(!refused.stderr.contains("CANARY"))
            #expect(try DirectorySnapshot(copy.repository) == before)
        }
        let redacting = try copy.run(["import", "--redact", "threadai-json", file])
        #expect(redacting.stderr.contains("--redact cannot apply to it"), "\(redacting.stderr)")
    }
}
