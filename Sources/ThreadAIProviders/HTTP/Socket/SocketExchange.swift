#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One HTTP/1.1 request and its response over a fresh connection, run on the calling thread.
///
/// The thread blocks in `poll` whenever the server is quiet, so a model that thinks for a
/// minute costs no CPU meanwhile. `interruption` ends any wait at once.
enum SocketExchange {
    /// Sends `request`, calls `onHead` once the response head is in, then `onBody` with each
    /// piece of the body as it arrives (decoded from chunks), and returns at the body's end.
    /// - Throws: `HTTPTransportError`: `.connectionRefused`, `.connectionDropped` when the
    ///   connection closes before the response is complete, `.cancelled`, or `.other`.
    static func run(
        _ request: HTTPRequest, interruption: Interruption,
        onHead: (HTTPResponseHead) -> Void, onBody: (Data) -> Void
    ) throws(HTTPTransportError) {
        let endpoint = try HTTPEndpoint(request.url)
        let bytes = try HTTPRequestEncoder.encode(request, to: endpoint)
        let addresses = try HostResolver.addresses(of: endpoint.host, port: endpoint.port)
        let connection = try SocketConnection.open(to: addresses, endpoint: endpoint.description, interruption: interruption)

        // A server may answer (413, say) and close before reading the whole request. Its answer
        // is what matters, so a failed send counts only when no response follows.
        var sendFailure: HTTPTransportError?
        do {
            try connection.sendAll(bytes)
        } catch {
            guard case .connectionDropped = error else { throw error }
            sendFailure = error
        }

        var headReader = HTTPHeadReader()
        var response: (head: HTTPResponseHead, rest: Data)?
        while response == nil {
            guard let input = try connection.receive() else {
                throw sendFailure ?? .connectionDropped(detail: "the server closed the connection without answering")
            }
            response = try headReader.feed(input)
        }
        guard let (head, rest) = response else { return }

        var body = try HTTPBodyReader(head: head, requestMethod: request.method)
        onHead(head)
        var input: Data? = rest
        while let bytes = input {
            let piece = try body.consume(bytes)
            if !piece.isEmpty { onBody(piece) }
            if body.isComplete { return }
            input = try connection.receive()
        }
        try body.finishAtClose()
    }
}
