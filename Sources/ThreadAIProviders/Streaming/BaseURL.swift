#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

/// Checks a configured base URL and builds endpoint URLs from it.
enum BaseURL {
    /// `text` as a URL fit to be a base: absolute http(s), with a host, no query or fragment,
    /// no trailing slash.
    /// - Throws: `ProviderError.invalidBaseURL`, its text shown without any password.
    static func validate(_ text: String, provider: String) throws -> URL {
        let trimmed = text.trimmingSpaces()
        func invalid(_ reason: String) -> ProviderError {
            .invalidBaseURL(provider: provider, url: shown(trimmed), reason: reason)
        }
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased() else {
            throw invalid("it is not an absolute URL")
        }
        guard scheme == "http" || scheme == "https" else { throw invalid("the scheme must be http or https, not \(scheme)") }
        guard let host = components.host, !host.isEmpty else { throw invalid("it has no host") }
        guard components.query == nil, components.fragment == nil else { throw invalid("it must not have a query or fragment") }
        var base = trimmed
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base) else { throw invalid("it is not a valid URL") }
        return url
    }

    /// `base` with `path` (which starts with `/`) appended.
    static func endpoint(_ base: URL, _ path: String) -> URL {
        URL(string: base.absoluteString + path) ?? base.appendingPathComponent(path)
    }

    /// `host:port` for messages, e.g. `127.0.0.1:8000`.
    static func hostAndPort(_ url: URL) -> String {
        let host = url.host ?? "?"
        return url.port.map { "\(host):\($0)" } ?? host
    }

    /// A URL's text with any user and password removed, safe to put in a message.
    static func shown(_ text: String, redactor: Redactor = Redactor()) -> String {
        guard var components = URLComponents(string: text), components.user != nil || components.password != nil else {
            return redactor.redact(text, truncatingTo: 200)
        }
        components.user = nil
        components.password = nil
        return redactor.redact(components.string ?? "(hidden)", truncatingTo: 200)
    }

    /// The base URL whose endpoint `endpointPath` is `target`: `http://host/api/v1` for
    /// `http://host/api/v1/chat/completions` and `/chat/completions`. Nil when `target` does not
    /// end with that path, or has a query, which a base URL cannot hold.
    static func base(reaching target: URL, endpointPath: String) -> String? {
        guard var components = URLComponents(url: target, resolvingAgainstBaseURL: true), components.query == nil,
              components.path.hasSuffix(endpointPath) else { return nil }
        components.path.removeLast(endpointPath.count)
        components.fragment = nil
        components.user = nil
        components.password = nil
        return components.string
    }
}
