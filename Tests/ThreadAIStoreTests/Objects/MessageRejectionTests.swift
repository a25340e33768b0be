import Testing
@testable import ThreadAIStore

/// Every rejection of docs/FORMAT.md §4.4, with the line the reader names.
@Suite("Message objects a reader rejects (FORMAT.md §4.4)")
struct MessageRejectionTests {
    struct Rejection: CustomTestStringConvertible, Sendable {
        let why: String
        let bytes: [UInt8]
        let line: Int?
        let reason: MessageFormatError.Reason
        var testDescription: String { why }

        init(_ why: String, _ bytes: [UInt8], line: Int?, _ reason: MessageFormatError.Reason) {
            self.why = why
            self.bytes = bytes
            self.line = line
            self.reason = reason
        }
    }

    static let parentHex = "be252dea07ef90e1b963af7bc056a3bcb9cfc0c2436f358e0a7b46c542d64b8c"
    static let required = ["thread: main", "role: user", "date: 2026-11-21T09:00:05Z"]

    /// An object with these frontmatter lines and content; line 1 is the opening `---`, so the
    /// frontmatter lines are lines 2, 3, …
    static func object(_ frontmatter: [String] = required, content: String = "Hello") -> [UInt8] {
        Array(("---\n" + frontmatter.map { $0 + "\n" }.joined() + "---\n" + content + "\n").utf8)
    }

    /// `required` with `line` placed after the first `after` lines.
    static func with(_ line: String, after: Int = 3) -> [String] {
        var lines = required
        lines.insert(line, at: after)
        return lines
    }

    static func replacing(_ index: Int, with line: String) -> [String] {
        var lines = required
        lines[index] = line
        return lines
    }

    /// A §4.7 key with a malformed value on line 5, rejected with the form the key expects.
    static func anchor(_ why: String, _ line: String) -> Rejection {
        let key = String(line.prefix { $0 != ":" })
        let value = (try? FrontmatterValue.decode(String(line.dropFirst(key.count + 2)))) ?? "(undecodable)"
        let expected = CodeAnchorValue.problem(withKey: key, value: value)
            ?? MergeLinkValue.problem(withKey: key, value: value) ?? "(accepted)"
        return Rejection(why, object(with(line)), line: 5, .invalidValue(key: key, value: value, expected: expected))
    }

    static let longKey = String(repeating: "k", count: 65)
    static let hello = Array("Hello".utf8)

    static let rejections: [Rejection] = [
        // The opening and closing lines.
        Rejection("empty object", [], line: 1, .missingOpeningDelimiter),
        Rejection("no opening line", Array("thread: main\n---\nHello\n".utf8), line: 1, .missingOpeningDelimiter),
        Rejection("a byte-order mark before the opening line", [0xef, 0xbb, 0xbf] + object(), line: 1, .missingOpeningDelimiter),
        Rejection("opening line with a trailing space", Array("--- \n".utf8) + object().dropFirst(4), line: 1, .missingOpeningDelimiter),
        Rejection("opening line of four dashes", Array("----\n".utf8) + object().dropFirst(4), line: 1, .missingOpeningDelimiter),
        Rejection("no closing line", Array("---\nthread: main\nrole: user\ndate: 2026-11-21T09:00:05Z\n".utf8), line: nil, .missingClosingDelimiter),
        Rejection("only the opening line", Array("---\n".utf8), line: nil, .missingClosingDelimiter),
        Rejection("closing line with a trailing space", Array("---\nthread: main\n--- \nHello\n".utf8), line: 3, .notKeyValue),
        // Lines that are not `key: value`.
        Rejection("a line without a colon", object(with("model")), line: 5, .notKeyValue),
        Rejection("no space after the colon", object(with("model:gpt")), line: 5, .notKeyValue),
        Rejection("a colon at the end of the line", object(with("model:")), line: 5, .notKeyValue),
        Rejection("an empty frontmatter line", object(with("", after: 1)), line: 3, .notKeyValue),
        Rejection("a YAML comment", object(with("# note")), line: 5, .notKeyValue),
        // Keys.
        Rejection("an uppercase key", object(with("Model: gpt")), line: 5, .invalidKey("Model")),
        Rejection("an underscore in a key", object(with("x_rating: 5")), line: 5, .invalidKey("x_rating")),
        Rejection("a key starting with a digit", object(with("9lives: yes")), line: 5, .invalidKey("9lives")),
        Rejection("a key starting with -", object(with("-x: yes")), line: 5, .invalidKey("-x")),
        Rejection("a space before the colon", object(with("model : gpt")), line: 5, .invalidKey("model ")),
        Rejection("an indented key", object(with(" model: gpt")), line: 5, .invalidKey(" model")),
        Rejection("an empty key", object(with(": gpt")), line: 5, .invalidKey("")),
        Rejection("a key of 65 bytes", object(with(longKey + ": x")), line: 5, .invalidKey(longKey)),
        Rejection("a duplicate role", object(with("role: user", after: 2)), line: 4, .duplicateKey("role")),
        Rejection("a duplicate extension key", object(required + ["model: a", "model: b"]), line: 6, .duplicateKey("model")),
        Rejection("a duplicate key further down", object(required + ["a: 1", "b: 2", "a: 3"]), line: 7, .duplicateKey("a")),
        // Order.
        Rejection("parent after thread", object(with("parent: \(parentHex)", after: 1)), line: 3, .keyOutOfOrder("parent", after: "thread")),
        Rejection("role before thread", object(["role: user", "thread: main", "date: 2026-11-21T09:00:05Z"]), line: 3, .keyOutOfOrder("thread", after: "role")),
        Rejection("date after an extra key", object(["thread: main", "role: user", "model: gpt", "date: 2026-11-21T09:00:05Z"]), line: 5, .keyOutOfOrder("date", after: "model")),
        Rejection("extra keys not in byte order", object(required + ["model: gpt", "finish: stop"]), line: 6, .keyOutOfOrder("finish", after: "model")),
        Rejection("'-' sorts before digits", object(required + ["a0: x", "a-b: y"]), line: 6, .keyOutOfOrder("a-b", after: "a0")),
        // Required keys.
        Rejection("no thread", object(["role: user", "date: 2026-11-21T09:00:05Z"]), line: 4, .missingKey("thread")),
        Rejection("no role", object(["thread: main", "date: 2026-11-21T09:00:05Z"]), line: 4, .missingKey("role")),
        Rejection("no date", object(["thread: main", "role: user", "model: gpt"]), line: 5, .missingKey("date")),
        Rejection("no frontmatter at all", Array("---\n---\nHello\n".utf8), line: 2, .missingKey("thread")),
        // Values of the leading keys.
        Rejection("an uppercase parent", object(["parent: " + parentHex.uppercased()] + required), line: 2,
                  .invalidParent(ObjectIDError(text: parentHex.uppercased()))),
        Rejection("an abbreviated parent", object(["parent: be252dea"] + required), line: 2, .invalidParent(ObjectIDError(text: "be252dea"))),
        Rejection("a thread name with a space", object(replacing(0, with: #"thread: "a b""#)), line: 2,
                  .invalidThread(ThreadNameError(name: "a b", reason: .characterNotAllowed(" ")))),
        Rejection("the thread name HEAD", object(replacing(0, with: "thread: HEAD")), line: 2, .invalidThread(ThreadNameError(name: "HEAD", reason: .head))),
        Rejection("an unknown role", object(replacing(1, with: "role: tool")), line: 3, .invalidRole("tool")),
        Rejection("a capitalised role", object(replacing(1, with: "role: User")), line: 3, .invalidRole("User")),
        Rejection("February 29 of 2026", object(replacing(2, with: "date: 2026-02-29T09:00:05Z")), line: 4,
                  .invalidDate(TimestampError(text: "2026-02-29T09:00:05Z", reason: .noSuchDay))),
        Rejection("a date with a space", object(replacing(2, with: #"date: "2026-11-21 09:00:05Z""#)), line: 4,
                  .invalidDate(TimestampError(text: "2026-11-21 09:00:05Z", reason: .notRFC3339))),
        // Decimal integers.
        Rejection("a leading zero", object(with("input-tokens: 018")), line: 5, .invalidDecimalInteger(key: "input-tokens", value: "018")),
        Rejection("a fraction", object(with("latency-ms: 1.5")), line: 5, .invalidDecimalInteger(key: "latency-ms", value: "1.5")),
        Rejection("an exponent", object(with("output-tokens: 1e3")), line: 5, .invalidDecimalInteger(key: "output-tokens", value: "1e3")),
        Rejection("a negative number", object(with(#"first-token-ms: "-1""#)), line: 5, .invalidDecimalInteger(key: "first-token-ms", value: "-1")),
        Rejection("an empty number", object(with(#"input-tokens: """#)), line: 5, .invalidDecimalInteger(key: "input-tokens", value: "")),
        // Code anchors and attached files (§4.7).
        anchor("an abbreviated commit", "code-commit: 3f786850"),
        anchor("an uppercase commit", "code-commit: 3F786850E387550FDAB836ED7E6DC881DE23001B"),
        anchor("a false dirty flag", "code-dirty: false"),
        anchor("an empty branch", #"code-branch: """#),
        anchor("a file entry without a path", "files: 11b15b1a4584b08fa423a57964bdbf018b0da0d5"),
        anchor("a file entry with an empty path", #"files: "11b15b1a4584b08fa423a57964bdbf018b0da0d5 ""#),
        anchor("a file entry with a short blob", #"files: "11b15b1a a.swift""#),
        anchor("an empty second file entry", #"files: "11b15b1a4584b08fa423a57964bdbf018b0da0d5 a.swift\n""#),
        // Merged outcomes (§4.8).
        anchor("an abbreviated merged-from", "merged-from: 3f786850"),
        anchor("an uppercase merged-from", "merged-from: " + String(repeating: "A", count: 64)),
        anchor("a merged-thread that is no thread name", "merged-thread: HEAD"),
        anchor("a false merged-summary", "merged-summary: false"),
        // Value forms.
        Rejection("a quoted value that could be plain", object(with(#"model: "gpt""#)), line: 5, .quotedValueCouldBePlain("gpt")),
        Rejection("a quoted role", object(replacing(1, with: #"role: "user""#)), line: 3, .quotedValueCouldBePlain("user")),
        Rejection("a bad escape", object(with(#"error: "a\qb""#)), line: 5, .badEscape(#"\q"#)),
        Rejection("an unneeded \\u escape", object(with(#"error: "a \u0041""#)), line: 5, .badEscape(#"\u0041"#)),
        Rejection("a raw tab in a quoted value", object(with("error: \"a\tb\"")), line: 5, .unescapedControlCharacter(0x09)),
        Rejection("an unterminated quoted value", object(with(#"error: "oops"#)), line: 5, .unterminatedQuotedValue),
        Rejection("text after the closing quote", object(with(#"error: "a" b"#)), line: 5, .textAfterClosingQuote),
        Rejection("an unquoted value with a space", object(with("error: out of credit")), line: 5, .valueMustBeQuoted("out of credit")),
        Rejection("an empty unquoted value", object(with("error: ")), line: 5, .valueMustBeQuoted("")),
        Rejection("two spaces after the colon", object(with("model:  gpt")), line: 5, .valueMustBeQuoted(" gpt")),
        // Bytes.
        Rejection("invalid UTF-8 in the content", object() .dropLast(6) + [0xff] + Array("\n".utf8), line: 6, .invalidUTF8),
        Rejection("an overlong encoding", object() .dropLast(1) + [0xc0, 0x80, 0x0a], line: 6, .invalidUTF8),
        Rejection("an encoded surrogate", object() .dropLast(1) + [0xed, 0xa0, 0x80, 0x0a], line: 6, .invalidUTF8),
        Rejection("a code point past U+10FFFF", object() .dropLast(1) + [0xf4, 0x90, 0x80, 0x80, 0x0a], line: 6, .invalidUTF8),
        Rejection("a truncated sequence", object() .dropLast(1) + [0xe2, 0x82, 0x0a], line: 6, .invalidUTF8),
        Rejection("a stray continuation byte", object() .dropLast(1) + [0x80, 0x0a], line: 6, .invalidUTF8),
        Rejection("invalid UTF-8 in a value", object(["thread: main", "role: user", "date: 2026-11-21T09:00:05Z", "error: \"x"]).dropLast(14)
                  + [0xc3, 0x28] + Array("\"\n---\nHello\n".utf8), line: 5, .invalidUTF8),
        Rejection("invalid UTF-8 on a later content line", object(content: "a\nb\nc").dropLast(2) + [0xfe, 0x0a], line: 8, .invalidUTF8),
        Rejection("a NUL byte in the content", object() .dropLast(1) + [0x00, 0x0a], line: 6, .nulByte),
        Rejection("a NUL byte in the frontmatter", object(with("error: \"\u{0}\"")), line: 5, .nulByte),
        Rejection("no final line feed", object().dropLast(), line: 6, .missingFinalLineFeed),
        Rejection("no line feed after multi-line content", object(content: "a\nb").dropLast(), line: 7, .missingFinalLineFeed),
        Rejection("nothing after the closing line", Array("---\nthread: main\nrole: user\ndate: 2026-11-21T09:00:05Z\n---\n".utf8), line: 6, .missingFinalLineFeed),
        Rejection("a closing line without its line feed", Array("---\nthread: main\nrole: user\ndate: 2026-11-21T09:00:05Z\n---".utf8), line: 5, .missingFinalLineFeed),
        // Carriage returns.
        Rejection("a CRLF frontmatter line", object(replacing(1, with: "role: user\r")), line: 3, .carriageReturnInFrontmatter),
        Rejection("a CRLF opening line", Array(String(decoding: object(), as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8), line: 1, .carriageReturnInFrontmatter),
        Rejection("a CRLF closing line", object(required + ["---\r"]), line: 5, .carriageReturnInFrontmatter),
        Rejection("a lone CR inside a value", object(with("error: \"a\rb\"")), line: 5, .carriageReturnInFrontmatter),
    ]

    @Test("decode rejects, naming the line and the reason", arguments: rejections)
    func decodeRejects(_ rejection: Rejection) {
        #expect(throws: MessageFormatError(line: rejection.line, reason: rejection.reason)) {
            try MessageCodec.decode(rejection.bytes)
        }
    }

    @Test("decodeHeader rejects exactly as decode does", arguments: rejections)
    func decodeHeaderRejects(_ rejection: Rejection) {
        #expect(throws: MessageFormatError(line: rejection.line, reason: rejection.reason)) {
            try MessageCodec.decodeHeader(rejection.bytes)
        }
    }

    @Test("the message names the line and says what is wrong", arguments: rejections)
    func readableMessage(_ rejection: Rejection) {
        let description = MessageFormatError(line: rejection.line, reason: rejection.reason).description
        #expect(description.hasPrefix(rejection.line.map { "line \($0): " } ?? "") )
        #expect(description.count > 20)
        #expect(!description.contains("\n"))
    }

    @Test("the base object of the table is itself valid, so each case fails for its own reason")
    func baseIsValid() throws {
        let message = try MessageCodec.decode(Self.object())
        #expect(message.content == "Hello")
        #expect(try MessageCodec.decode(Self.object(Self.with("model: gpt"))).model == "gpt")
        #expect(try MessageCodec.decode(Self.object(Self.with(String(repeating: "k", count: 64) + ": x"))).fields.count == 1)
    }
}
