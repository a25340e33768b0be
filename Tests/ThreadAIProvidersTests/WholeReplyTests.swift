import Foundation
import Testing
@testable import ThreadAIProviders

/// A 200 answer that is one JSON body, not an event stream (from a provider trial): a server that
/// ignored `"stream": true`, or an error sent with status 200. Neither is asked for again.
@Suite("A 200 JSON body instead of a stream")
struct WholeReplyTests {
    @Test("a whole reply is the reply, asked for once", arguments: Route.all)
    func wholeReply(route: Route) async throws {
        let server = try LoopbackServer(.json(status: 200, route.kind.wholeReply("A full non-streamed answer.")))
        defer { server.stop() }
        let provider = try route.kind.make(baseURL: server.baseURL, options: testOptions(transport: route.transport))
        let reply = await collect(provider.stream(sampleRequest))
        #expect(reply.error == nil)
        #expect(reply.text == "A full non-streamed answer.")
        #expect(reply.completion?.stopReason == route.kind.wholeReplyStopReason)
        #expect(reply.completion?.model == "m")
        #expect(reply.completion?.usage == TokenUsage(inputTokens: 5, outputTokens: 6))
        #expect(server.requests.count == 1)
    }

    @Test("an error body is the server's error, shown with its message and not retried", arguments: Route.all)
    func errorBody(route: Route) async throws {
        let body = route.kind.errorBody(type: "server_error", message: "model 'qwen2.5:7b' is still loading")
        let server = try LoopbackServer(.json(status: 200, body, headers: [("x-request-id", "req_42")]))
        defer { server.stop() }
        let provider = try route.kind.make(baseURL: server.baseURL, options: testOptions(transport: route.transport))
        let reply = await collect(provider.stream(sampleRequest))
        #expect(reply.text.isEmpty)
        let error = try #require(reply.providerError)
        #expect(error.httpDetails?.status == 200)
        #expect(error.httpDetails?.message == "model 'qwen2.5:7b' is still loading")
        #expect(!error.isRetryable)
        #expect(String(describing: error).contains("instead of a reply"))
        #expect(server.requests.count == 1)
    }

    @Test("Content-Type parameters and +json suffixes are JSON; an event stream is not", arguments: [
        ("application/json", true), ("Application/JSON; charset=utf-8", true), ("application/problem+json", true),
        ("text/event-stream", false), ("text/plain", false), ("", false),
    ])
    func jsonMediaTypes(contentType: String, isJSON: Bool) {
        #expect(StreamingCall.isJSON(contentType) == isJSON)
    }
}
