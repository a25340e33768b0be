import Foundation
import Testing
@testable import ThreadAIProviders

/// One error status and what the harness must make of it.
struct StatusCase: Sendable, CustomTestStringConvertible {
    var status: Int
    var retryable: Bool
    var matches: @Sendable (ProviderError) -> Bool
    var testDescription: String { "HTTP \(status)" }

    init(_ status: Int, retryable: Bool, _ matches: @escaping @Sendable (ProviderError) -> Bool) {
        self.status = status
        self.retryable = retryable
        self.matches = matches
    }
}

@Suite("HTTP error statuses become specific errors, retried only when that can help")
struct HTTPStatusFaultTests {
    static let statuses: [StatusCase] = [
        StatusCase(400, retryable: false) { if case .badRequest = $0 { true } else { false } },
        StatusCase(401, retryable: false) { if case .unauthorized = $0 { true } else { false } },
        StatusCase(403, retryable: false) { if case .forbidden = $0 { true } else { false } },
        StatusCase(404, retryable: false) { if case .modelNotFound("test-model", _) = $0 { true } else { false } },
        StatusCase(408, retryable: true) { $0.httpDetails?.status == 408 },
        StatusCase(409, retryable: true) { $0.httpDetails?.status == 409 },
        StatusCase(413, retryable: false) { if case .payloadTooLarge = $0 { true } else { false } },
        StatusCase(422, retryable: false) { if case .httpStatus = $0 { true } else { false } },
        StatusCase(429, retryable: true) { if case .rateLimited = $0 { true } else { false } },
        StatusCase(500, retryable: true) { if case .serverError = $0 { true } else { false } },
        StatusCase(502, retryable: true) { if case .httpStatus = $0 { true } else { false } },
        StatusCase(503, retryable: true) { if case .serviceUnavailable = $0 { true } else { false } },
        StatusCase(529, retryable: true) { if case .overloaded = $0 { true } else { false } },
    ]

    @Test("each status, for both providers over both transports", arguments: Route.all, statuses)
    func status(route: Route, expected: StatusCase) async throws {
        let kind = route.kind
        let echo = "Incorrect API key provided: sk-canary-****************WXYZ (full: \(canaryKey))"
        let server = try LoopbackServer(.json(status: expected.status, kind.errorBody(type: "some_error", message: echo),
                                              headers: [("request-id", "req_123")]))
        defer { server.stop() }
        let recorder = RetryRecorder()
        let provider = try kind.make(baseURL: server.baseURL, options: testOptions(transport: route.transport, recorder: recorder))
        let reply = await collect(provider.stream(sampleRequest))

        let error = try #require(reply.providerError)
        #expect(expected.matches(error), "got \(error)")
        #expect(error.httpDetails?.errorType == "some_error")
        #expect(error.httpDetails?.requestID == "req_123")
        #expect(error.httpDetails?.message?.contains("Incorrect API key provided") == true)
        #expect(server.requests.count == (expected.retryable ? 4 : 1))
        #expect(recorder.notices.current.count == (expected.retryable ? 3 : 0))
        for text in [error.description, String(reflecting: error)] + recorder.notices.current.map(\.description) {
            #expect(!text.contains(canaryKey))
            #expect(!text.contains("****"))
            #expect(!text.contains("canary"))
        }
        #expect(error.description.contains("HTTP \(expected.status)"))
    }

    @Test("a 401 from a compatible server that was sent no key says no key was sent, and how to set one",
          arguments: TransportKind.allCases)
    func unauthorizedWithoutKey(transport: TransportKind) async throws {
        let server = try LoopbackServer(.json(status: 401, ProviderKind.openai.errorBody(type: "auth", message: "key required")))
        defer { server.stop() }
        let provider = try OpenAIProvider(
            credential: nil, baseURL: server.baseURL, mode: .compatible, options: testOptions(transport: transport, retries: 0))
        let reply = await collect(provider.stream(sampleRequest))
        let error = try #require(reply.providerError)
        guard case .unauthorized = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(!error.description.contains("did not accept the API key"), "\(error)")
        #expect(error.description.contains("no API key was sent"), "\(error)")
        #expect(Remedy.suggested(by: error) == [Remedy(.setKey, "openai-compatible")], "\(error)")
    }

    @Test("429 with retry-after-ms, then 503, then success: waits as told, output once", arguments: ProviderKind.allCases, TransportKind.allCases)
    func retriesThenSucceeds(kind: ProviderKind, transport: TransportKind) async throws {
        let server = try LoopbackServer([
            .json(status: 429, kind.errorBody(type: "rate_limit_error", message: "slow down"),
                  headers: [("retry-after-ms", "1500"), ("retry-after", "2")]),
            .json(status: 503, kind.errorBody(type: "unavailable", message: "later")),
            .eventStream(try kind.hello),
        ])
        defer { server.stop() }
        let recorder = RetryRecorder()
        let reply = await collect(try kind.make(baseURL: server.baseURL, options: testOptions(transport: transport, recorder: recorder)).stream(sampleRequest))
        #expect(reply.error == nil)
        #expect(reply.text == DecoderFixtureTests.hello)
        #expect(server.requests.count == 3)
        let notices = recorder.notices.current
        #expect(notices.map(\.delay) == [.milliseconds(1500), .milliseconds(500)], "retry-after-ms, then half of the 1 s backoff ceiling")
        #expect(notices.first?.description == "retrying in 1.5 s (429 rate limited), retry 1 of 3")
        #expect(recorder.sleeps.current == notices.map(\.delay))
    }

    @Test("retry-after as an HTTP date is honoured", arguments: TransportKind.allCases)
    func retryAfterDate(transport: TransportKind) async throws {
        let server = try LoopbackServer([
            .json(status: 529, ProviderKind.anthropic.errorBody(type: "overloaded_error", message: "Overloaded"),
                  headers: [("retry-after", "Tue, 14 Nov 2023 22:13:50 GMT")]),
            .eventStream(try ProviderKind.anthropic.hello),
        ])
        defer { server.stop() }
        let recorder = RetryRecorder()
        let reply = await collect(try ProviderKind.anthropic.make(baseURL: server.baseURL, options: testOptions(transport: transport, recorder: recorder))
            .stream(sampleRequest))
        #expect(reply.completion != nil)
        #expect(recorder.sleeps.current == [.seconds(30)])
    }

    @Test("a retry-after beyond the cap is reported at once instead of waited for", arguments: TransportKind.allCases)
    func retryAfterBeyondCap(transport: TransportKind) async throws {
        let server = try LoopbackServer(.json(status: 429, ProviderKind.openai.errorBody(type: "rate_limit", message: "daily quota"),
                                              headers: [("retry-after", "3600")]))
        defer { server.stop() }
        let recorder = RetryRecorder()
        let reply = await collect(try ProviderKind.openai.make(baseURL: server.baseURL, options: testOptions(transport: transport, recorder: recorder))
            .stream(sampleRequest))
        #expect(reply.providerError?.retryAfter == .seconds(3600))
        #expect(server.requests.count == 1)
        #expect(reply.providerError?.description.contains("Wait 60 min") == true)
    }

    @Test("a non-JSON error page keeps its text, redacted", arguments: TransportKind.allCases)
    func htmlErrorPage(transport: TransportKind) async throws {
        let server = try LoopbackServer(ScriptedResponse(
            status: 502, headers: [("Content-Type", "text/html")],
            steps: [.send(Data("<html><body>Bad gateway for key \(canaryKey)</body></html>".utf8))], chunked: false))
        defer { server.stop() }
        let reply = await collect(try ProviderKind.openai.make(baseURL: server.baseURL, options: testOptions(transport: transport, retries: 0)).stream(sampleRequest))
        let message = try #require(reply.providerError?.httpDetails?.message)
        #expect(message.contains("Bad gateway for key"))
        #expect(!message.contains(canaryKey))
    }
}
