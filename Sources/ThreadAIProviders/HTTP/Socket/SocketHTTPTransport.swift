#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

/// A transport for plain `http://` URLs that speaks HTTP/1.1 over a POSIX socket.
///
/// On Linux, URLSession keeps a core busy while it waits for a response, and a model may think
/// for minutes before its first byte. This transport instead gives each request a thread that
/// sleeps in `poll` until the server sends something, and delivers body pieces as they arrive.
/// It has no TLS: local and LAN servers (Ollama, llama.cpp, vLLM, LM Studio) speak plain HTTP,
/// and `AutomaticHTTPTransport` sends `https` to libcurl (Linux) or URLSession (Apple platforms). One connection per request,
/// closed at the end (`Connection: close`); no proxy support.
public struct SocketHTTPTransport: HTTPTransport {
    public init() {}

    /// Sends `request` (an `http` URL) and returns once the response head has arrived.
    /// - Throws: `HTTPTransportError`: `.connectionRefused` when nothing listens, `.cancelled`
    ///   when the task is cancelled, `.connectionDropped` when the server closes without an
    ///   answer, `.other` for any other URL, a name that does not resolve, or a malformed response.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let interruption = try Interruption()
        let (body, bodyContinuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        bodyContinuation.onTermination = { termination in
            // The consumer stopped reading early: stop the download too.
            if case .cancelled = termination { interruption.trigger() }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (head: CheckedContinuation<HTTPResponse, any Error>) in
                do throws(DetachedThread.StartFailure) {
                    try DetachedThread.start {
                        Self.exchange(request, interruption: interruption, head: head, body: body, bodyContinuation: bodyContinuation)
                    }
                } catch {
                    interruption.close()
                    head.resume(throwing: HTTPTransportError.other(error.description))
                }
            }
        } onCancel: {
            interruption.trigger()
        }
    }

    /// Runs on the request's own thread: the exchange, with its outcome handed to the head
    /// continuation (exactly once) and then to the body stream.
    private static func exchange(
        _ request: HTTPRequest, interruption: Interruption, head: CheckedContinuation<HTTPResponse, any Error>,
        body: AsyncThrowingStream<Data, any Error>, bodyContinuation: AsyncThrowingStream<Data, any Error>.Continuation
    ) {
        defer { interruption.close() }
        var headDelivered = false
        var failure: HTTPTransportError?
        do {
            try SocketExchange.run(request, interruption: interruption, onHead: { responseHead in
                headDelivered = true
                head.resume(returning: HTTPResponse(
                    status: responseHead.status, headers: responseHead.headers, body: body,
                    abort: { interruption.trigger() }))
            }, onBody: { piece in
                bodyContinuation.yield(piece)
            })
        } catch {
            failure = error
        }
        if headDelivered {
            bodyContinuation.finish(throwing: failure.map { $0 as any Error })
        } else {
            head.resume(throwing: failure ?? .connectionDropped(detail: "the server closed the connection without answering"))
            bodyContinuation.finish()
        }
    }
}
