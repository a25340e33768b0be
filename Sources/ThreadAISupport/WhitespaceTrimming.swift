/// Foundation's `trimmingCharacters(in: .whitespaces)` and `(in: .whitespacesAndNewlines)`, which
/// FoundationEssentials lacks, with the same sets and the same unit: Unicode scalars, not characters.
extension StringProtocol {
    /// The text without leading and trailing white space: spaces of every kind (Unicode category Zs,
    /// and U+200B, which Foundation still counts), tabs and line breaks (U+000A–U+000D, U+0085,
    /// U+2028, U+2029).
    package func trimmingWhitespace() -> String {
        trimming(where: { $0.isSpaceOrTab || $0.isLineBreak })
    }

    /// The text without leading and trailing spaces (Unicode category Zs, and U+200B) and tabs; line
    /// breaks stay.
    package func trimmingSpaces() -> String {
        trimming(where: \.isSpaceOrTab)
    }

    private func trimming(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = String(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
              let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}

extension Unicode.Scalar {
    fileprivate var isSpaceOrTab: Bool {
        // U+200B ZERO WIDTH SPACE was a space (Zs) before Unicode 4.0.1; Foundation's set keeps it.
        value == 0x09 || value == 0x200B || properties.generalCategory == .spaceSeparator
    }

    fileprivate var isLineBreak: Bool {
        (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029
    }
}
