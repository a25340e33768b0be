#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

/// Text made safe to place in an HTML page: nothing a message holds can become markup or script.
enum HTMLText {
    /// Escapes `&`, `<`, `>`, `"` and `'`, so the result is safe in element content and in a quoted
    /// attribute value alike. Control characters (but tab and line ends) and the bidirectional
    /// overrides and isolates are shown as the terminal views show them (`^[`, `<U+202E>`): a page
    /// must not show other text than the message holds, reordered by an override.
    static func escape<S: StringProtocol>(_ text: S) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            default:
                if TerminalSafe.needsEscape(scalar) {
                    escaped += TerminalSafe.visible(scalar).replacing("<", with: "&lt;").replacing(">", with: "&gt;")
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }

    /// The link target `url` if it is safe to follow from an exported page: `http`, `https` and
    /// `mailto` URLs, and relative ones (`#anchor`, `page.html`); nil for any other scheme
    /// (`javascript:`, `data:`, `file:`, …), so a message cannot make a link that runs code.
    static func safeURL(_ url: String) -> String? {
        let trimmed = url.trimmingSpaces()
        let squeezed = String(trimmed.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F })
        guard !squeezed.isEmpty else { return nil }
        let beforePath = squeezed.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let colon = beforePath.firstIndex(of: ":") else { return trimmed }
        let scheme = squeezed[..<colon].lowercased()
        return ["http", "https", "mailto"].contains(scheme) ? trimmed : nil
    }
}
