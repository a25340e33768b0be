import Testing
@testable import ThreadAIStore

/// The byte scanner behind `WordTokenizer` must end tokens exactly where the grapheme-cluster
/// tokenizer did, for every input: beyond ASCII it asks `Character`, so these cases sit where bytes
/// and clusters disagree (marks and joiners after ASCII, prepended marks before it, CR LF).
@Suite("Word tokenizer on bytes")
struct WordScannerTests {
    typealias TokenCase = WordTokenizerTests.TokenCase

    static let trickyCases: [TokenCase] = [
        TokenCase(name: "a combining mark joins an ASCII letter's word", input: "re\u{301}sume\u{301} ok", expected: ["re\u{301}sume\u{301}", " ", "ok"]),
        TokenCase(name: "stacked combining marks", input: "a\u{301}\u{302}\u{303}b", expected: ["a\u{301}\u{302}\u{303}b"]),
        TokenCase(name: "a combining mark after a space stays whitespace", input: "x \u{301}y", expected: ["x", " \u{301}", "y"]),
        TokenCase(name: "a leading combining mark is a symbol", input: "\u{301}ab", expected: ["\u{301}", "ab"]),
        TokenCase(name: "a marked hyphen does not join", input: "well-\u{301}known", expected: ["well", "-\u{301}", "known"]),
        TokenCase(name: "a marked apostrophe does not join", input: "don'\u{301}t", expected: ["don", "'\u{301}", "t"]),
        TokenCase(name: "a combining mark after punctuation stays with it", input: "a.\u{301}b", expected: ["a", ".\u{301}", "b"]),
        TokenCase(name: "emoji ZWJ family is one symbol", input: "hi👨‍👩‍👧‍👦!", expected: ["hi", "👨‍👩‍👧‍👦", "!"]),
        TokenCase(name: "emoji ZWJ flag is one symbol", input: "🏳️‍🌈x", expected: ["🏳️‍🌈", "x"]),
        TokenCase(name: "a ZWJ after a letter stays in the word", input: "a\u{200D}b c", expected: ["a\u{200D}b", " ", "c"]),
        TokenCase(name: "skin tone modifier", input: "ok👍🏽ok", expected: ["ok", "👍🏽", "ok"]),
        TokenCase(name: "regional indicators pair up", input: "🇫🇷🇩🇪🇮", expected: ["🇫🇷", "🇩🇪", "🇮"]),
        TokenCase(name: "keycap on a digit is a word", input: "1\u{FE0F}\u{20E3} #\u{FE0F}\u{20E3}", expected: ["1\u{FE0F}\u{20E3}", " ", "#\u{FE0F}\u{20E3}"]),
        TokenCase(name: "CJK characters are words one by one, full-width punctuation a symbol", input: "你好，世界。", expected: ["你", "好", "，", "世", "界", "。"]),
        TokenCase(name: "Japanese kana and kanji one by one, then a Latin word", input: "日本語のテキストabc", expected: ["日", "本", "語", "の", "テ", "キ", "ス", "ト", "abc"]),
        TokenCase(name: "Hangul jamo make one syllable", input: "\u{1100}\u{1161}\u{11A8} x", expected: ["\u{1100}\u{1161}\u{11A8}", " ", "x"]),
        TokenCase(name: "Devanagari with virama and vowel signs", input: "हिन्दी भाषा", expected: ["हिन्दी", " ", "भाषा"]),
        TokenCase(name: "Arabic-Indic digits are words", input: "٣٤٥-٦", expected: ["٣٤٥-٦"]),
        TokenCase(name: "a prepended mark takes the next ASCII digit", input: "x \u{0600}12", expected: ["x", " ", "\u{0600}1", "2"]),
        TokenCase(name: "CRLF runs are one whitespace token", input: "a\r\n\r\nb", expected: ["a", "\r\n\r\n", "b"]),
        TokenCase(name: "CR alone and LF CR", input: "a\r\rb\n\rc", expected: ["a", "\r\r", "b", "\n\r", "c"]),
        TokenCase(name: "CRLF then a combining mark", input: "a\r\n\u{301}b", expected: ["a", "\r\n", "\u{301}", "b"]),
        TokenCase(name: "tabs and vertical whitespace", input: "a\t\tb\u{0B}\u{0C}c", expected: ["a", "\t\t", "b", "\u{0B}\u{0C}", "c"]),
        TokenCase(name: "no-break and line separators are whitespace", input: "a\u{00A0}\u{2028}b\u{3000}c", expected: ["a", "\u{00A0}\u{2028}", "b", "\u{3000}", "c"]),
        TokenCase(name: "control characters are symbols", input: "a\u{0}\u{1B}[0mb\u{7F}", expected: ["a", "\u{0}", "\u{1B}", "[", "0mb", "\u{7F}"]),
        TokenCase(name: "typographic joiners", input: "it\u{2019}s well\u{2010}known \u{2019}x", expected: ["it\u{2019}s", " ", "well\u{2010}known", " ", "\u{2019}", "x"]),
        TokenCase(name: "underscore splits words", input: "snake_case", expected: ["snake", "_", "case"]),
        TokenCase(name: "joiner at the very end", input: "end-", expected: ["end", "-"]),
    ]

    @Test("Tricky inputs split where grapheme clusters say", arguments: trickyCases)
    func tricky(_ testCase: TokenCase) {
        let tokens = WordTokenizer.tokens(in: testCase.input)
        #expect(tokens.map { Array($0.text.utf8) } == testCase.expected.map { Array($0.utf8) })
        #expect(Self.same(testCase.input))
    }

    /// Every string of three pieces from a pool of ASCII, marks, joiners, emoji parts and CJK.
    @Test("Agrees with the grapheme tokenizer on every mix of tricky pieces")
    func agreesOnMixes() {
        let pieces = [
            "a", "Z", "9", " ", "\t", "\r", "\n", "'", "-", "_", ".", "\u{2019}", "\u{2010}", "\u{301}", "\u{200D}",
            "\u{FE0F}", "👍", "🏽", "🇫", "你", "，", "\u{0600}", "é", "\u{00A0}", "\u{1100}", "\u{1161}", "ि", "्", "٣",
        ]
        var disagreements: [String] = []
        for first in pieces {
            for second in pieces {
                for third in pieces {
                    let input = first + second + third
                    if !Self.same(input) { disagreements.append(input) }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5).map { Array($0.unicodeScalars) })")
    }

    /// Every scalar of the first two planes and the tag plane, after and before letters, a space and joiners.
    @Test("Agrees with the grapheme tokenizer around every scalar")
    func agreesAroundEveryScalar() {
        let ranges: [ClosedRange<UInt32>] = [0...0x1_FFFF, 0xE_0000...0xE_01EF]
        var disagreements: [UInt32] = []
        for range in ranges {
            var block = ""
            var scalars: [UInt32] = []
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let s = String(Character(scalar))
                block += "a" + s + "b " + s + "x-" + s + "y'" + s + "1" + s + "\r" + s + "\n"
                scalars.append(value)
                if scalars.count == 256 || value == range.upperBound {
                    if !Self.same(block) {
                        // Find the culprit alone, to name it.
                        disagreements += scalars.filter { value in
                            let s = String(Character(Unicode.Scalar(value)!))
                            return !Self.same("a" + s + "b " + s + "x-" + s + "y'" + s + "1" + s + "\r" + s + "\n")
                        }
                    }
                    block = ""
                    scalars = []
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10).map { String($0, radix: 16) })")
    }

    @Test("Word counts agree with the tokens")
    func wordCounts() {
        for testCase in Self.trickyCases {
            let words = GraphemeWordTokenizer.tokens(in: testCase.input).filter { $0.kind == .word }.count
            #expect(WordTokenizer.wordCount(in: testCase.input) == words, "\(testCase.name)")
        }
        #expect(WordTokenizer.wordCount(in: "naïve cafe\u{301}s, 你好 — 42"[...]) == 5)
    }

    /// Every ASCII string of up to four pieces where joiners, words and line ends meet.
    @Test("ASCII word counts agree with the grapheme tokenizer")
    func asciiWordCounts() {
        let pieces = ["a", "9", "Zq", " ", "\r", "\n", "\r\n", "'", "-", "--", "_", ".", "a-", "-b", "x'y", "\t"]
        var disagreements: [String] = []
        func check(_ input: String) {
            let words = GraphemeWordTokenizer.tokens(in: input).filter { $0.kind == .word }.count
            if WordTokenizer.wordCount(in: input) != words { disagreements.append(input) }
        }
        for first in pieces {
            for second in pieces {
                for third in pieces {
                    check(first + second + third)
                    for fourth in pieces { check(first + second + third + fourth) }
                }
            }
        }
        for value in 0..<128 {
            let c = String(UnicodeScalar(UInt8(value)))
            for input in ["a" + c + "b", c + "a", "a" + c, "a-" + c, c + c + "-a", "9'" + c + "x"] { check(input) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    /// True when the byte scanner and the grapheme tokenizer give the same tokens: kinds and bytes.
    static func same(_ input: String) -> Bool {
        let ours = WordTokenizer.tokens(in: input)
        let reference = GraphemeWordTokenizer.tokens(in: input)
        return ours.count == reference.count && zip(ours, reference).allSatisfy { mine, theirs in
            mine.kind == theirs.kind && mine.text.utf8.elementsEqual(theirs.text.utf8)
        }
    }
}
