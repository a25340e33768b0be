import Foundation

/// The default transport: `SocketHTTPTransport` for plain `http` URLs, which keeps the CPU
/// idle while a local model thinks; on Linux `CurlHTTPTransport` for `https`, since URLSession
/// there spins a core while it waits (docs/DESIGN.md), falling back to URLSession with a one-line
/// note when libcurl cannot be loaded; on Apple platforms URLSession for `https`.
///
/// URLSession on Linux honours the `http_proxy` and `all_proxy` environment variables and the
/// socket transport does not, so when one of them is set, plain `http` to any host but the
/// machine itself stays with URLSession.
public struct AutomaticHTTPTransport: HTTPTransport {
    private let plain = SocketHTTPTransport()
    private let secure: any HTTPTransport
    private let proxyConfigured: Bool
    /// Why `https` goes through URLSession on a platform that prefers curl, when it does.
    public let fallbackNote: String?

    /// - Parameters:
    ///   - environment: where to look for proxy variables.
    ///   - backstopTimeout: URLSession's idle timeout for `https` requests.
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment, backstopTimeout: TimeInterval = 3_600
    ) {
        #if canImport(Glibc)
        switch environment["THREADAI_HTTPS_TRANSPORT"] == "urlsession" ? .failure(LibCurlUnavailable(reason: "THREADAI_HTTPS_TRANSPORT=urlsession")) : CurlHTTPTransport.availability {
        case .success:
            secure = CurlHTTPTransport(environment: environment)
            fallbackNote = nil
        case .failure(let reason):
            secure = URLSessionTransport(backstopTimeout: backstopTimeout)
            fallbackNote = "https goes through URLSession, which keeps a core busy while it waits (\(reason)); install libcurl4 to avoid that."
        }
        #else
        secure = URLSessionTransport(backstopTimeout: backstopTimeout)
        fallbackNote = nil
        #endif
        proxyConfigured = ["http_proxy", "all_proxy", "ALL_PROXY"].contains { !(environment[$0] ?? "").isEmpty }
    }

    /// Sends `request` through the transport its URL calls for.
    /// - Throws: whatever that transport throws; see `SocketHTTPTransport` and `URLSessionTransport`.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await (usesSocket(request.url) ? plain.send(request) : secure.send(request))
    }

    /// Whether `url` goes over the socket transport rather than URLSession.
    func usesSocket(_ url: URL) -> Bool {
        guard url.scheme?.lowercased() == "http" else { return false }
        return !proxyConfigured || Self.isLoopback(url.host ?? "")
    }

    private static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return bare == "localhost" || bare.hasSuffix(".localhost") || bare.hasPrefix("127.") || bare == "::1"
    }
}
