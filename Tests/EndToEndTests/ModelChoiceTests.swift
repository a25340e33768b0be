import Foundation
import Testing

@Suite("CLI: -m names a known model; status says what a send would lack")
struct ModelChoiceTests {
    @Test("an unknown -m is refused with the closest names, exit 2, and nothing stored", arguments: ["send", "retry", "status", "context"])
    func unknownModel(_ command: String) throws {
        let sandbox = try CLISandbox.initialized(sending: "first")
        let before = try DirectorySnapshot(sandbox.repository)
        let result = try sandbox.run([command, "-m", "sonet"] + (command == "send" ? ["hi"] : []))
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("'sonet' is not a model threadai knows. Did you mean 'sonnet'"), "\(result)")
        #expect(result.stderr.contains("'threadai models' lists them"))
        #expect(try DirectorySnapshot(sandbox.repository) == before, "a refused model changes nothing")
    }

    @Test("several close names are all offered; a name close to none gets the list's pointer only")
    func suggestions() throws {
        let sandbox = try CLISandbox.initialized()
        let close = try sandbox.run(["status", "-m", "o3-min"])
        #expect(close.status == 2)
        #expect(close.stderr.contains("Did you mean 'o3-mini' or 'o4-mini'"), "\(close)")
        let far = try sandbox.run(["status", "-m", "zzzzzzzz"])
        #expect(far.status == 2)
        #expect(!far.stderr.contains("Did you mean") && far.stderr.contains("'threadai models' lists them"), "\(far)")
    }

    @Test("a newer model of a provider's naming is sent as given, with one note; a near miss of a known name is refused",
          arguments: [("claude-sonnet-9", "anthropic"), ("gpt-6", "openai"), ("o9-mini", "openai"), ("chatgpt-5o-latest", "openai")])
    func newerModel(_ name: String, _ provider: String) throws {
        let sandbox = try CLISandbox.initialized()
        let result = try sandbox.run(["status", "-m", name])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Provider: \(provider), model: \(name)\n"), "\(result)")
        let note = "'\(name)' is not in threadai's model catalog; it is sent to \(provider) as given"
        #expect(result.stderr.components(separatedBy: note).count == 2, "one note: \(result.stderr)")
    }

    @Test("a near miss of a known name of a provider's naming is still refused with the closest names",
          arguments: [("claude-sonet-4-5", "claude-sonnet-4-5"), ("gpt-4o-mimi", "gpt-4o-mini"), ("o3-min", "o3-mini")])
    func nearMiss(_ typed: String, _ meant: String) throws {
        let sandbox = try CLISandbox.initialized()
        let result = try sandbox.run(["status", "-m", typed])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("'\(typed)' is not a model threadai knows. Did you mean '\(meant)'"), "\(result)")
    }

    @Test("send -m with a newer model's name asks the provider for exactly that name")
    func newerModelIsSent() throws {
        let sandbox = try CLISandbox.initialized()
        let server = try StubProviderServer([try .fixture("anthropic-hello")], in: sandbox.folder)
        let result = try sandbox.run(
            ["send", "-m", "claude-sonnet-9", "hi"],
            environment: ["ANTHROPIC_API_KEY": "sk-ant-api03-" + String(repeating: "k", count: 40), "ANTHROPIC_BASE_URL": server.url])
        #expect(result.status == 0, "\(result)")
        let body = try #require(try server.journal().first?["body"] as? String)
        #expect(body.contains("\"model\":\"claude-sonnet-9\""), "\(body)")
    }

    @Test("known names and aliases pass, in any case; a compatible server takes any name")
    func accepted() throws {
        let sandbox = try CLISandbox.initialized()
        #expect(try sandbox.run(["status", "-m", "Sonnet"]).stdout.contains("model: claude-sonnet-5"))
        let compatible = try sandbox.run(
            ["status", "--provider", "openai-compatible", "-m", "llama3.2:3b"],
            environment: ["OPENAI_BASE_URL": "http://127.0.0.1:9/v1"])
        #expect(compatible.status == 0, "\(compatible)")
        #expect(compatible.stdout.contains("Provider: openai-compatible, model: llama3.2:3b"))
        #expect(compatible.stdout.contains("Base URL: http://127.0.0.1:9/v1 (from environment OPENAI_BASE_URL)"))
        #expect(!compatible.stdout.contains("Not ready"), "\(compatible)")
    }

    @Test("a model of another provider than --provider is refused, naming its provider, and nothing is sent or stored",
          arguments: [["--provider", "anthropic", "-m", "gpt-4o"], ["--provider", "offline", "-m", "gpt-4o"]])
    func modelOfAnotherProvider(_ flags: [String]) throws {
        let sandbox = try CLISandbox.initialized(sending: "first")
        let server = try StubProviderServer([try .fixture("anthropic-hello")], in: sandbox.folder)
        let before = try DirectorySnapshot(sandbox.repository)
        let result = try sandbox.run(
            ["send"] + flags + ["hi"],
            environment: ["ANTHROPIC_API_KEY": "sk-ant-api03-" + String(repeating: "k", count: 40), "ANTHROPIC_BASE_URL": server.url])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("'gpt-4o' (--model) is an openai model"), "\(result)")
        #expect(try server.journal().isEmpty, "nothing reaches a provider")
        #expect(try DirectorySnapshot(sandbox.repository) == before)
    }

    @Test("status says when the chosen provider has no key, where a key comes from, never the key")
    func keys() throws {
        let sandbox = try CLISandbox.initialized()
        let missing = try sandbox.run(["status", "--provider", "anthropic"])
        #expect(missing.status == 0, "\(missing)")
        #expect(missing.stdout.contains("Key: none\n"), "\(missing)")
        #expect(missing.stdout.contains("Not ready: send would fail. No API key is set for anthropic."), "\(missing)")

        let key = "sk-ant-api03-" + String(repeating: "x", count: 40)
        let present = try sandbox.run(["status", "--provider", "anthropic"], environment: ["ANTHROPIC_API_KEY": key])
        #expect(present.stdout.contains("Key: set (from environment ANTHROPIC_API_KEY)"), "\(present)")
        #expect(!present.stdout.contains("Not ready"))
        #expect(!(present.stdout + present.stderr).contains("xxxxxxxx"), "the key itself is never printed")

        let offline = try sandbox.run(["status"])
        #expect(!offline.stdout.contains("Key:") && !offline.stdout.contains("Not ready"), "the offline model needs nothing")
    }

    @Test("status of a compatible server with no model reports it as not ready, exit 0, as for a missing key")
    func compatibleWithoutModel() throws {
        let sandbox = try CLISandbox.initialized()
        let result = try sandbox.run(["status", "--provider", "openai-compatible"], environment: ["OPENAI_BASE_URL": "http://127.0.0.1:9/v1"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Provider: openai-compatible, model: none\n"), "\(result)")
        #expect(result.stdout.contains("Base URL: http://127.0.0.1:9/v1 (from environment OPENAI_BASE_URL)"), "\(result)")
        #expect(result.stdout.contains("Not ready: send would fail. openai-compatible has no default model"), "\(result)")
    }

    @Test("status says when a compatible server has no base URL")
    func compatibleWithoutBaseURL() throws {
        let sandbox = try CLISandbox.initialized()
        let result = try sandbox.run(["status", "--provider", "openai-compatible", "-m", "llama3"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Key: none (sent without one; most local servers need none)"), "\(result)")
        #expect(result.stdout.contains("Base URL: none\n"))
        #expect(result.stdout.contains("Not ready: send would fail. The base URL"), "\(result)")
    }
}
