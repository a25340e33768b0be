/// Everything that can go wrong while asking a provider for a reply.
///
/// Every case reads as a sentence through `description`: what happened and what to do. Text
/// that came from a server (error messages, offending lines) is redacted of API keys and
/// truncated before it is stored here. `isRetryable` and `retryAfter` drive the retry loop.
public enum ProviderError: Error, Sendable, Equatable {
    /// 400: the provider rejected the request as malformed or invalid.
    case badRequest(HTTPErrorDetails)
    /// 401: the API key was missing, wrong or revoked.
    case unauthorized(HTTPErrorDetails)
    /// 403: the key may not use this model or resource.
    case forbidden(HTTPErrorDetails)
    /// 404: most often a model name the provider does not serve (or a wrong base URL).
    case modelNotFound(model: String, HTTPErrorDetails)
    /// 413: the request (the conversation sent) is too large.
    case payloadTooLarge(HTTPErrorDetails)
    /// 429: too many requests or tokens for the account's limits.
    case rateLimited(HTTPErrorDetails)
    /// 500: the provider failed internally.
    case serverError(HTTPErrorDetails)
    /// 503: the provider is temporarily unavailable.
    case serviceUnavailable(HTTPErrorDetails)
    /// 529: Anthropic's "overloaded".
    case overloaded(HTTPErrorDetails)
    /// Any other non-success status (408, 409, 422, 502, 504, …).
    case httpStatus(HTTPErrorDetails)
    /// 301, 302, 303, 307 or 308: the server points elsewhere. Not followed, so the key goes only
    /// where the user sent it.
    case redirected(RedirectDetails)
    /// Nothing listens at the base URL's host and port.
    case connectionRefused(provider: String, host: String)
    /// The connection closed before the response was complete.
    case connectionDropped(provider: String, afterFirstByte: Bool, detail: String?)
    /// The server sent no byte of the response body within the first-byte timeout.
    case timeoutBeforeFirstByte(provider: String, after: Duration)
    /// The stream had started, then nothing arrived for the stall timeout.
    case stalled(provider: String, after: Duration)
    /// A stream event's data was not the JSON the protocol promises; `line` is the offending
    /// line, redacted and truncated.
    case malformedStream(provider: String, line: String)
    /// A whole (not streamed) answer, such as the models list, was not the JSON the API documents;
    /// `start` is its beginning, redacted and truncated.
    case malformedResponse(provider: String, what: String, start: String)
    /// The stream ended cleanly but without the protocol's terminator, so the reply is cut short.
    case missingTerminator(provider: String, expected: String)
    /// The server reported an error inside a successful (200) stream: an `error` event or an
    /// `{"error": …}` chunk.
    case streamError(provider: String, type: String?, message: String?)
    /// The caller cancelled the request.
    case cancelled
    /// No API key is configured for a provider that needs one.
    case missingAPIKey(provider: String, environmentVariable: String)
    /// The configured base URL is not an absolute http(s) URL.
    case invalidBaseURL(provider: String, url: String, reason: String)
    /// Any other network failure before a response arrived (DNS, TLS, proxy, …).
    case transport(provider: String, detail: String)
}

/// What a provider said when it answered with an error status.
public struct HTTPErrorDetails: Sendable, Equatable {
    public var provider: String
    public var status: Int
    /// The provider's error type or code from its JSON body (`rate_limit_error`, `invalid_api_key`, …).
    public var errorType: String?
    /// The provider's message from its JSON body (or the start of a non-JSON body), redacted and truncated.
    public var message: String?
    /// How long the server asked us to wait (`retry-after-ms` or `retry-after`), if it said.
    public var retryAfter: Duration?
    /// The provider's request id header, which its support asks for.
    public var requestID: String?
    /// Whether the request carried an API key: a compatible server is asked without one when none
    /// is set, and its 401 then means "a key is needed", not "this key is wrong".
    public var keySent: Bool

    public init(
        provider: String, status: Int, errorType: String? = nil, message: String? = nil,
        retryAfter: Duration? = nil, requestID: String? = nil, keySent: Bool = true
    ) {
        self.provider = provider
        self.status = status
        self.errorType = errorType
        self.message = message
        self.retryAfter = retryAfter
        self.requestID = requestID
        self.keySent = keySent
    }
}

/// Where a redirect points, told so the user can set the base URL to it.
public struct RedirectDetails: Sendable, Equatable {
    public var provider: String
    public var status: Int
    /// The `Location` resolved against the request's URL, without user or password, redacted; nil
    /// when the server sent none.
    public var location: String?
    /// The base URL that reaches the same endpoint there directly; nil when `location` does not end
    /// with the endpoint's path.
    public var baseURL: String?

    public init(provider: String, status: Int, location: String? = nil, baseURL: String? = nil) {
        self.provider = provider
        self.status = status
        self.location = location
        self.baseURL = baseURL
    }
}
