#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

/// A success response that is not an event stream but one JSON body: a whole reply from a server
/// that ignored `"stream": true`, or an error that a gateway or a model loader sent with status 200.
extension StreamingCall {
    /// The most of such a body that is read: far more than any reply a model writes at once.
    static let wholeReplyLimit = 16 * 1024 * 1024

    /// Whether a Content-Type names JSON (`application/json`, `application/problem+json`, with
    /// or without parameters), which an event stream never is.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let trimmed = mediaType.trimmingSpaces().lowercased()
        return trimmed == "application/json" || (trimmed.hasPrefix("application/") && trimmed.hasSuffix("+json"))
    }

    /// Reads the whole body and hands on the reply it holds, as a stream of it would have come.
    /// - Throws: the server's error when the body is not a reply (`.httpStatus` with the response's
    ///   status and the body's message): never retried, since the same request gets the same body.
    func wholeReply(_ response: HTTPResponse, monitor: ActivityMonitor, emit: @Sendable (ChatEvent) -> Void) async throws {
        let body = await Self.collect(response.body, limit: Self.wholeReplyLimit, monitor: monitor)
        try Task.checkCancellation()
        guard let events = makeDecoder().decodeWhole(body) else { throw failure(response, body: body) }
        for event in events { emit(event) }
    }
}
