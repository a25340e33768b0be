// Not on glibc Linux: there FoundationNetworking would cost every command its start-up (loading
// libcurl and some thirty libraries) for nothing CurlHTTPTransport does not do better.
#if !canImport(Glibc)
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ThreadAISupport

/// Turns one data task's delegate callbacks into a response head (a continuation) and a body
/// (an `AsyncThrowingStream` of chunks).
final class StreamingDataDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct State {
        var head: CheckedContinuation<HTTPResponse, any Error>?
        var headDelivered = false
        var task: URLSessionDataTask?
    }

    private let state = Locked(State())
    private let body: AsyncThrowingStream<Data, any Error>
    private let bodyContinuation: AsyncThrowingStream<Data, any Error>.Continuation

    override init() {
        (body, bodyContinuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        super.init()
        bodyContinuation.onTermination = { [state] termination in
            // The consumer stopped reading early: stop the download too.
            if case .cancelled = termination {
                state.withLock { $0.task }?.cancel()
            }
        }
    }

    func attach(_ task: URLSessionDataTask) {
        state.withLock { $0.task = task }
    }

    func awaitHead(_ continuation: CheckedContinuation<HTTPResponse, any Error>) {
        state.withLock { $0.head = continuation }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        var headers = HTTPHeaders()
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if let http = response as? HTTPURLResponse {
            for (name, value) in http.allHeaderFields {
                headers[String(describing: name)] = String(describing: value)
            }
        }
        let head = state.withLock { state -> CheckedContinuation<HTTPResponse, any Error>? in
            defer { state.head = nil }
            state.headDelivered = true
            return state.head
        }
        completionHandler(.allow)
        head?.resume(returning: HTTPResponse(status: status, headers: headers, body: body, abort: { dataTask.cancel() }))
    }

    /// Refuses every redirect, so its response arrives as the answer: following one would send
    /// the request, API key and all, to wherever the server points (the harness reports where).
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        bodyContinuation.yield(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        session.finishTasksAndInvalidate()
        let (head, headDelivered) = state.withLock { state in
            defer { state.head = nil }
            return (state.head, state.headDelivered)
        }
        guard let error else {
            head?.resume(throwing: HTTPTransportError.connectionDropped(detail: "no response"))
            bodyContinuation.finish()
            return
        }
        let failure = Self.transportError(for: error, afterHead: headDelivered)
        head?.resume(throwing: failure)
        bodyContinuation.finish(throwing: failure)
    }

    static func transportError(for error: any Error, afterHead: Bool) -> HTTPTransportError {
        guard let urlError = error as? URLError else {
            return afterHead ? .connectionDropped(detail: nil) : .other(String(describing: error))
        }
        switch urlError.code {
        case .cancelled:
            return .cancelled
        case .timedOut:
            return .timedOut
        case .cannotConnectToHost where !afterHead:
            return .connectionRefused
        case .networkConnectionLost, .cannotParseResponse, .badServerResponse:
            return .connectionDropped(detail: urlError.localizedDescription)
        default:
            return afterHead ? .connectionDropped(detail: urlError.localizedDescription) : .other(urlError.localizedDescription)
        }
    }
}
#endif
