import ThreadAI

/// Short forms of message text for one-line listings.
enum Summary {
    /// The first non-blank line of `text`, cut to `limit` characters with an ellipsis.
    /// Looks at no more of the text than it shows: listings of long threads call it per message.
    static func oneLine(_ text: String, limit: Int) -> String {
        render(Headline(of: text, limit: limit))
    }

    /// A headline (computed here or read from the cache) made safe for a terminal, with `…` when cut.
    static func render(_ headline: Headline) -> String {
        TerminalSafe.text(headline.text) + (headline.isCut ? "…" : "")
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
