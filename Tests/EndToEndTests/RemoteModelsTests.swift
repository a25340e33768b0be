import Foundation
import Testing

/// `threadai models --remote` asks the provider's own models endpoint, here a loopback stub.
@Suite("CLI: models --remote lists what the provider's models endpoint offers")
struct RemoteModelsTests {
    static let anthropicKey = "sk-ant-api03-" + String(repeating: "r", count: 40)
    static let openAIKey = "sk-proj-" + String(repeating: "q", count: 40)

    @Test("Anthropic: GET /v1/models with x-api-key and anthropic-version, every page, known models marked")
    func anthropic() throws {
        let sandbox = try CLISandbox.initialized()
        let server = try StubProviderServer([
            .json(200, #"{"data":[{"type":"model","id":"claude-sonnet-9","display_name":"Claude Sonnet 9"}],"has_more":true,"first_id":"claude-sonnet-9","last_id":"claude-sonnet-9"}"#),
            .json(200, #"{"data":[{"type":"model","id":"claude-haiku-4-5","display_name":"Claude Haiku 4.5"}],"has_more":false,"last_id":"claude-haiku-4-5"}"#),
        ], in: sandbox.folder)
        let result = try sandbox.run(
            ["models", "--remote", "--provider", "anthropic"],
            environment: ["ANTHROPIC_API_KEY": Self.anthropicKey, "ANTHROPIC_BASE_URL": server.url])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines.contains("claude-sonnet-9 Claude Sonnet 9"), "\(result.stdout)")
        #expect(lines.contains("claude-haiku-4-5 Claude Haiku 4.5 known"), "\(result.stdout)")
        #expect(result.stdout.contains("2 models listed by anthropic's models endpoint."), "\(result.stdout)")
        let requests = try server.journal()
        #expect(requests.map { $0["method"] as? String } == ["GET", "GET"])
        #expect(requests.map { $0["path"] as? String } == ["/v1/models?limit=1000", "/v1/models?limit=1000&after_id=claude-sonnet-9"])
        let headers = try #require(requests.first?["headers"] as? [String: String])
        #expect(headers["x-api-key"] == Self.anthropicKey)
        #expect(headers["anthropic-version"] == "2023-06-01")
        #expect(!(result.stdout + result.stderr).contains(Self.anthropicKey))
    }

    @Test("OpenAI: GET /v1/models with a bearer key; --json")
    func openAI() throws {
        let sandbox = try CLISandbox.initialized()
        let server = try StubProviderServer([
            .json(200, #"{"object":"list","data":[{"id":"gpt-4o","object":"model","created":1,"owned_by":"system"},{"id":"gpt-6","object":"model","created":2,"owned_by":"openai"}]}"#),
        ], in: sandbox.folder)
        let result = try sandbox.run(
            ["models", "--remote", "--provider", "openai", "--json"],
            environment: ["OPENAI_API_KEY": Self.openAIKey, "OPENAI_BASE_URL": server.url + "/v1"])
        #expect(result.status == 0, "\(result)")
        let models = try JSON.array(result)
        #expect(models.compactMap { $0["id"] as? String } == ["gpt-4o", "gpt-6"])
        #expect(models.compactMap { $0["inCatalog"] as? Bool } == [true, false])
        #expect(models.compactMap { $0["ownedBy"] as? String } == ["system", "openai"])
        let request = try #require(try server.journal().first)
        #expect(request["method"] as? String == "GET" && request["path"] as? String == "/v1/models")
        #expect((request["headers"] as? [String: String])?["authorization"] == "Bearer \(Self.openAIKey)")
    }

    @Test("a compatible server: its base URL, no key and no model needed; the provider send would use by default")
    func compatible() throws {
        let sandbox = try CLISandbox.initialized()
        let server = try StubProviderServer([
            .json(200, #"{"object":"list","data":[{"id":"llama3.2:3b","object":"model","owned_by":"library"}]}"#),
        ], in: sandbox.folder)
        try sandbox.succeed(["config", "set", "provider", "openai-compatible"])
        try sandbox.succeed(["config", "set", "openai-compatible.base-url", server.url + "/v1"])
        let result = try sandbox.run(["models", "--remote"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("llama3.2:3b") && result.stdout.contains("library"), "\(result.stdout)")
        let request = try #require(try server.journal().first)
        #expect(request["path"] as? String == "/v1/models")
        #expect((request["headers"] as? [String: String])?["authorization"] == nil)
    }

    @Test("without a key (or a compatible server's base URL) nothing is asked, and the error says what to set")
    func nothingToAsk() throws {
        let sandbox = try CLISandbox.initialized()
        let anthropic = try sandbox.run(["models", "--remote", "--provider", "anthropic"])
        #expect(anthropic.status != 0 && anthropic.stderr.contains("No API key is set for anthropic"), "\(anthropic)")
        let compatible = try sandbox.run(["models", "--remote", "--provider", "openai-compatible"])
        #expect(compatible.status != 0 && compatible.stderr.contains("base URL"), "\(compatible)")
        let offline = try sandbox.run(["models", "--remote", "--provider", "offline"])
        #expect(offline.status != 0 && offline.stderr.contains("no models endpoint"), "\(offline)")
    }

    @Test("a 401 from the models endpoint says the key was not accepted, never showing it")
    func refusedKey() throws {
        let sandbox = try CLISandbox.initialized()
        let server = try StubProviderServer([
            .json(401, #"{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}"#),
        ], in: sandbox.folder)
        let result = try sandbox.run(
            ["models", "--remote", "--provider", "anthropic"],
            environment: ["ANTHROPIC_API_KEY": Self.anthropicKey, "ANTHROPIC_BASE_URL": server.url])
        #expect(result.status == 5, "\(result)")
        #expect(result.stderr.contains("anthropic did not accept the API key"), "\(result.stderr)")
        #expect(!(result.stdout + result.stderr).contains(Self.anthropicKey))
    }
}
