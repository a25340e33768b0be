/// Short forms of message text for one-line listings.
enum Summary {
    /// The first non-empty line of `text`, cut to `limit` characters with an ellipsis.
    static func oneLine(_ text: String, limit: Int) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let trimmed = line.trimmed(of: [" ", "\t"])
        return trimmed.count > limit ? String(trimmed.prefix(max(1, limit - 1))) + "…" : trimmed
    }
}

extension String {
    /// The string without leading and trailing characters from `characters`.
    func trimmed(of characters: Set<Character>) -> String {
        guard let first = firstIndex(where: { !characters.contains($0) }),
              let last = lastIndex(where: { !characters.contains($0) }) else { return "" }
        return String(self[first...last])
    }
}
