import Foundation
import Testing
@testable import ThreadAIProviders

@Suite("OpenAI and compatible providers over loopback")
struct OpenAIProviderTests {
    @Test("sends the Chat Completions request: bearer key, system first, usage requested", arguments: TransportKind.allCases)
    func requestShape(transport: TransportKind) async throws {
        let server = try LoopbackServer(.eventStream(try Fixture.text("openai-hello.sse")))
        defer { server.stop() }
        var request = sampleRequest
        request.model = "gpt-4o"
        request.maxOutputTokens = 50
        let provider = try OpenAIProvider(credential: Credential(canaryKey), baseURL: server.baseURL + "/v1", options: testOptions(transport: transport))
        let reply = await collect(provider.stream(request))
        #expect(reply.error == nil)

        let sent = try #require(server.requests.first)
        #expect(sent.path == "/v1/chat/completions")
        #expect(sent.headers["authorization"] == "Bearer \(canaryKey)")
        let body = try #require(sent.json)
        #expect(body["model"] as? String == "gpt-4o")
        #expect(body["stream"] as? Bool == true)
        #expect((body["stream_options"] as? [String: Bool]) == ["include_usage": true])
        #expect(body["max_completion_tokens"] as? Int == 50)
        #expect(body["max_tokens"] == nil)
        let messages = try #require(body["messages"] as? [[String: String]])
        #expect(messages.first == ["role": "system", "content": "Be brief."])
        #expect(messages.count == 4)
    }

    @Test("streams a recorded reply in pieces with usage from the final chunk", arguments: TransportKind.allCases)
    func streamsInPieces(transport: TransportKind) async throws {
        let server = try LoopbackServer(.eventStream(try Fixture.text("openai-hello.sse"), pieceSize: 5))
        defer { server.stop() }
        let provider = try OpenAIProvider(credential: Credential(canaryKey), baseURL: server.baseURL, options: testOptions(transport: transport))
        let reply = await collect(provider.stream(sampleRequest))
        #expect(reply.text == DecoderFixtureTests.hello)
        #expect(reply.completion?.usage == TokenUsage(inputTokens: 12, outputTokens: 9))
        #expect(reply.completion?.stopReason == "stop")
        #expect(reply.completion?.latency != nil)
    }

    @Test("compatible mode sends no Authorization without a key, and max_tokens", arguments: TransportKind.allCases)
    func compatibleWithoutKey(transport: TransportKind) async throws {
        let server = try LoopbackServer(.eventStream(try Fixture.text("openai-compatible-quirks.sse"), pieceSize: 11))
        defer { server.stop() }
        var request = sampleRequest
        request.maxOutputTokens = 64
        let provider = try OpenAIProvider(credential: nil, baseURL: server.baseURL + "/v1/", mode: .compatible, options: testOptions(transport: transport))
        #expect(provider.name == "openai-compatible")
        let reply = await collect(provider.stream(request))
        #expect(reply.text == DecoderFixtureTests.hello)
        #expect(reply.completion?.model == "llama3.2:3b")
        #expect(reply.completion?.usage == TokenUsage(inputTokens: 12, outputTokens: 9))
        let sent = try #require(server.requests.first)
        #expect(sent.path == "/v1/chat/completions")
        #expect(sent.headers["authorization"] == nil)
        #expect(sent.json?["max_tokens"] as? Int == 64)
        #expect(sent.json?["model"] as? String == "test-model")
    }

    @Test("a finish_reason then the end of the stream completes in compatible mode only",
          arguments: [OpenAIProvider.Mode.compatible, .openai], TransportKind.allCases)
    func finishWithoutDone(mode: OpenAIProvider.Mode, transport: TransportKind) async throws {
        let completes = mode == .compatible
        let server = try LoopbackServer(.eventStream(try Fixture.text("openai-finish-without-done.sse")))
        defer { server.stop() }
        let provider = try OpenAIProvider(credential: Credential(canaryKey), baseURL: server.baseURL, mode: mode, options: testOptions(transport: transport))
        let reply = await collect(provider.stream(sampleRequest))
        #expect(reply.text == DecoderFixtureTests.hello)
        #expect((reply.completion != nil) == completes)
        #expect((reply.providerError == .missingTerminator(provider: "openai", expected: "data: [DONE]")) == !completes)
    }

    static let mistral422 = ScriptedResponse.json(
        status: 422, #"{"object":"error","message":{"detail":[{"type":"extra_forbidden","loc":["body","stream_options","include_usage"],"#
            + #""msg":"Extra inputs are not permitted","input":true}]},"type":"invalid_request_error","param":null,"code":null}"#)

    @Test("a compatible server that refuses stream_options is asked once more without it", arguments: TransportKind.allCases)
    func streamOptionsRefused(transport: TransportKind) async throws {
        let server = try LoopbackServer([Self.mistral422, .eventStream(try Fixture.text("openai-hello.sse"))])
        defer { server.stop() }
        let recorder = RetryRecorder()
        let provider = try OpenAIProvider(
            credential: nil, baseURL: server.baseURL, mode: .compatible, options: testOptions(transport: transport, recorder: recorder))
        let reply = await collect(provider.stream(sampleRequest))
        #expect(reply.error == nil)
        #expect(reply.text == DecoderFixtureTests.hello)
        let bodies = server.requests.map(\.json)
        #expect(bodies.count == 2)
        #expect(bodies.first??["stream_options"] != nil)
        #expect(bodies.last??["stream_options"] == nil)
        #expect(bodies.last??["stream"] as? Bool == true)
        #expect(recorder.notices.current.isEmpty, "not a retry: nothing to announce")
    }

    @Test("the second refusal is the error, its structured message shown; OpenAI itself is not asked again",
          arguments: [OpenAIProvider.Mode.compatible, .openai])
    func streamOptionsRefusedTwice(mode: OpenAIProvider.Mode) async throws {
        let server = try LoopbackServer([Self.mistral422])
        defer { server.stop() }
        let provider = try OpenAIProvider(credential: Credential(canaryKey), baseURL: server.baseURL, mode: mode, options: testOptions(transport: .socket))
        let error = try #require(await collect(provider.stream(sampleRequest)).providerError)
        #expect(error.httpDetails?.status == 422)
        #expect(String(describing: error).contains(#""msg":"Extra inputs are not permitted""#))
        #expect(server.requests.count == (mode == .compatible ? 2 : 1))
    }

    @Test("a refusal that does not name stream_options is not asked again")
    func otherRefusal() async throws {
        let server = try LoopbackServer([.json(status: 422, #"{"detail":"model is required"}"#)])
        defer { server.stop() }
        let provider = try OpenAIProvider(credential: nil, baseURL: server.baseURL, mode: .compatible, options: testOptions(transport: .socket))
        let error = try #require(await collect(provider.stream(sampleRequest)).providerError)
        #expect(error.httpDetails?.message == "model is required")
        #expect(server.requests.count == 1)
    }

    @Test("a finish_reason then a connection closed without HTTP's last chunk completes in compatible mode only",
          arguments: [OpenAIProvider.Mode.compatible, .openai], TransportKind.allCases)
    func finishThenHangUp(mode: OpenAIProvider.Mode, transport: TransportKind) async throws {
        let server = try LoopbackServer(.eventStream(try Fixture.text("openai-finish-without-done.sse"), then: [.drop]))
        defer { server.stop() }
        let provider = try OpenAIProvider(credential: Credential(canaryKey), baseURL: server.baseURL, mode: mode, options: testOptions(transport: transport))
        let reply = await collect(provider.stream(sampleRequest))
        #expect(reply.text == DecoderFixtureTests.hello)
        if mode == .compatible {
            #expect(reply.error == nil)
            #expect(reply.completion?.stopReason == "stop")
            #expect(reply.completion?.usage == TokenUsage(inputTokens: 12, outputTokens: 9))
        } else if case .connectionDropped(_, true, _)? = reply.providerError {
        } else {
            Issue.record("expected a drop after the first byte, got \(String(describing: reply.error))")
        }
        #expect(server.requests.count == 1)
    }

    @Test("OpenAI itself needs a key; a compatible server needs a base URL")
    func configurationErrors() {
        #expect(throws: ProviderError.missingAPIKey(provider: "openai", environmentVariable: "OPENAI_API_KEY")) {
            try OpenAIProvider(credential: nil)
        }
        #expect(throws: ProviderError.self) { try OpenAIProvider(credential: nil, mode: .compatible) }
    }

    @Test("unusable base URLs are refused with the reason", arguments: [
        "localhost:8080", "ftp://example.com", "http://", "http://example.com/v1?key=abc", "not a url",
    ])
    func invalidBaseURL(url: String) throws {
        let error = try #require(throws: ProviderError.self) { try OpenAIProvider(credential: nil, baseURL: url, mode: .compatible) }
        guard case .invalidBaseURL(let provider, _, let reason) = error else {
            Issue.record("expected invalidBaseURL, got \(error)")
            return
        }
        #expect(provider == "openai-compatible")
        #expect(!reason.isEmpty)
    }
}
