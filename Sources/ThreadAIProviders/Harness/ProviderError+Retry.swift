extension ProviderError {
    /// Whether trying again might succeed: 408, 409, 429, 5xx and 529, connection failures,
    /// timeouts, streams cut short, and server-side errors reported inside a stream. The retry loop additionally
    /// never retries once text has reached the caller.
    public var isRetryable: Bool {
        switch self {
        case .rateLimited, .serverError, .serviceUnavailable, .overloaded:
            return true
        case .httpStatus(let details):
            return details.status == 408 || details.status == 409 || (500...599).contains(details.status)
        case .connectionRefused, .connectionDropped, .timeoutBeforeFirstByte, .stalled, .transport:
            return true
        case .missingTerminator:
            // A stream cut short is like a dropped connection: worth another try while no
            // text has reached the caller (the loop checks that).
            return true
        case .streamError(_, let type, _):
            return type.map(Self.retryableStreamErrorTypes.contains) ?? false
        case .badRequest, .unauthorized, .forbidden, .modelNotFound, .payloadTooLarge, .redirected,
             .malformedStream, .malformedResponse, .cancelled, .missingAPIKey, .invalidBaseURL:
            return false
        }
    }

    /// How long the server asked the client to wait before trying again, if it said.
    public var retryAfter: Duration? {
        httpDetails?.retryAfter
    }

    /// The HTTP status and the provider's words, for the cases that come from an error status.
    public var httpDetails: HTTPErrorDetails? {
        switch self {
        case .badRequest(let details), .unauthorized(let details), .forbidden(let details),
             .modelNotFound(_, let details), .payloadTooLarge(let details), .rateLimited(let details),
             .serverError(let details), .serviceUnavailable(let details), .overloaded(let details),
             .httpStatus(let details):
            return details
        default:
            return nil
        }
    }

    /// Error types that Anthropic and OpenAI send inside a stream for transient trouble.
    static let retryableStreamErrorTypes: Set<String> = [
        "overloaded_error", "api_error", "rate_limit_error", "server_error", "internal_server_error",
        "service_unavailable", "timeout_error",
    ]
}
