#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Sends one HTTP request and hands back the response as it streams in.
///
/// Providers talk to the network only through this protocol, so tests can swap in a scripted
/// transport. Implementations return as soon as the status and headers arrive; the body follows
/// as chunks, in whatever sizes the network delivers them. Cancelling the calling task, or
/// abandoning the body sequence, must abort the request. A redirect is returned as the response,
/// never followed: the request carries an API key, which must go only where the user sent it.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns once the response head has arrived.
    /// - Throws: `HTTPTransportError` when no response head arrives, `CancellationError` when cancelled.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

public struct HTTPRequest: Sendable, Equatable {
    public var url: URL
    public var method: String
    public var headers: HTTPHeaders
    public var body: Data

    public init(url: URL, method: String = "POST", headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
    }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    /// The body in the chunks the network delivered. It throws `HTTPTransportError` if the
    /// connection fails before the body is complete.
    public var body: AsyncThrowingStream<Data, any Error>
    /// Stops the download; the harness calls it when it has read all it needs (or gives up),
    /// since the server may keep the connection open past the protocol's terminator.
    public var abort: @Sendable () -> Void

    public init(
        status: Int, headers: HTTPHeaders, body: AsyncThrowingStream<Data, any Error>,
        abort: @escaping @Sendable () -> Void = {}
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.abort = abort
    }
}

/// How a transport failed, in terms the harness turns into a `ProviderError`.
public enum HTTPTransportError: Error, Sendable, Equatable {
    /// Nothing accepted the connection.
    case connectionRefused
    /// The connection closed before the response was complete.
    case connectionDropped(detail: String?)
    /// The transport's own timeout fired.
    case timedOut
    /// The request was cancelled.
    case cancelled
    /// Any other failure (DNS, TLS, proxy, …), described.
    case other(String)
}
