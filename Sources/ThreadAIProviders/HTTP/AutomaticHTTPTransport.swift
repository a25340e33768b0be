#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The default transport: `SocketHTTPTransport` for plain `http` URLs, which keeps the CPU
/// idle while a local model thinks; for `https`, `CurlHTTPTransport` on Linux (URLSession there
/// spins a core while it waits, docs/DESIGN.md) and URLSession on Apple platforms.
///
/// Linux builds hold no URLSession at all: FoundationNetworking would load libcurl and some
/// thirty libraries behind it at the start of every command, `--version` and `log` included
/// (docs/PERFORMANCE.md), and it cannot start without libcurl anyway. libcurl is loaded when
/// a request first needs it; without it, such a request fails saying to install it.
///
/// The socket transport does not read the `http_proxy` and `all_proxy` environment variables,
/// so when one of them is set, plain `http` to any host but the machine itself goes the `https`
/// way (libcurl and URLSession both honour them).
public struct AutomaticHTTPTransport: HTTPTransport {
    private let plain = SocketHTTPTransport()
    #if canImport(Glibc)
    private let curl: CurlHTTPTransport
    #else
    private let session: URLSessionTransport
    #endif
    private let proxyConfigured: Bool

    /// - Parameters:
    ///   - environment: the process environment, where to look for proxy variables (and, on Linux,
    ///     libcurl's certificate settings), as the program passes it: the library reads none itself.
    ///   - backstopTimeout: URLSession's idle timeout for `https` requests, on Apple platforms.
    public init(
        environment: [String: String] = [:], backstopTimeout: TimeInterval = 3_600
    ) {
        #if canImport(Glibc)
        curl = CurlHTTPTransport(environment: environment)
        #else
        session = URLSessionTransport(backstopTimeout: backstopTimeout)
        #endif
        proxyConfigured = ["http_proxy", "all_proxy", "ALL_PROXY"].contains { !(environment[$0] ?? "").isEmpty }
    }

    /// Sends `request` through the transport its URL calls for.
    /// - Throws: whatever that transport throws; see `SocketHTTPTransport` and `URLSessionTransport`.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await (usesSocket(request.url) ? plain.send(request) : secure.send(request))
    }

    /// The transport for `https`. On Linux, asking for it loads libcurl the first time: a provider
    /// made for `send` and never asked over `https` (the offline model, a local server) loads none
    /// of it.
    private var secure: any HTTPTransport {
        #if canImport(Glibc)
        switch CurlHTTPTransport.availability {
        case .success: curl
        case .failure(let reason): MissingLibCurl(reason: String(describing: reason))
        }
        #else
        session
        #endif
    }

    /// Whether `url` goes over the socket transport rather than the `https` one.
    func usesSocket(_ url: URL) -> Bool {
        guard url.scheme?.lowercased() == "http" else { return false }
        return !proxyConfigured || Self.isLoopback(url.host ?? "")
    }

    private static func isLoopback(_ host: String) -> Bool {
        let bare = String(host.drop(while: { "[]".contains($0) }).reversed().drop(while: { "[]".contains($0) }).reversed()).lowercased()
        return bare == "localhost" || bare.hasSuffix(".localhost") || bare.hasPrefix("127.") || bare == "::1"
    }
}

#if canImport(Glibc)
/// What `https` goes through on Linux when libcurl cannot be loaded: every request fails, saying why.
struct MissingLibCurl: HTTPTransport {
    var reason: String

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw HTTPTransportError.other("https needs the system's libcurl, which cannot be loaded (\(reason)); install libcurl4 (apt install libcurl4)")
    }
}
#endif
