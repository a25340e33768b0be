#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes a request as HTTP/1.1 bytes: request line, headers, blank line, body.
enum HTTPRequestEncoder {
    /// Headers the transport sets itself; the caller's copies are left out rather than doubled.
    private static let transportHeaders: Set<String> = ["host", "content-length", "connection", "transfer-encoding"]

    /// The request as sent on the wire, with `Host`, `Content-Length` and `Connection: close`.
    /// - Throws: `HTTPTransportError.other` when the method or a header cannot be sent as is
    ///   (a line break in a value would smuggle in another header).
    static func encode(_ request: HTTPRequest, to endpoint: HTTPEndpoint) throws(HTTPTransportError) -> Data {
        guard isToken(request.method) else { throw .other("the HTTP method \(request.method) is not valid") }
        var head = "\(request.method) \(endpoint.target) HTTP/1.1\r\nHost: \(endpoint.hostHeader)\r\n"
        for field in request.headers where !transportHeaders.contains(field.name) {
            guard isToken(field.name), !field.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
                throw .other("the header \(field.name) cannot be sent: its name or value holds a control character")
            }
            head += "\(field.name): \(field.value)\r\n"
        }
        if !request.body.isEmpty || !["GET", "HEAD"].contains(request.method) {
            head += "Content-Length: \(request.body.count)\r\n"
        }
        head += "Connection: close\r\n\r\n"
        return Data(head.utf8) + request.body
    }

    /// Whether `text` is an HTTP token (RFC 9110 §5.6.2), as methods and header names must be.
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
