#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

/// How a number of a source is written in a structured part (docs/FORMAT.md §4.6, "Compact JSON"):
/// not as the source spelled it but as Foundation's `JSONSerialization` wrote the value it had read,
/// which the importers used before, so that a re-import keeps its messages' bytes and ids. Two
/// readings existed, so there are two forms; each takes a valid JSON number's text.
enum JSONNumberForm {
    /// As the llm and Claude Code importers wrote it (`JSONSerialization` read the number, then wrote
    /// it): an integer (no `.` or `e`) of at most 19 characters that fits Int64 when negative, or of
    /// at most 20 that fits UInt64 otherwise, in decimal; else text of more than 17 characters before
    /// its first lowercase `e`, whose exponent after that `e` is within -128...127 (0 when there is
    /// none or it is not an integer), as `Decimal` reads and describes it; anything else as a `Double`.
    /// Nil for a number no `Double` holds (1e400): Foundation refused the whole document.
    static func foundation(_ text: String) -> String? {
        let exponentStart = text.firstIndex(of: "e")
        let isInteger = exponentStart == nil && !text.contains(".")
        let length = text[..<(exponentStart ?? text.endIndex)].count
        if isInteger {
            if text.hasPrefix("-") {
                if length <= 19, let integer = Int64(text) { return String(integer) }
            } else if length <= 20, let integer = UInt64(text) {
                return String(integer)
            }
        }
        let exponent = exponentStart.flatMap { Int(text[text.index(after: $0)...]) } ?? 0
        if length > 17, (-128...127).contains(exponent), let decimal = Decimal(string: text), decimal.isFinite {
            return decimal.description
        }
        guard let double = Double(text), double.isFinite else { return nil }
        return double.jsonText
    }

    /// As the ChatGPT importer wrote it (its own reader's text, then an `Int` or a `Double`): an
    /// integer that fits Int in decimal, anything else as a `Double`. A number no `Double` holds
    /// keeps its text (Foundation wrote no JSON for it then, but a description of the whole part).
    static func chatGPT(_ text: String) -> String {
        if let integer = Int(text) { return String(integer) }
        guard let double = Double(text), double.isFinite else { return text }
        return double.jsonText
    }
}
