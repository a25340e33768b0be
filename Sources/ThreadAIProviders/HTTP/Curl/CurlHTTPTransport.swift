#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

#if canImport(Glibc)
/// A transport for `https` on Linux through the system's libcurl, which waits in `poll` instead of
/// spinning as URLSession does there (docs/DESIGN.md, "Waiting for https"). Each request gets a
/// thread that drives one libcurl transfer and delivers the head, then body pieces as they arrive.
///
/// libcurl brings what a user expects of https: the system's certificate store (or the bundle
/// named by `SSL_CERT_FILE`, else `CURL_CA_BUNDLE`), proxies from `https_proxy`/`HTTPS_PROXY`,
/// `all_proxy` and `no_proxy`/`NO_PROXY`, HTTP/2. Headers, API keys among them, stay in this
/// process's memory: nothing is passed on a command line.
public struct CurlHTTPTransport: HTTPTransport {
    private let caBundle: String?

    /// Whether libcurl could be loaded here, and if not, why.
    public static var availability: Result<Void, any Error> {
        LibCurl.shared.map { _ in () }.mapError { $0 as any Error }
    }

    /// - Parameter environment: where `SSL_CERT_FILE` and `CURL_CA_BUNDLE` are looked up.
    public init(environment: [String: String] = [:]) {
        caBundle = [environment["SSL_CERT_FILE"], environment["CURL_CA_BUNDLE"]].compactMap { $0 }.first { !$0.isEmpty }
    }

    /// Sends `request` and returns once the response head has arrived.
    /// - Throws: `HTTPTransportError`: `.other` when libcurl is missing or fails with its words,
    ///   `.connectionRefused`, `.timedOut`, `.connectionDropped`, `.cancelled`.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let curl: LibCurl
        switch LibCurl.shared {
        case .success(let loaded): curl = loaded
        case .failure(let reason): throw HTTPTransportError.other("the curl transport is unavailable: \(reason)")
        }
        let interruption = try Interruption()
        let (body, bodyContinuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        bodyContinuation.onTermination = { termination in
            if case .cancelled = termination { interruption.trigger() }
        }
        let caBundle = caBundle
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (head: CheckedContinuation<HTTPResponse, any Error>) in
                do throws(DetachedThread.StartFailure) {
                    try DetachedThread.start {
                        Self.transfer(request, curl: curl, caBundle: caBundle, interruption: interruption,
                                      head: head, body: body, bodyContinuation: bodyContinuation)
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

    private static func transfer(
        _ request: HTTPRequest, curl: LibCurl, caBundle: String?, interruption: Interruption,
        head: CheckedContinuation<HTTPResponse, any Error>, body: AsyncThrowingStream<Data, any Error>,
        bodyContinuation: AsyncThrowingStream<Data, any Error>.Continuation
    ) {
        defer { interruption.close() }
        let exchange = CurlExchange(curl: curl, interruption: interruption, onHead: { status, headers in
            head.resume(returning: HTTPResponse(status: status, headers: headers, body: body, abort: { interruption.trigger() }))
        }, onBody: { piece in
            bodyContinuation.yield(piece)
        })
        var failure: HTTPTransportError?
        do {
            try exchange.run(request, caBundle: caBundle)
        } catch {
            failure = error
        }
        if exchange.headDelivered {
            bodyContinuation.finish(throwing: failure.map { $0 as any Error })
        } else {
            head.resume(throwing: failure ?? .connectionDropped(detail: "the server closed the connection without answering"))
            bodyContinuation.finish()
        }
    }
}
#endif
