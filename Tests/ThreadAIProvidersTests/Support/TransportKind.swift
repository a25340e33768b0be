import Testing
@testable import ThreadAIProviders

/// The real transports of this platform, so the loopback suites run over each: URLSession and the
/// socket on Apple platforms, the socket and libcurl on Linux (which builds no URLSession transport).
enum TransportKind: String, Sendable, CaseIterable, CustomTestStringConvertible {
    #if !canImport(Glibc)
    case urlSession = "URLSession"
    #endif
    case socket
    #if canImport(Glibc)
    case curl = "libcurl"
    #endif

    /// What `https` goes through by default on this platform.
    #if canImport(Glibc)
    static let secure = TransportKind.curl
    #else
    static let secure = TransportKind.urlSession
    #endif

    var testDescription: String { "over \(rawValue)" }

    func make() -> any HTTPTransport {
        switch self {
        #if !canImport(Glibc)
        case .urlSession: URLSessionTransport()
        #endif
        case .socket: SocketHTTPTransport()
        #if canImport(Glibc)
        case .curl: CurlHTTPTransport()
        #endif
        }
    }
}

/// A provider's wire format over one transport, for tests that already take another argument list.
struct Route: Sendable, CustomTestStringConvertible {
    var kind: ProviderKind
    var transport: TransportKind

    static let all = ProviderKind.allCases.flatMap { kind in TransportKind.allCases.map { Route(kind: kind, transport: $0) } }

    var testDescription: String { "\(kind.rawValue) over \(transport.rawValue)" }
}
