import Testing
@testable import ThreadAIProviders

/// The two real transports, so the loopback suites run over each.
enum TransportKind: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case urlSession = "URLSession"
    case socket
    #if canImport(Glibc)
    case curl = "libcurl"
    #endif

    var testDescription: String { "over \(rawValue)" }

    func make() -> any HTTPTransport {
        switch self {
        case .urlSession: URLSessionTransport()
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
