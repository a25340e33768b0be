import Foundation
import Testing

/// The real binary against a loopback server speaking each API: replies stream to stdout and are
/// stored with provider, model, stop reason, usage and latency.
@Suite("Providers end to end: streamed replies", .serialized)
struct ProviderStreamE2ETests {
    static let anthropicKey = "sk-ant-api03-e2e-000000000000000000000000aaaa"
    static let openAIKey = "sk-proj-e2e-000000000000000000000000000bbbb"
    static let hello = "Hello, world — ünïcödé ✓ 🧵\nSecond line.\n"

    @Test func anthropicReplyIsStreamedAndStoredWithUsageAndLatency() throws {
        let sandbox = try CLISandbox.initialized()
        let server = try StubProviderServer([try .fixture("anthropic-hello")], in: sandbox.folder)
        let result = try sandbox.run(
            ["send", "Say hello"], environment: ["ANTHROPIC_API_KEY": Self.anthropicKey, "ANTHROPIC_BASE_URL": server.url])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Self.hello)
        let reply = try StoredObject.head(in: sandbox.repository)
        #expect(reply.fields["role"] == "assistant")
        #expect(reply.fields["provider"] == "anthropic")
        #expect(reply.fields["model"] == "claude-sonnet-4-5-20250929")
        #expect(reply.fields["finish"] == "end_turn")
        #expect(reply.fields["input-tokens"] == "25")
        #expect(reply.fields["output-tokens"] == "15")
        #expect(reply.fields["latency-ms"].flatMap(Int.init) != nil)
        #expect(reply.fields["first-token-ms"].flatMap(Int.init) != nil)
        #expect(reply.content == Self.hello.dropLast())

        let request = try #require(try server.journal().first)
        let headers = try #require(request["headers"] as? [String: String])
        #expect(request["path"] as? String == "/v1/messages")
        #expect(headers["x-api-key"] == Self.anthropicKey)
        #expect(headers["anthropic-version"] == "2023-06-01")
        let body = try #require(try JSONSerialization.jsonObject(with: Data((request["body"] as? String ?? "").utf8)) as? [String: Any])
        #expect(body["model"] as? String == "claude-sonnet-5")
        #expect(body["stream"] as? Bool == true)
        #expect(body["max_tokens"] as? Int == 8192)
    }

    @Test func openAIIsChosenByItsKeyAlone() throws {
        let sandbox = try CLISandbox.initialized()
        let server = try StubProviderServer([try .fixture("openai-hello")], in: sandbox.folder)
        let result = try sandbox.run(
            ["send", "-m", "gpt-4o", "Say hello"],
            environment: ["OPENAI_API_KEY": Self.openAIKey, "OPENAI_BASE_URL": server.url + "/v1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Self.hello)
        let reply = try StoredObject.head(in: sandbox.repository)
        #expect(reply.fields["provider"] == "openai")
        #expect(reply.fields["finish"] == "stop")
        #expect(reply.fields["input-tokens"] == "12")
        #expect(reply.fields["output-tokens"] == "9")
        let request = try #require(try server.journal().first)
        #expect(request["path"] as? String == "/v1/chat/completions")
        #expect((request["headers"] as? [String: String])?["authorization"] == "Bearer \(Self.openAIKey)")
    }

    @Test func compatibleServerFromConfigWithoutAKey() throws {
        let sandbox = try CLISandbox.initialized()
        let server = try StubProviderServer([try .fixture("openai-compatible-quirks")], in: sandbox.folder)
        for (key, value) in [("provider", "openai-compatible"), ("model", "llama3.2"),
                             ("openai-compatible.base-url", server.url + "/v1")] {
            let set = try sandbox.run(["config", "set", key, value])
            try #require(set.status == 0, "\(set.stderr)")
        }
        let result = try sandbox.run(["send", "Hi"], environment: ["OPENAI_API_KEY": Self.openAIKey])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try StoredObject.head(in: sandbox.repository).fields["provider"] == "openai-compatible")
        let request = try #require(try server.journal().first)
        // The OpenAI key is not sent to a server named in config.
        #expect((request["headers"] as? [String: String])?["authorization"] == nil)
        #expect((request["body"] as? String)?.contains("\"llama3.2\"") == true)
    }

    @Test func aNewUserSetsAKeyAndABaseURLThenSends() throws {
        let sandbox = try CLISandbox.initialized()
        let server = try StubProviderServer([try .fixture("anthropic-hello")], in: sandbox.folder)
        let stored = try sandbox.run(["keys", "set", "anthropic"], stdin: Self.anthropicKey + "\n")
        try #require(stored.status == 0, "\(stored.stderr)")
        #expect(try sandbox.run(["config", "set", "--user", "anthropic.base-url", server.url]).status == 0)
        #expect(try sandbox.run(["config", "set", "model", "sonnet"]).status == 0)
        let result = try sandbox.run(["send", "Say hello"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Self.hello)
        let request = try #require(try server.journal().first)
        #expect((request["headers"] as? [String: String])?["x-api-key"] == Self.anthropicKey)
        let keys = try FileManager.default.attributesOfItem(atPath: sandbox.config + "/threadai/keys")
        #expect(keys[.posixPermissions] as? Int == 0o600)
    }
}

/// https replies on Linux go through libcurl, which waits in poll (the CPU figure is in the
/// benchmark, Benchmarks/https-wait.sh, not in a timed test).
@Suite("CLI: https through the system's libcurl")
struct HTTPSStreamE2ETests {
    @Test("a reply held for two seconds and then streamed over https arrives intact and is stored")
    func heldReplyOverTLS() throws {
        let sandbox = try CLISandbox.initialized()
        let tls = try StubProviderServer.selfSignedCertificate(in: sandbox.folder)
        var held = try StubResponse.fixture("openai-hello")
        held.delaySeconds = 2
        let server = try StubProviderServer([held], in: sandbox.folder, tls: tls)
        #expect(server.url.hasPrefix("https://"))
        let result = try sandbox.run(
            ["send", "--provider", "openai", "Hi"],
            environment: ["OPENAI_API_KEY": "sk-test-canary-https", "OPENAI_BASE_URL": server.url + "/v1", "SSL_CERT_FILE": tls.cert])
        #expect(result.status == 0, "\(result)")
        let reply = try StoredObject.head(in: sandbox.repository)
        #expect(reply.fields["role"] == "assistant" && reply.content.hasPrefix("Hello"))
        #expect(!result.stdout.contains("sk-test-canary-https") && !result.stderr.contains("sk-test-canary-https"))
        let request = try #require(try server.journal().first)
        #expect((request["headers"] as? [String: String])?["authorization"] == "Bearer sk-test-canary-https")
    }

    @Test("an untrusted certificate is refused with a clear error, and the question is kept")
    func untrustedCertificateIsRefused() throws {
        let sandbox = try CLISandbox.initialized()
        let tls = try StubProviderServer.selfSignedCertificate(in: sandbox.folder)
        let server = try StubProviderServer([try StubResponse.fixture("openai-hello")], in: sandbox.folder, tls: tls)
        let result = try sandbox.run(
            ["send", "--provider", "openai", "Hi"],
            environment: ["OPENAI_API_KEY": "sk-test-canary-https", "OPENAI_BASE_URL": server.url + "/v1"])
        #expect(result.status == 5, "\(result)")
        #expect(result.stderr.lowercased().contains("certificate"), "\(result)")
    }
}
