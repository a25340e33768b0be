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
/// Tokens end only between grapheme clusters (`Character`), so emoji, flags, combining marks and
/// CRLF stay whole. Joining the tokens' text always reproduces the input exactly.
/// The work is done on UTF-8 bytes (`WordScanner`); only non-ASCII text asks Unicode.
public enum WordTokenizer {
    /// Returns the tokens of `text` in order.
    public static func tokens(in text: String) -> [WordToken] {
        var text = text
        text.makeContiguousUTF8()
        let utf8 = text.utf8
        var tokens: [WordToken] = []
        WordScanner.scan(text) { kind, bytes in
            let start = utf8.index(utf8.startIndex, offsetBy: bytes.lowerBound)
            let end = utf8.index(utf8.startIndex, offsetBy: bytes.upperBound)
            tokens.append(WordToken(kind: kind, text: text[start..<end]))
        }
        return tokens
    }

    /// Returns the number of word tokens in `text`; whitespace and symbols are not counted.
    public static func wordCount(in text: some StringProtocol) -> Int {
        WordScanner.wordCount(in: String(text))
    }
}
