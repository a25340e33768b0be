#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

/// An API key on its way to a provider.
///
/// It prints as `••••` and the last four characters, whether through `description`,
/// `debugDescription`, string interpolation or `dump`, so logging a configuration that holds
/// one cannot leak the key.
public struct Credential: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The key itself; only the providers in this module read it, to put it in a request header.
    let secret: String

    /// Wraps a key, trimming the whitespace and newlines a paste or a file often adds.
    /// Returns nil when nothing is left.
    public init?(_ secret: String) {
        let trimmed = secret.trimmingWhitespace()
        if trimmed.isEmpty { return nil }
        self.secret = trimmed
    }

    /// `••••` and the last four characters; only `••••` for keys too short to show any.
    public var masked: String {
        secret.count >= 12 ? "••••" + secret.suffix(4) : "••••"
    }

    public var description: String { masked }
    public var debugDescription: String { "Credential(\(masked))" }
    public var customMirror: Mirror { Mirror(self, children: ["masked": masked]) }
}
