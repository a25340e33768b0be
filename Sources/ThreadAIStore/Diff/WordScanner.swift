/// `WordTokenizer`'s loop, over UTF-8 bytes.
///
/// Tokens must end exactly where the grapheme-cluster tokenizer ended them (words of `Character`s
/// that are letters or digits, joined by an inner `'`, `’`, `-` or `‐`; runs of whitespace
/// characters; anything else one character each), but asking `Character` about every cluster is
/// what made diffs of long threads slow. Two facts of Unicode's cluster rules (UAX #29) let bytes
/// decide most of it: an ASCII scalar followed by another ASCII scalar always ends a cluster,
/// except CR before LF (rule GB3); and a single ASCII scalar's class is a table look-up. Any
/// cluster that starts at or touches a non-ASCII byte (a combining mark after a letter, a ZWJ
/// sequence, a prepended mark, CJK) is asked of `Character` exactly as before.
///
/// Chinese and Japanese are written without spaces between words, so a run of their characters would
/// be one "word" as long as a clause, and a one-character change would replace it whole: each Han
/// ideograph, Hiragana or Katakana character is a word of its own, as word diffs of those languages
/// usually take them.
enum WordScanner {
    /// What one grapheme cluster is to the tokenizer.
    private enum Class {
        case word, ideograph, whitespace, joiner, other
    }

    /// Calls `body` with each token's kind and its range of UTF-8 byte offsets in `text`, in order.
    static func scan(_ text: String, _ body: (WordToken.Kind, Range<Int>) -> Void) {
        var text = text
        text.makeContiguousUTF8()
        let scanned: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            scan(bytes, text: text, body)
        }
        if scanned == nil {
            Array(text.utf8).withUnsafeBufferPointer { scan($0, text: text, body) }
        }
    }

    /// The number of word tokens `scan` would report, without reporting them: `diff --stat` counts
    /// every word of every message a side has alone. In ASCII text each byte is a cluster (CR LF is
    /// whitespace either way), so a word starts at a word byte unless a word byte, or a word byte and
    /// a joiner, come just before it. Text with any non-ASCII byte is scanned.
    static func wordCount(in text: String) -> Int {
        var text = text
        text.makeContiguousUTF8()
        let counted: Int?? = text.utf8.withContiguousStorageIfAvailable(asciiWordCount)
        if let counted = counted ?? Array(text.utf8).withUnsafeBufferPointer(asciiWordCount) { return counted }
        var count = 0
        scan(text) { kind, _ in
            if kind == .word { count += 1 }
        }
        return count
    }

    /// The word count of ASCII `bytes`, or nil when a byte is beyond ASCII. One table look-up and a
    /// few bit operations per byte, no branch (a per-byte `switch` cost a tenth of a long `diff --stat`).
    private static func asciiWordCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        asciiBits.withUnsafeBufferPointer { bits in
            var count = 0
            var seen: UInt8 = 0
            // 1 when the previous byte is a word byte; 1 when it is a joiner that follows a word byte.
            var previousIsWord: UInt8 = 0, previousJoinsWord: UInt8 = 0
            for byte in bytes {
                let bit = bits[Int(byte)]
                seen |= bit
                count &+= Int(bit & ~previousIsWord & ~previousJoinsWord & 1)
                previousJoinsWord = (bit >> 1) & previousIsWord
                previousIsWord = bit & 1
            }
            return seen & 0x80 == 0 ? count : nil
        }
    }

    /// Per byte: 1 for a word byte, 2 for a joiner, 0x80 beyond ASCII; from `asciiClass`.
    private static let asciiBits: [UInt8] = (0...255).map { (byte: Int) -> UInt8 in
        guard byte < 0x80 else { return 0x80 }
        switch asciiClass(UInt8(byte)) {
        case .word: return 1
        case .joiner: return 2
        case .ideograph, .whitespace, .other: return 0
        }
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, text: String, _ body: (WordToken.Kind, Range<Int>) -> Void) {
        let count = bytes.count
        var position = 0
        while position < count {
            let start = position
            let first = cluster(at: position, in: bytes, text: text)
            position = first.end
            switch first.class {
            case .word:
                while position < count {
                    let next = cluster(at: position, in: bytes, text: text)
                    if next.class == .word {
                        position = next.end
                        continue
                    }
                    guard next.class == .joiner, next.end < count else { break }
                    let afterJoiner = cluster(at: next.end, in: bytes, text: text)
                    guard afterJoiner.class == .word else { break }
                    position = afterJoiner.end
                }
                body(.word, start..<position)
            case .ideograph:
                body(.word, start..<position)
            case .whitespace:
                while position < count {
                    let next = cluster(at: position, in: bytes, text: text)
                    guard next.class == .whitespace else { break }
                    position = next.end
                }
                body(.whitespace, start..<position)
            case .joiner, .other:
                body(.symbol, start..<position)
            }
        }
    }

    /// The end of the grapheme cluster that begins at byte `start` (a cluster boundary), and its class.
    @inline(__always)
    private static func cluster(at start: Int, in bytes: UnsafeBufferPointer<UInt8>, text: String) -> (end: Int, class: Class) {
        let byte = bytes[start]
        if byte < 0x80 {
            let next = start + 1
            if next == bytes.count { return (next, asciiClass(byte)) }
            let following = bytes[next]
            if following < 0x80 {
                if byte == 0x0D && following == 0x0A { return (next + 1, .whitespace) }
                return (next, asciiClass(byte))
            }
        }
        return unicodeCluster(at: start, in: text)
    }

    /// The cluster at `start` as `Character` sees it: the slow path, for text beyond ASCII.
    private static func unicodeCluster(at start: Int, in text: String) -> (end: Int, class: Class) {
        let utf8 = text.utf8
        let index = utf8.index(utf8.startIndex, offsetBy: start)
        let end = text.index(after: index)
        return (utf8.distance(from: utf8.startIndex, to: end), characterClass(text[index]))
    }

    /// Letters and digits are words, as are ASCII letters and digits; CRLF (`asciiValue` 0x0A) is whitespace.
    private static func characterClass(_ character: Character) -> Class {
        if let ascii = character.asciiValue { return asciiClass(ascii) }
        if character.isLetter || character.isNumber {
            // The blocks hold marks that are not letters too (the Katakana middle dot ・): those stay symbols.
            if let first = character.unicodeScalars.first, isIdeographic(first) { return .ideograph }
            return .word
        }
        if character.isWhitespace { return .whitespace }
        switch character {
        case "'", "\u{2019}", "-", "\u{2010}": return .joiner
        default: return .other
        }
    }

    /// Han ideographs (with the iteration mark 々 and the ideographic numerals), Bopomofo, Hiragana and
    /// Katakana (half-width included): the scripts whose letters are words of their own here.
    static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3005, 0x3007, 0x3021...0x3029, 0x3038...0x303B: true
        case 0x3040...0x30FF, 0x3100...0x312F, 0x31A0...0x31BF, 0x31F0...0x31FF: true
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF66...0xFF9F: true
        case 0x20000...0x3FFFF: true
        default: false
        }
    }

    @inline(__always)
    private static func asciiClass(_ byte: UInt8) -> Class {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: .word
        case 0x09...0x0D, 0x20: .whitespace
        case 0x27, 0x2D: .joiner
        default: .other
        }
    }
}
