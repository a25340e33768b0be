/// The terms a digest looks for in a query typed as one would type it into a search box: words
/// split at white space, a "quoted phrase" kept whole, punctuation trimmed from each end (so
/// `retry,` is `retry` and `PackWriter.write()` keeps its inner dot), words of one letter and the
/// most common English words left out (they match nearly every message), each term once whatever
/// its case, at most `limit` of them in the order typed.
enum DigestTerms {
    static let limit = 8

    static func parse(_ query: String) -> [String] {
        var terms: [String] = [], seen = Set<String>()
        for (index, piece) in query.split(separator: "\"", omittingEmptySubsequences: false).enumerated() {
            // Odd pieces lie between quotes: a phrase, kept whole.
            let words = index % 2 == 1 ? [Substring(piece)] : piece.split(whereSeparator: { $0.isWhitespace })
            for word in words {
                let term = word.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
                    .trimmingCharacters(where: { !$0.isLetter && !$0.isNumber && $0 != "_" })
                let key = term.lowercased()
                guard term.count >= 2, !stopWords.contains(key), seen.insert(key).inserted else { continue }
                terms.append(term)
            }
        }
        return Array(terms.prefix(limit))
    }

    /// What is looked for to find `term` and its other forms: an English word of ASCII letters
    /// loses its endings (`retries`, `retrying`, `retry` all find `retr`), keeping at least four
    /// letters; anything else (a name in code, a phrase, other scripts) is looked for as typed.
    static func stem(_ term: String) -> String {
        guard term.utf8.allSatisfy({ (0x61...0x7a).contains($0 | 0x20) }) else { return term }
        var stem = term.lowercased()
        while let ending = endings.first(where: { stem.hasSuffix($0) && stem.count - $0.count >= 4 }) {
            stem.removeLast(ending.count)
        }
        return stem
    }

    /// Longest first, so `ies` goes before `s`.
    static let endings = ["ation", "ies", "ing", "ed", "es", "e", "s", "y"]

    static let stopWords: Set<String> = [
        "a", "an", "and", "are", "as", "at", "be", "but", "by", "do", "does", "for", "from", "had", "has", "have", "how",
        "i", "if", "in", "into", "is", "it", "its", "me", "my", "no", "not", "of", "on", "or", "our", "so", "that", "the",
        "their", "then", "there", "these", "this", "to", "us", "was", "we", "were", "what", "when", "where", "which",
        "who", "why", "will", "with", "you", "your",
    ]
}

extension String {
    /// The string without the characters at either end for which `trimmed` holds.
    func trimmingCharacters(where trimmed: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !trimmed($0) }), let last = lastIndex(where: { !trimmed($0) }) else { return "" }
        return String(self[first...last])
    }
}
