#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

/// The same request without an optional part that some servers reject, sent once when one does:
/// `stream_options`, which Mistral's API and other strict compatible servers refuse with a 400 or
/// a 422 naming the field. Once a server refused, the rest of the call (its retries) sends the
/// fallback too.
struct RequestFallback: Sendable {
    var request: HTTPRequest
    /// Whether an error response, by its status and body, refuses what `request` leaves out.
    var applies: @Sendable (_ status: Int, _ body: Data) -> Bool

    /// A fallback for a server that rejects a field: a 400 or 422 whose body names it.
    static func without(field: String, _ request: HTTPRequest) -> RequestFallback {
        RequestFallback(request: request) { status, body in
            (status == 400 || status == 422) && String(decoding: body, as: UTF8.self).contains(field)
        }
    }
}

/// Which of a call's two requests its attempts send: the original until the server refused it.
final class FallbackChoice: Sendable {
    private let refused = Locked(false)

    /// Whether the server refused the original request, so the fallback goes instead.
    var useFallback: Bool { refused.current }

    func originalRefused() {
        refused.withLock { $0 = true }
    }
}
