import Testing
@testable import ThreadAIStore

@Suite("Word and line tokenizers")
struct WordTokenizerTests {
    struct TokenCase: CustomTestStringConvertible, Sendable {
        let name: String
        let input: String
        let expected: [String]
        var testDescription: String { name }
    }

    static let tokenCases: [TokenCase] = [
        TokenCase(name: "empty text has no tokens", input: "", expected: []),
        TokenCase(name: "words and spaces", input: "the cat sat", expected: ["the", " ", "cat", " ", "sat"]),
        TokenCase(name: "punctuation is one token per mark", input: "Hi, you!?", expected: ["Hi", ",", " ", "you", "!", "?"]),
        TokenCase(name: "inner apostrophe stays in the word", input: "don't stop", expected: ["don't", " ", "stop"]),
        TokenCase(name: "typographic apostrophe stays in the word", input: "it\u{2019}s", expected: ["it\u{2019}s"]),
        TokenCase(name: "inner hyphen stays in the word", input: "a well-known fact", expected: ["a", " ", "well-known", " ", "fact"]),
        TokenCase(name: "trailing apostrophe and hyphen are symbols", input: "dogs' -x- y-", expected: ["dogs", "'", " ", "-", "x", "-", " ", "y", "-"]),
        TokenCase(name: "double hyphen splits", input: "a--b", expected: ["a", "-", "-", "b"]),
        TokenCase(name: "digits join letters", input: "gpt4o costs 3.50", expected: ["gpt4o", " ", "costs", " ", "3", ".", "50"]),
        TokenCase(name: "whitespace runs are one token", input: "a \t\n  b", expected: ["a", " \t\n  ", "b"]),
        TokenCase(name: "CRLF is whitespace", input: "one\r\ntwo\r\n", expected: ["one", "\r\n", "two", "\r\n"]),
        TokenCase(name: "emoji are single symbols", input: "ok👍🏽🇫🇷!", expected: ["ok", "👍🏽", "🇫🇷", "!"]),
        TokenCase(name: "combining marks stay with their letter", input: "cafe\u{301} noe\u{308}l", expected: ["cafe\u{301}", " ", "noe\u{308}l"]),
        TokenCase(name: "non-Latin scripts are words", input: "Привет мир 안녕 세상", expected: ["Привет", " ", "мир", " ", "안녕", " ", "세상"]),
        TokenCase(name: "Chinese characters are words one by one", input: "你好，世界", expected: ["你", "好", "，", "世", "界"]),
        TokenCase(name: "Japanese kana and kanji are words one by one, beside Latin words", input: "iPhone対応のアプリ-3", expected: ["iPhone", "対", "応", "の", "ア", "プ", "リ", "-", "3"]),
        TokenCase(name: "no joiner links ideographs", input: "東-京 a-東", expected: ["東", "-", "京", " ", "a", "-", "東"]),
        TokenCase(name: "the Katakana middle dot is a symbol between words", input: "アイ・ウエ", expected: ["ア", "イ", "・", "ウ", "エ"]),
        TokenCase(name: "markdown symbols", input: "**bold** `x`", expected: ["*", "*", "bold", "*", "*", " ", "`", "x", "`"]),
    ]

    @Test("Splits prose into words, whitespace runs and symbols", arguments: tokenCases)
    func tokenizes(_ testCase: TokenCase) {
        let tokens = WordTokenizer.tokens(in: testCase.input)
        #expect(tokens.map { String($0.text) } == testCase.expected)
        #expect(tokens.map(\.text).joined() == testCase.input)
    }

    @Test("Token kinds")
    func kinds() {
        let kinds = WordTokenizer.tokens(in: "Don't panic! 🙂").map(\.kind)
        #expect(kinds == [.word, .whitespace, .word, .symbol, .whitespace, .symbol])
        #expect(WordTokenizer.wordCount(in: "Hello, well-known world — 42!") == 4)
        #expect(WordTokenizer.wordCount(in: "アイ・ウエ、〇〇年。") == 7)
        #expect(WordTokenizer.tokens(in: "ア・").map(\.kind) == [.word, .symbol])
    }

    static let roundTripInputs: [String] = [
        "", " ", "\r\n", "plain words", "  leading and trailing  ",
        "line one\r\nline two\rline three\n", "emoji 👨‍👩‍👧 family and 🏳️‍🌈 flag",
        "e\u{301}\u{302} stacked marks", "\u{301}leading combining mark", "tabs\tand\u{00A0}nbsp",
        "mixed 中文, العربية and हिन्दी", "'quoted' -dashes- and ‘curly’ “quotes”",
    ]

    @Test("Joining tokens rebuilds the input byte for byte", arguments: roundTripInputs)
    func wordRoundTrip(_ input: String) {
        let rebuilt = WordTokenizer.tokens(in: input).map(\.text).joined()
        #expect(Array(rebuilt.utf8) == Array(input.utf8))
    }

    @Test("Joining lines rebuilds the input byte for byte", arguments: roundTripInputs)
    func lineRoundTrip(_ input: String) {
        let rebuilt = LineTokenizer.lines(in: input).joined()
        #expect(Array(rebuilt.utf8) == Array(input.utf8))
    }

    struct LineCase: CustomTestStringConvertible, Sendable {
        let name: String
        let input: String
        let expected: [String]
        var testDescription: String { name }
    }

    static let lineCases: [LineCase] = [
        LineCase(name: "empty text has no lines", input: "", expected: []),
        LineCase(name: "last line without line end", input: "a\nb", expected: ["a\n", "b"]),
        LineCase(name: "last line with line end", input: "a\nb\n", expected: ["a\n", "b\n"]),
        LineCase(name: "blank lines are lines", input: "\n\nx", expected: ["\n", "\n", "x"]),
        LineCase(name: "CRLF and CR line ends", input: "a\r\nb\rc", expected: ["a\r\n", "b\r", "c"]),
        LineCase(name: "a mark after CR starts the next line", input: "a\r\u{301}b\r\r\n", expected: ["a\r", "\u{301}b\r", "\r\n"]),
        LineCase(name: "non-ASCII lines", input: "你好\n👨‍👩‍👧\r\ne\u{301}", expected: ["你好\n", "👨‍👩‍👧\r\n", "e\u{301}"]),
    ]

    @Test("Splits text into lines that keep their line ends", arguments: lineCases)
    func lines(_ testCase: LineCase) {
        #expect(LineTokenizer.lines(in: testCase.input).map(String.init) == testCase.expected)
    }
}
