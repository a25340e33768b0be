import Testing
@testable import ThreadAIProviders

@Suite("Provider errors say what happened and what to do")
struct ProviderErrorTests {
    static func details(_ status: Int, provider: String = "anthropic") -> HTTPErrorDetails {
        HTTPErrorDetails(provider: provider, status: status, errorType: "some_type", message: "server words",
                         retryAfter: .seconds(2), requestID: "req_1")
    }

    /// Every case, with a phrase its description must contain and whether it is retryable.
    static let cases: [(ProviderError, String, Bool)] = [
        (.badRequest(details(400)), "rejected the request", false),
        (.unauthorized(details(401)), "\(Remedy(.setKey, "anthropic"))", false),
        (.unauthorized(details(401, provider: "openai")), "OPENAI_API_KEY", false),
        (.unauthorized(details(401, provider: "openai-compatible")),
         "`\(Remedy(.setKey, "openai-compatible"))` (or OPENAI_API_KEY, when OPENAI_BASE_URL names the server)", false),
        (.forbidden(details(403)), "permissions", false),
        (.modelNotFound(model: "claude-nope", details(404)), "“claude-nope”", false),
        (.payloadTooLarge(details(413)), "send without the history", false),
        (.rateLimited(details(429)), "Wait 2 s", true),
        (.serverError(details(500)), "provider's side", true),
        (.serviceUnavailable(details(503)), "temporarily unavailable", true),
        (.overloaded(details(529)), "overloaded", true),
        (.httpStatus(details(502)), "server's side", true),
        (.httpStatus(details(408)), "HTTP 408", true),
        (.httpStatus(details(422)), "ANTHROPIC_BASE_URL", false),
        (.redirected(RedirectDetails(provider: "openai", status: 307, location: "http://x/api/v1/chat/completions", baseURL: "http://x/api/v1")),
         "set the base URL (OPENAI_BASE_URL, or openai.base-url in the configuration) to http://x/api/v1", false),
        (.redirected(RedirectDetails(provider: "openai-compatible", status: 301)), "no Location header", false),
        (.connectionRefused(provider: "openai", host: "127.0.0.1:9"), "OPENAI_BASE_URL", true),
        (.connectionDropped(provider: "openai", afterFirstByte: false, detail: nil), "before any reply", true),
        (.connectionDropped(provider: "openai", afterFirstByte: true, detail: "reset"), "partial reply", true),
        (.timeoutBeforeFirstByte(provider: "openai", after: .seconds(120)), "120 s", true),
        (.stalled(provider: "openai", after: .milliseconds(300)), "0.3 s", true),
        (.malformedStream(provider: "openai", line: "data: {oops"), "data: {oops", false),
        (.missingTerminator(provider: "anthropic", expected: "message_stop"), "message_stop", true),
        (.streamError(provider: "anthropic", type: "overloaded_error", message: "Overloaded"), "overloaded_error: Overloaded", true),
        (.streamError(provider: "openai", type: "invalid_request_error", message: "no"), "\(Remedy(.retry))", false),
        (.cancelled, "cancelled", false),
        (.missingAPIKey(provider: "anthropic", environmentVariable: "ANTHROPIC_API_KEY"), "ANTHROPIC_API_KEY", false),
        (.invalidBaseURL(provider: "openai", url: "ftp://x", reason: "the scheme must be http or https"), "ftp://x", false),
        (.transport(provider: "openai", detail: "DNS failure"), "DNS failure", true),
    ]

    @Test("descriptions", arguments: cases.indices)
    func description(index: Int) {
        let (error, phrase, _) = Self.cases[index]
        #expect(error.description.contains(phrase), "\(error.description)")
        #expect(error.description.hasSuffix(".") || error.description.hasSuffix(")"), "a full sentence: \(error.description)")
        #expect(!error.shortReason.isEmpty)
    }

    @Test("retryability", arguments: cases.indices)
    func retryable(index: Int) {
        let (error, _, retryable) = Self.cases[index]
        #expect(error.isRetryable == retryable, "\(error)")
    }

    @Test("HTTP errors carry the status, the provider's words, the request id and the wait")
    func httpDetails() {
        let error = ProviderError.rateLimited(Self.details(429))
        #expect(error.retryAfter == .seconds(2))
        #expect(error.description.contains("HTTP 429 some_type: server words; request id req_1"))
        #expect(ProviderError.cancelled.retryAfter == nil)
    }
}
