#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

extension ProviderError {
    /// The longest server message kept in an error.
    static let messageLimit = 500
    /// The longest offending stream line kept in an error.
    static let lineLimit = 200

    /// The error for a non-success HTTP response, with the provider's type and message taken
    /// from its body, redacted and truncated.
    static func fromResponse(
        status: Int, headers: HTTPHeaders, body: Data, provider: String, model: String,
        redactor: Redactor, now: Date, keySent: Bool = true
    ) -> ProviderError {
        let parsed = ProviderErrorBody.parse(body)
        let message = parsed.map { $0.message } ?? ProviderErrorBody.plainText(body)
        let details = HTTPErrorDetails(
            provider: provider,
            status: status,
            errorType: parsed?.type.map { redactor.redact($0, truncatingTo: 80) },
            message: message.map { redactor.redact($0, truncatingTo: messageLimit) },
            retryAfter: RetryAfter.parse(headers, now: now),
            requestID: (headers["request-id"] ?? headers["x-request-id"]).map { redactor.redact($0, truncatingTo: 80) },
            keySent: keySent)
        switch status {
        case 400: return .badRequest(details)
        case 401: return .unauthorized(details)
        case 403: return .forbidden(details)
        case 404: return .modelNotFound(model: model, details)
        case 413: return .payloadTooLarge(details)
        case 429: return .rateLimited(details)
        case 500: return .serverError(details)
        case 503: return .serviceUnavailable(details)
        case 529: return .overloaded(details)
        default: return .httpStatus(details)
        }
    }

    /// The error a response to `request` with a non-success status stands for: a redirect, told
    /// with where it points, or the server's error, told with what its body says (and whether the
    /// request carried a key, so a 401 to a request without one says so).
    static func forResponse(
        _ response: HTTPResponse, body: Data, request: HTTPRequest, endpointPath: String, provider: String, model: String,
        redactor: Redactor, now: Date
    ) -> ProviderError {
        if redirectStatuses.contains(response.status) {
            return .fromRedirect(
                status: response.status, headers: response.headers, requestURL: request.url, endpointPath: endpointPath,
                provider: provider, redactor: redactor)
        }
        return .fromResponse(
            status: response.status, headers: response.headers, body: body, provider: provider, model: model,
            redactor: redactor, now: now,
            keySent: request.headers["authorization"] != nil || request.headers["x-api-key"] != nil)
    }

    /// The statuses that point elsewhere with a `Location` header.
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The error for a redirect to `Location` (resolved against `requestURL`), naming the base URL
    /// that reaches the endpoint (`endpointPath`) there directly.
    static func fromRedirect(
        status: Int, headers: HTTPHeaders, requestURL: URL, endpointPath: String, provider: String, redactor: Redactor
    ) -> ProviderError {
        var details = RedirectDetails(provider: provider, status: status)
        if let location = headers["location"].flatMap({ URL(string: $0.trimmingSpaces(), relativeTo: requestURL)?.absoluteURL }) {
            details.location = BaseURL.shown(location.absoluteString, redactor: redactor)
            details.baseURL = BaseURL.base(reaching: location, endpointPath: endpointPath).map { BaseURL.shown($0, redactor: redactor) }
        }
        return .redirected(details)
    }

    /// The error for an error reported inside a 200 stream (`event: error` or `{"error": …}`).
    static func fromStreamError(_ data: String, provider: String, redactor: Redactor) -> ProviderError {
        let parsed = ProviderErrorBody.parse(Data(data.utf8))
        return .streamError(
            provider: provider,
            type: parsed?.type.map { redactor.redact($0, truncatingTo: 80) },
            message: (parsed?.message ?? (parsed == nil ? data : nil)).map { redactor.redact($0, truncatingTo: messageLimit) })
    }

    /// The error for a stream event whose data is not the JSON the protocol promises.
    static func malformed(_ line: String, provider: String, redactor: Redactor) -> ProviderError {
        .malformedStream(provider: provider, line: redactor.redact(line, truncatingTo: lineLimit))
    }

    /// The error for a transport failure, told with the host the provider was reached at.
    static func fromTransport(
        _ error: HTTPTransportError, provider: String, host: String, afterFirstByte: Bool, redactor: Redactor
    ) -> ProviderError {
        switch error {
        case .connectionRefused:
            return .connectionRefused(provider: provider, host: redactor.redact(host))
        case .connectionDropped(let detail):
            return .connectionDropped(
                provider: provider, afterFirstByte: afterFirstByte,
                detail: detail.map { redactor.redact($0, truncatingTo: messageLimit) })
        case .timedOut:
            return .connectionDropped(provider: provider, afterFirstByte: afterFirstByte, detail: "the transport timed out")
        case .cancelled:
            return .cancelled
        case .other(let detail):
            return afterFirstByte
                ? .connectionDropped(provider: provider, afterFirstByte: true, detail: redactor.redact(detail, truncatingTo: messageLimit))
                : .transport(provider: provider, detail: redactor.redact(detail, truncatingTo: messageLimit))
        }
    }

    /// Any error as a `ProviderError`: itself, `.cancelled` for cancellation, else a transport failure.
    static func wrapping(_ error: any Error, provider: String) -> ProviderError {
        switch error {
        case let failure as ProviderError:
            return failure
        case is CancellationError:
            return .cancelled
        case let transport as HTTPTransportError:
            return fromTransport(transport, provider: provider, host: "its server", afterFirstByte: false, redactor: Redactor())
        default:
            return .transport(provider: provider, detail: Redactor().redact(String(describing: error), truncatingTo: messageLimit))
        }
    }
}
