import Testing
@testable import ThreadAIStore

/// `Headline(of:limit:)` reads ASCII byte by byte; it must give what the `Character` walk gives.
@Suite("Headline: the ASCII path agrees with the Character walk")
struct HeadlineFastPathTests {
    /// Pieces that stress the rules: white space and line ends of every kind, CR LF, controls,
    /// combining marks after ASCII and after spaces, non-ASCII white space and line ends, emoji.
    static let pieces: [String] = [
        "a", "b", "Z", "0", " ", "  ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{1B}", "\u{7F}", "\u{00}",
        "\u{301}", "é", "e\u{301}", "\u{85}", "\u{A0}", "\u{2028}", "\u{2029}", "\u{3000}", "\u{202E}", "—",
        "🇫🇷", "👩\u{200D}💻", "\u{200D}", "xy", "hello world",
    ]

    @Test("Tricky fixed inputs")
    func fixedInputs() {
        let inputs = [
            "", " ", "\n\n", "  hello  \n world", "\r\nline", "a\r\nb", "tab\there", "trailing   ", "x \u{301}y",
            " \u{301}lead", "e\u{301}", "a\u{85}b", "\u{A0}x", "caf\u{E9}", String(repeating: "a", count: 71),
            String(repeating: "a", count: 72), String(repeating: "a", count: 73), "a" + String(repeating: " ", count: 100) + "b",
            String(repeating: "ab ", count: 40), String(repeating: "a", count: 71) + "\u{301}", "\u{1B}[31mred\u{1B}[0m",
        ]
        for input in inputs {
            for limit in [0, 1, 2, 3, 5, 10, 71, 72, 73] {
                #expect(Headline(of: input, limit: limit) == Headline.characterwise(of: input, limit: limit),
                        "\(input.debugDescription) limit \(limit)")
            }
        }
    }

    @Test("Random strings of tricky pieces")
    func randomInputs() {
        var generator = SeededGenerator(seed: 20261123)
        for _ in 0..<4_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let input = (0..<length).map { _ in Self.pieces.randomElement(using: &generator) ?? "" }.joined()
            let limit = [1, 2, 4, 8, 72].randomElement(using: &generator) ?? 72
            #expect(Headline(of: input, limit: limit) == Headline.characterwise(of: input, limit: limit),
                    "\(input.debugDescription) limit \(limit)")
        }
    }

    @Test("An ASCII line is decided by the byte path, a non-ASCII one is left to the Character walk")
    func pathTaken() {
        func ascii(_ text: String, limit: Int = 72) -> Headline? {
            Array(text.utf8).withUnsafeBufferPointer { Headline.ascii(of: $0, limit: limit) }
        }
        #expect(ascii("  first line\nsecond") == Headline(text: "first line", isCut: false))
        #expect(ascii("abcdef", limit: 4) == Headline(text: "abc", isCut: true))
        #expect(ascii("ok\ncafé") == Headline(text: "ok", isCut: false))
        #expect(ascii("café") == nil)
        #expect(ascii("e\u{301}") == nil)
    }
}
