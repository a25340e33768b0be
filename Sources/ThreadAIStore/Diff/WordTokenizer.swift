/// One piece of text as the word diff sees it.
public struct WordToken: Sendable, Equatable {
    /// What a token is made of.
    public enum Kind: Sendable, Equatable {
        /// A run of letters and digits, possibly joined by inner apostrophes or hyphens ("don't", "well-known").
        case word
        /// A run of whitespace, line ends included.
        case whitespace
        /// A single punctuation mark, symbol or emoji.
        case symbol
    }

    public var kind: Kind
    public var text: Substring

    public init(kind: Kind, text: Substring) {
        self.kind = kind
        self.text = text
    }
}

/// Splits prose into words, whitespace runs and single symbols, so a diff can
/// report changed words instead of changed characters.
///
/// Works on grapheme clusters (`Character`), so emoji, flags, combining marks and
/// CRLF stay whole. Joining the tokens' text always reproduces the input exactly.
public enum WordTokenizer {
    /// Returns the tokens of `text` in order.
    public static func tokens(in text: String) -> [WordToken] {
        var tokens: [WordToken] = []
        var index = text.startIndex
        while index < text.endIndex {
            let start = index
            let first = text[index]
            let kind: WordToken.Kind
            if isWordCharacter(first) {
                kind = .word
                index = endOfWord(in: text, from: index)
            } else if isWhitespace(first) {
                kind = .whitespace
                index = text[index...].firstIndex { !isWhitespace($0) } ?? text.endIndex
            } else {
                kind = .symbol
                index = text.index(after: index)
            }
            tokens.append(WordToken(kind: kind, text: text[start..<index]))
        }
        return tokens
    }

    /// Returns the number of word tokens in `text`; whitespace and symbols are not counted.
    public static func wordCount(in text: some StringProtocol) -> Int {
        tokens(in: String(text)).reduce(0) { $0 + ($1.kind == .word ? 1 : 0) }
    }

    /// Unicode property look-ups are costly; ASCII, most of most answers, is decided directly.
    static func isWordCharacter(_ character: Character) -> Bool {
        if let ascii = character.asciiValue {
            return (ascii >= 0x30 && ascii <= 0x39) || ((ascii | 0x20) >= 0x61 && (ascii | 0x20) <= 0x7A)
        }
        return character.isLetter || character.isNumber
    }

    private static func isWhitespace(_ character: Character) -> Bool {
        if let ascii = character.asciiValue {
            return ascii == 0x20 || (ascii >= 0x09 && ascii <= 0x0D)
        }
        return character.isWhitespace
    }

    /// Apostrophes and hyphens that belong to the word when letters follow them.
    private static func isWordJoiner(_ character: Character) -> Bool {
        switch character {
        case "'", "\u{2019}", "-", "\u{2010}": true
        default: false
        }
    }

    /// Returns the index just past the word that starts at `start`.
    private static func endOfWord(in text: String, from start: String.Index) -> String.Index {
        var index = text.index(after: start)
        while index < text.endIndex {
            let character = text[index]
            if isWordCharacter(character) {
                index = text.index(after: index)
                continue
            }
            guard isWordJoiner(character) else { break }
            let next = text.index(after: index)
            guard next < text.endIndex, isWordCharacter(text[next]) else { break }
            index = text.index(after: next)
        }
        return index
    }
}
