import Testing
@testable import ThreadAICLI

/// `TerminalSafe` and `TextLines` work on UTF-8 bytes; they must give what the scalar and
/// `Character` versions give, for every input.
@Suite("TerminalSafe and TextLines: the byte paths agree with the scalar and Character ones")
struct TerminalSafeTests {
    /// Every scalar class `TerminalSafe` treats apart, their neighbours, and what joins or splits lines.
    static let pieces: [String] = [
        "a", "Z", " ", "\t", "\n", "\r", "\r\n", "\n\r", "\u{00}", "\u{07}", "\u{08}", "\u{0B}", "\u{1B}", "\u{1F}",
        "\u{7F}", "\u{80}", "\u{85}", "\u{9B}", "\u{9F}", "\u{A0}", "©", "é", "e\u{301}", "\u{301}", "\u{2029}",
        "\u{2029}", "\u{202A}", "\u{202E}", "\u{202F}", "\u{2065}", "\u{2066}", "\u{2069}", "\u{206A}", "—", "…",
        "\u{2000}", "€", "🇫🇷", "👩\u{200D}💻", "\u{FFFD}", "line",
    ]

    static func randomTexts(count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let length = Int.random(in: 0...20, using: &generator)
            return (0..<length).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
        }
    }

    @Test("text(_:) equals the scalar walk on single pieces and random strings, as String and Substring")
    func textAgrees() {
        for text in Self.pieces + Self.randomTexts(count: 3_000, seed: 7) {
            #expect(TerminalSafe.text(text) == TerminalSafe.scalarwise(text), "\(text.debugDescription)")
            let inner = text.dropFirst()
            #expect(TerminalSafe.text(inner) == TerminalSafe.scalarwise(inner), "\(inner.debugDescription)")
        }
    }

    @Test("Every scalar of planes 0 and 1 is escaped exactly when the scalar walk escapes it")
    func everyScalar() {
        for value in UInt32(0)...0x1FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "x" + String(Character(scalar)) + "y"
            if TerminalSafe.text(text) != TerminalSafe.scalarwise(text) {
                Issue.record("U+\(String(value, radix: 16))")
            }
        }
    }

    @Test("Every scalar up to U+2100, at every place in a word of eight bytes, is escaped exactly when the scalar walk escapes it")
    func everyScalarInLongText() {
        for value in UInt32(0)...0x2100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for offset in 0..<9 {
                let text = String(repeating: "a", count: offset) + String(Character(scalar)) + String(repeating: "\n", count: 16 - offset)
                if TerminalSafe.text(text) != TerminalSafe.scalarwise(text) {
                    Issue.record("U+\(String(value, radix: 16)) at \(offset)")
                }
            }
        }
    }

    @Test("A sequence to escape at the very end of the text is found")
    func sequenceAtEnd() {
        for text in ["\u{C2}", "ab\u{80}", "ab\u{9F}", "ab\u{202E}", "ab\u{2069}", "ab\u{2028}"] {
            #expect(TerminalSafe.text(text) == TerminalSafe.scalarwise(text))
        }
        #expect(TerminalSafe.text("a\u{1B}[2Jb\u{9B}\u{202E}") == "a^[[2Jb<U+009B><U+202E>")
        #expect(TerminalSafe.text("tab\there\nline") == "tab\there\nline")
    }

    @Test("TextLines.split splits at every LF byte, CR LF included")
    func linesAgree() {
        let fixed = ["", "\n", "\n\n", "a\nb", "a\r\nb", "a\rb", "a\n\rb", "\r\n\r\n", "a\n", "\u{301}\nx", "x\n\u{301}"]
        for text in fixed + Self.randomTexts(count: 3_000, seed: 11) {
            let expected = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            #expect(TextLines.split(text).map(String.init) == expected, "\(text.debugDescription)")
        }
        #expect(TextLines.split("a\r\nb") == ["a\r", "b"])
    }

    @Test("writeIndented gives what indenting each line made safe gives, with escapes to make or none")
    func indentedAgrees() {
        let plain = Self.pieces.filter { TerminalSafe.scalarwise($0) == $0 }
        var generator = SplitMix64(seed: 5)
        let plainTexts = (0..<3_000).map { _ in
            (0..<Int.random(in: 0...40, using: &generator)).map { _ in plain.randomElement(using: &generator) ?? "" }.joined()
        }
        let fixed = ["", "\n", "\n\n", "a", "a\n", "\na", "a\n\nb\n", "    x\n\ty", "a\u{1B}b\nc", "\u{202E}\n"]
        for text in fixed + plainTexts + Self.randomTexts(count: 3_000, seed: 13) {
            let expected = TextLines.split(text).map { $0.isEmpty ? "\n" : "    " + TerminalSafe.text($0) + "\n" }.joined() + "\n"
            let output = BufferOutput()
            TerminalSafe.writeIndented(text, to: output)
            #expect(output.text == expected, "\(text.debugDescription)")
        }
    }

    @Test("An indented body cannot print a line at column 0: every line, CR LF ended or not, is indented")
    func crLineFeedIndented() {
        let output = BufferOutput()
        TerminalSafe.writeIndented("hello\r\nmessage 0123abcd\r\nRole:   system\nlast", to: output)
        #expect(output.text == "    hello^M\n    message 0123abcd^M\n    Role:   system\n    last\n\n")
    }
}

@Suite("Colours")
struct StyleTests {
    @Test("each line of a coloured text is coloured and reset on its own; empty lines and line breaks stay bare")
    func colourStopsAtEveryLineBreak() {
        let style = Style(enabled: true)
        #expect(style.removed("gone") == "\u{1B}[31mgone\u{1B}[0m")
        #expect(style.removed("one\n\ntwo\n") == "\u{1B}[31mone\u{1B}[0m\n\n\u{1B}[31mtwo\u{1B}[0m\n")
        #expect(style.added("\n") == "\n")
        #expect(style.removed("one\r\ntwo") == "\u{1B}[31mone\r\u{1B}[0m\n\u{1B}[31mtwo\u{1B}[0m")
        #expect(Style.plain.added("one\ntwo") == "one\ntwo")
    }
}
