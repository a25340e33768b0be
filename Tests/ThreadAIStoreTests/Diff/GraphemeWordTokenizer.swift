@testable import ThreadAIStore

/// The word tokenizer as it was before it read bytes: one `Character` at a time. Kept as the oracle
/// the byte scanner must agree with, token for token, on every input.
enum GraphemeWordTokenizer {
    static func tokens(in text: String) -> [(kind: WordToken.Kind, text: Substring)] {
        var tokens: [(kind: WordToken.Kind, text: Substring)] = []
        var index = text.startIndex
        while index < text.endIndex {
            let start = index
            let first = text[index]
            let kind: WordToken.Kind
            if isIdeograph(first) {
                // Chinese and Japanese characters are words one by one.
                kind = .word
                index = text.index(after: index)
            } else if isWordCharacter(first) {
                kind = .word
                index = endOfWord(in: text, from: index)
            } else if isWhitespace(first) {
                kind = .whitespace
                index = text[index...].firstIndex { !isWhitespace($0) } ?? text.endIndex
            } else {
                kind = .symbol
                index = text.index(after: index)
            }
            tokens.append((kind, text[start..<index]))
        }
        return tokens
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        if let ascii = character.asciiValue {
            return (ascii >= 0x30 && ascii <= 0x39) || ((ascii | 0x20) >= 0x61 && (ascii | 0x20) <= 0x7A)
        }
        return character.isLetter || character.isNumber
    }

    /// A Chinese or Japanese letter: a word of its own.
    private static func isIdeograph(_ character: Character) -> Bool {
        guard isWordCharacter(character), let scalar = character.unicodeScalars.first else { return false }
        return WordScanner.isIdeographic(scalar)
    }

    private static func isWhitespace(_ character: Character) -> Bool {
        if let ascii = character.asciiValue {
            return ascii == 0x20 || (ascii >= 0x09 && ascii <= 0x0D)
        }
        return character.isWhitespace
    }

    private static func isWordJoiner(_ character: Character) -> Bool {
        switch character {
        case "'", "\u{2019}", "-", "\u{2010}": true
        default: false
        }
    }

    private static func endOfWord(in text: String, from start: String.Index) -> String.Index {
        var index = text.index(after: start)
        while index < text.endIndex {
            let character = text[index]
            if isIdeograph(character) { break }
            if isWordCharacter(character) {
                index = text.index(after: index)
                continue
            }
            guard isWordJoiner(character) else { break }
            let next = text.index(after: index)
            guard next < text.endIndex, isWordCharacter(text[next]), !isIdeograph(text[next]) else { break }
            index = text.index(after: next)
        }
        return index
    }
}
