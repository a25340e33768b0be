// Not on glibc Linux: there FoundationNetworking would cost every command its start-up (loading
// libcurl and some thirty libraries) for nothing CurlHTTPTransport does not do better.
#if !canImport(Glibc)
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real transport: URLSession with a data delegate, so body chunks arrive as the network
/// delivers them (`URLSession.bytes(for:)` does not exist on Linux).
///
/// Each request gets its own session, invalidated when the request ends, because a session
/// holds its delegate strongly until then. Timeouts are the harness's job; the session's own
/// interval is only a far backstop.
public struct URLSessionTransport: HTTPTransport {
    private let backstopTimeout: TimeInterval

    /// - Parameter backstopTimeout: URLSession's idle timeout, kept far above the harness's own.
    public init(backstopTimeout: TimeInterval = 3_600) {
        self.backstopTimeout = backstopTimeout
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = backstopTimeout
        configuration.timeoutIntervalForResource = backstopTimeout * 24
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let delegate = StreamingDataDelegate()
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)

        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for field in request.headers {
            urlRequest.setValue(field.value, forHTTPHeaderField: field.name)
        }
        let task = session.dataTask(with: urlRequest)
        delegate.attach(task)

        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                delegate.awaitHead(continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}
#endif
