/// Short forms of message text for one-line listings.
enum Summary {
    /// The first non-blank line of `text`, cut to `limit` characters with an ellipsis.
    /// Looks at no more of the text than it shows: listings of long threads call it per message.
    static func oneLine(_ text: String, limit: Int) -> String {
        var line = ""
        var count = 0
        var pendingSpaces = ""
        for character in text.drop(while: { $0.isWhitespace }) {
            if character.isNewline { break }
            if character == " " || character == "\t" {
                pendingSpaces.append(character)
                continue
            }
            if count + pendingSpaces.count >= limit {
                return TerminalSafe.text(line.prefix(max(1, limit - 1))) + "…"
            }
            line += pendingSpaces
            count += pendingSpaces.count + 1
            pendingSpaces = ""
            line.append(character)
        }
        return TerminalSafe.text(line)
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
