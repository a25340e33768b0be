import Testing
@testable import ThreadAIStore

@Suite("Frontmatter values (FORMAT.md §4.3)")
struct FrontmatterValueTests {
    struct Form: CustomTestStringConvertible, Sendable {
        let value: String
        let written: String
        var testDescription: String { "\(value.debugDescription) is written \(written)" }
        var isPlain: Bool { value == written }
    }

    static let forms: [Form] = [
        Form(value: "", written: #""""#),
        Form(value: " a", written: #"" a""#),
        Form(value: "a ", written: #""a ""#),
        Form(value: "a b", written: #""a b""#),
        Form(value: "-x", written: #""-x""#),
        Form(value: "+1", written: #""+1""#),
        Form(value: "@me", written: #""@me""#),
        Form(value: ":x", written: #"":x""#),
        Form(value: "#x", written: ##""#x""##),
        Form(value: "a#b", written: #""a#b""#),
        Form(value: "true", written: "true"),
        Form(value: "null", written: "null"),
        Form(value: "0", written: "0"),
        Form(value: "a:b", written: "a:b"),
        Form(value: "x@y.z", written: "x@y.z"),
        Form(value: "_private", written: "_private"),
        Form(value: ".hidden", written: ".hidden"),
        Form(value: "/path/to+it-1", written: "/path/to+it-1"),
        Form(value: "claude-sonnet-4-5", written: "claude-sonnet-4-5"),
        Form(value: "café", written: #""café""#),
        Form(value: "tab\there", written: #""tab\there""#),
        Form(value: "line\nbreak", written: #""line\nbreak""#),
        Form(value: "cr\rhere", written: #""cr\rhere""#),
        Form(value: "\u{7f}", written: #""\u007f""#),
        Form(value: "\u{0}", written: #""\u0000""#),
        Form(value: "\u{1b}[0m", written: #""\u001b[0m""#),
        Form(value: "\u{1f}", written: #""\u001f""#),
        Form(value: "say \"hi\"", written: #""say \"hi\"""#),
        Form(value: "back\\slash", written: #""back\\slash""#),
        Form(value: "\"", written: #""\"""#),
        Form(value: "5 stars", written: #""5 stars""#),
        Form(value: "HTTP 529: overloaded", written: #""HTTP 529: overloaded""#),
        Form(value: "👍 e\u{301} \u{2028}", written: "\"👍 e\u{301} \u{2028}\""),
        Form(value: "\u{80}\u{9f}", written: "\"\u{80}\u{9f}\""),
    ]

    @Test("encodes each string in its one canonical form and reads it back", arguments: forms)
    func canonicalForm(_ form: Form) throws {
        #expect(FrontmatterValue.encode(form.value) == form.written)
        #expect(FrontmatterValue.isPlain(form.value) == form.isPlain)
        let decoded = try FrontmatterValue.decode(form.written)
        #expect(decoded.utf8.elementsEqual(form.value.utf8))
    }

    struct Rejection: CustomTestStringConvertible, Sendable {
        let why: String
        let written: String
        let reason: MessageFormatError.Reason
        var testDescription: String { "\(why): \(written)" }
    }

    static let rejections: [Rejection] = [
        Rejection(why: "quoted plain word", written: #""gpt""#, reason: .quotedValueCouldBePlain("gpt")),
        Rejection(why: "quoted number", written: #""18""#, reason: .quotedValueCouldBePlain("18")),
        Rejection(why: "plain word written with an escape", written: #""\u0061""#, reason: .badEscape(#"\u0061"#)),
        Rejection(why: "unknown escape", written: #""\x""#, reason: .badEscape(#"\x"#)),
        Rejection(why: "escaped slash", written: #""\/""#, reason: .badEscape(#"\/"#)),
        Rejection(why: "escaped apostrophe", written: #""\'""#, reason: .badEscape(#"\'"#)),
        Rejection(why: "escaped non-ASCII", written: #""\é""#, reason: .badEscape(#"\é"#)),
        Rejection(why: "uppercase hex", written: #""\u001B""#, reason: .badEscape(#"\u001B"#)),
        Rejection(why: "\\u for a line feed", written: #""\u000a""#, reason: .badEscape(#"\u000a"#)),
        Rejection(why: "\\u for a tab", written: #""\u0009""#, reason: .badEscape(#"\u0009"#)),
        Rejection(why: "\\u for a quote", written: #""\u0022""#, reason: .badEscape(#"\u0022"#)),
        Rejection(why: "\\u for a printable character", written: #""a\u00e9""#, reason: .badEscape(#"\u00e9"#)),
        Rejection(why: "\\u past one byte", written: #""\u2028""#, reason: .badEscape(#"\u2028"#)),
        Rejection(why: "\\u with three digits", written: #""\u001""#, reason: .badEscape(#"\u001""#)),
        Rejection(why: "\\U", written: #""\U0001""#, reason: .badEscape(#"\U"#)),
        Rejection(why: "raw tab", written: "\"a\tb\"", reason: .unescapedControlCharacter(0x09)),
        Rejection(why: "raw DEL", written: "\"a\u{7f}\"", reason: .unescapedControlCharacter(0x7f)),
        Rejection(why: "raw escape character", written: "\"\u{1b}\"", reason: .unescapedControlCharacter(0x1b)),
        Rejection(why: "no closing quote", written: #""oops"#, reason: .unterminatedQuotedValue),
        Rejection(why: "only an opening quote", written: #"""#, reason: .unterminatedQuotedValue),
        Rejection(why: "backslash before the end", written: #""a\"#, reason: .unterminatedQuotedValue),
        Rejection(why: "text after the closing quote", written: #""a b"c"#, reason: .textAfterClosingQuote),
        Rejection(why: "an unescaped quote inside", written: #""a "b" c""#, reason: .textAfterClosingQuote),
        Rejection(why: "empty plain value", written: "", reason: .valueMustBeQuoted("")),
        Rejection(why: "plain with a space", written: "a b", reason: .valueMustBeQuoted("a b")),
        Rejection(why: "plain starting with -", written: "-x", reason: .valueMustBeQuoted("-x")),
        Rejection(why: "plain non-ASCII", written: "café", reason: .valueMustBeQuoted("café")),
        Rejection(why: "single quotes", written: "'a b'", reason: .valueMustBeQuoted("'a b'")),
        Rejection(why: "plain ending with a quote", written: #"a""#, reason: .valueMustBeQuoted(#"a""#)),
    ]

    @Test("rejects every other spelling", arguments: rejections)
    func rejection(_ rejection: Rejection) {
        #expect(throws: MessageFormatError(line: nil, reason: rejection.reason)) {
            try FrontmatterValue.decode(rejection.written)
        }
    }

    @Test("every byte below 0x80 round-trips, alone and between letters")
    func everyASCIIByte() throws {
        for scalar in (0..<0x80).compactMap(Unicode.Scalar.init) {
            for value in [String(scalar), "a\(scalar)b"] {
                let written = FrontmatterValue.encode(value)
                #expect(!written.utf8.contains { $0 < 0x20 || $0 == 0x7f }, "\(value.debugDescription)")
                #expect(try FrontmatterValue.decode(written) == value, "\(value.debugDescription)")
            }
        }
    }
}
