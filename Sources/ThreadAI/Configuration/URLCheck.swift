#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

/// Checks a configured base URL before it is stored, so a typo is caught by `config set` rather
/// than by the next `send`.
enum URLCheck {
    /// Why `text` cannot be a base URL, or nil when it can: it must be absolute http(s) with a
    /// host, and carry no user, password, query or fragment (a password in a URL is a secret
    /// that configuration must not hold).
    static func problem(with text: String) -> String? {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            return "it is not an absolute URL such as https://api.example.com/v1"
        }
        guard scheme == "http" || scheme == "https" else { return "the scheme must be http or https" }
        guard let host = components.host, !host.isEmpty else { return "it has no host" }
        if components.user != nil || components.password != nil {
            return "it must not contain a user name or password; keys go in '\(Remedy(.setKey))'"
        }
        if components.query != nil || components.fragment != nil { return "it must not have a query or fragment" }
        return nil
    }
}
