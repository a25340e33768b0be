import Foundation
import Testing
@testable import ThreadAIProviders

@Suite("Anthropic provider over loopback")
struct AnthropicProviderTests {
    private func provider(_ server: LoopbackServer, _ transport: TransportKind, path: String = "",
                          version: String = AnthropicProvider.defaultVersion) throws -> AnthropicProvider {
        try AnthropicProvider(
            credential: Credential(canaryKey), baseURL: server.baseURL + path, version: version,
            options: testOptions(transport: transport))
    }

    @Test("sends the Messages API request: headers, top-level system, max_tokens, stream", arguments: TransportKind.allCases)
    func requestShape(transport: TransportKind) async throws {
        let server = try LoopbackServer(.eventStream(try Fixture.text("anthropic-hello.sse")))
        defer { server.stop() }
        var request = sampleRequest
        request.model = "sonnet"
        _ = await collect(try provider(server, transport, version: "2099-01-01").stream(request))

        let sent = try #require(server.requests.first)
        #expect(sent.method == "POST")
        #expect(sent.path == "/v1/messages")
        #expect(sent.headers["x-api-key"] == canaryKey)
        #expect(sent.headers["anthropic-version"] == "2099-01-01")
        #expect(sent.headers["content-type"] == "application/json")
        #expect(sent.headers["authorization"] == nil)
        let body = try #require(sent.json)
        #expect(body["model"] as? String == "claude-sonnet-5")
        #expect(body["stream"] as? Bool == true)
        #expect(body["system"] as? String == "Be brief.")
        #expect(body["max_tokens"] as? Int == 8_192)
        let messages = try #require(body["messages"] as? [[String: String]])
        #expect(messages == [["role": "user", "content": "Hi"], ["role": "assistant", "content": "Hello"],
                             ["role": "user", "content": "Say hello to the world"]])
    }

    @Test("max_tokens comes from the request when it sets one; the default version is 2023-06-01", arguments: TransportKind.allCases)
    func explicitMaxTokens(transport: TransportKind) async throws {
        let server = try LoopbackServer(.eventStream(try Fixture.text("anthropic-hello.sse")))
        defer { server.stop() }
        var request = sampleRequest
        request.maxOutputTokens = 123
        request.system = " \n\t"  // blank: sent as none, as nil is
        _ = await collect(try provider(server, transport).stream(request))
        let sent = try #require(server.requests.first)
        #expect(sent.json?["max_tokens"] as? Int == 123)
        #expect(sent.json?["system"] == nil)
        #expect(sent.json?["model"] as? String == "test-model")
        #expect(sent.headers["anthropic-version"] == "2023-06-01")
    }

    @Test("streams a recorded reply written in small pieces, with usage and latency", arguments: TransportKind.allCases)
    func streamsInPieces(transport: TransportKind) async throws {
        let server = try LoopbackServer(.eventStream(try Fixture.text("anthropic-hello.sse"), pieceSize: 7))
        defer { server.stop() }
        let reply = await collect(try provider(server, transport).stream(sampleRequest))
        #expect(reply.error == nil)
        #expect(reply.text == DecoderFixtureTests.hello)
        #expect(reply.pieces.count == 3)
        let completion = try #require(reply.completion)
        #expect(completion.stopReason == "end_turn")
        #expect(completion.usage == TokenUsage(inputTokens: 25, outputTokens: 15))
        let latency = try #require(completion.latency)
        let firstToken = try #require(latency.timeToFirstToken)
        #expect(firstToken <= latency.total)
    }

    @Test("an empty reply in the history is left out of the request, which the API would refuse with it")
    func emptyRepliesLeftOut() async throws {
        let server = try LoopbackServer(.eventStream(try Fixture.text("anthropic-hello.sse")))
        defer { server.stop() }
        var request = sampleRequest
        request.messages = [ChatMessage(role: .user, content: "first"), ChatMessage(role: .assistant, content: ""),
                            ChatMessage(role: .user, content: "second"), ChatMessage(role: .assistant, content: " \n"),
                            ChatMessage(role: .user, content: "third")]
        _ = await collect(try provider(server, .socket).stream(request))
        let messages = try #require(server.requests.first?.json?["messages"] as? [[String: String]])
        #expect(messages == [["role": "user", "content": "first"], ["role": "user", "content": "second"],
                             ["role": "user", "content": "third"]])
    }

    @Test("a base URL with a path prefix keeps it", arguments: TransportKind.allCases)
    func basePath(transport: TransportKind) async throws {
        let server = try LoopbackServer(.eventStream(try Fixture.text("anthropic-hello.sse")))
        defer { server.stop() }
        _ = await collect(try provider(server, transport, path: "/anthropic/").stream(sampleRequest))
        #expect(server.requests.first?.path == "/anthropic/v1/messages")
    }

    @Test("no key is an error that names the variable and the command")
    func missingKey() {
        #expect(throws: ProviderError.missingAPIKey(provider: "anthropic", environmentVariable: "ANTHROPIC_API_KEY")) {
            try AnthropicProvider(credential: nil)
        }
    }
}
