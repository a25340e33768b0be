#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a plain-`http` request goes: the host and port to connect to, and the request line's
/// target and `Host` header.
struct HTTPEndpoint: Equatable, CustomStringConvertible {
    /// The host for `getaddrinfo`: a name, or an IPv4 or IPv6 literal without brackets.
    var host: String
    var port: Int
    /// The `Host` header: the host (IPv6 in brackets) and the port unless it is 80.
    var hostHeader: String
    /// The path and query, percent-encoded as in the URL, "/" when the URL has no path.
    var target: String

    /// - Throws: `HTTPTransportError.other` for anything but an `http` URL with a host.
    init(_ url: URL) throws(HTTPTransportError) {
        guard url.scheme?.lowercased() == "http" else {
            throw .other("the socket transport speaks plain http only, not \(url.scheme ?? "a URL without a scheme")")
        }
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let rawHost = components.host, !rawHost.isEmpty else {
            throw .other("the URL has no host to connect to")
        }
        let host = rawHost.hasPrefix("[") && rawHost.hasSuffix("]") ? String(rawHost.dropFirst().dropLast()) : rawHost
        let port = components.port ?? 80
        guard (1...65_535).contains(port) else { throw .other("the URL's port \(port) is out of range") }
        let bracketed = host.contains(":") ? "[\(host)]" : host
        self.host = host
        self.port = port
        hostHeader = port == 80 ? bracketed : "\(bracketed):\(port)"
        let path = components.percentEncodedPath
        target = (path.isEmpty ? "/" : path) + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
    }

    /// "host:port", for messages.
    var description: String {
        (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }
}
