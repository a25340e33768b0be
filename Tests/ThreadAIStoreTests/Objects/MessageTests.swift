import Testing
@testable import ThreadAIStore

@Suite("Message")
struct MessageTests {
    static func reply() throws -> Message {
        try Message(thread: .main, role: .assistant, date: Timestamp(rfc3339: "2026-11-21T09:00:09Z"), content: "Hi")
    }

    @Test("typed fields write their canonical text and read it back")
    func typedFields() throws {
        var message = try Self.reply()
        message.provider = "anthropic"
        message.model = "claude-sonnet-4-5"
        message.finish = "max_tokens"
        message.error = "HTTP 529: overloaded"
        message.inputTokens = 18
        message.outputTokens = 0
        message.latencyMilliseconds = 1_234
        message.firstTokenMilliseconds = 56
        #expect(message.fields == [
            "provider": "anthropic", "model": "claude-sonnet-4-5", "finish": "max_tokens",
            "error": "HTTP 529: overloaded", "input-tokens": "18", "output-tokens": "0", "latency-ms": "1234",
            "first-token-ms": "56",
        ])
        #expect(message.inputTokens == 18)
        #expect(message.outputTokens == 0)
        #expect(message.latencyMilliseconds == 1_234)
        #expect(message.firstTokenMilliseconds == 56)
        #expect(message.error == "HTTP 529: overloaded")
    }

    @Test("setting nil removes a field, and a negative count is not written")
    func removingFields() throws {
        var message = try Self.reply()
        message.model = "m"
        message.inputTokens = 5
        message.model = nil
        message.inputTokens = -1
        #expect(message.fields.isEmpty)
        #expect(message.model == nil)
        #expect(message.inputTokens == nil)
    }

    @Test("a decimal integer too large for Int is kept but reads as nil")
    func hugeInteger() throws {
        let digits = "99999999999999999999"
        let bytes = Array("---\nthread: main\nrole: assistant\ndate: 2026-11-21T09:00:09Z\ninput-tokens: \(digits)\n---\nx\n".utf8)
        let message = try MessageCodec.decode(bytes)
        #expect(message.fields["input-tokens"] == digits)
        #expect(message.inputTokens == nil)
        #expect(MessageCodec.encode(message) == bytes)
    }

    struct BadField: CustomTestStringConvertible, Sendable {
        let why: String
        let key: String
        let value: String
        let reason: MessageFormatError.Reason
        var testDescription: String { why }
    }

    static let badFields: [BadField] = [
        BadField(why: "uppercase key", key: "Model", value: "x", reason: .invalidKey("Model")),
        BadField(why: "empty key", key: "", value: "x", reason: .invalidKey("")),
        BadField(why: "key with a colon", key: "a:b", value: "x", reason: .invalidKey("a:b")),
        BadField(why: "key of 65 bytes", key: String(repeating: "a", count: 65), value: "x",
                 reason: .invalidKey(String(repeating: "a", count: 65))),
        BadField(why: "parent as a field", key: "parent", value: "x", reason: .reservedKey("parent")),
        BadField(why: "thread as a field", key: "thread", value: "main", reason: .reservedKey("thread")),
        BadField(why: "role as a field", key: "role", value: "user", reason: .reservedKey("role")),
        BadField(why: "date as a field", key: "date", value: "x", reason: .reservedKey("date")),
        BadField(why: "tokens not a number", key: "input-tokens", value: "many",
                 reason: .invalidDecimalInteger(key: "input-tokens", value: "many")),
        BadField(why: "tokens with a sign", key: "output-tokens", value: "+3",
                 reason: .invalidDecimalInteger(key: "output-tokens", value: "+3")),
        BadField(why: "latency with a leading zero", key: "latency-ms", value: "07",
                 reason: .invalidDecimalInteger(key: "latency-ms", value: "07")),
        BadField(why: "first token with a space", key: "first-token-ms", value: " 7",
                 reason: .invalidDecimalInteger(key: "first-token-ms", value: " 7")),
    ]

    @Test("init refuses a field no object could hold", arguments: badFields)
    func initRejects(_ bad: BadField) {
        #expect(throws: MessageFormatError(line: nil, reason: bad.reason)) {
            try Message(thread: .main, role: .user, date: .earliest, fields: [bad.key: bad.value], content: "x")
        }
    }

    @Test("setField refuses a field no object could hold and leaves the message unchanged", arguments: badFields)
    func setFieldRejects(_ bad: BadField) throws {
        var message = try Self.reply()
        #expect(throws: MessageFormatError(line: nil, reason: bad.reason)) {
            try message.setField(bad.key, to: bad.value)
        }
        #expect(message == (try Self.reply()))
    }

    @Test("setField sets and removes extension keys")
    func setField() throws {
        var message = try Self.reply()
        try message.setField("x-rating", to: "5 stars")
        #expect(message.fields == ["x-rating": "5 stars"])
        try message.setField("x-rating", to: nil)
        #expect(message.fields.isEmpty)
        #expect(throws: MessageFormatError(line: nil, reason: .reservedKey("role"))) {
            try message.setField("role", to: nil)
        }
    }

    @Test("a NUL character cannot be content")
    func nulContent() throws {
        #expect(throws: MessageFormatError(line: nil, reason: .nulByte)) {
            try Message(thread: .main, role: .user, date: .earliest, content: "a\u{0}b")
        }
        var message = try Self.reply()
        #expect(throws: MessageFormatError(line: nil, reason: .nulByte)) { try message.setContent("\u{0}") }
        try message.setContent("new text")
        #expect(message.content == "new text")
    }

    @Test("messages differing in any part are not equal")
    func equality() throws {
        let base = try Self.reply()
        var other = base
        #expect(other == base)
        other.role = .user
        #expect(other != base)
        other = base
        other.thread = try ThreadName("side")
        #expect(other != base)
        other = base
        other.parent = ObjectID.of([1])
        #expect(other != base)
        other = base
        other.model = "m"
        #expect(other != base)
        other = base
        try other.setField("x-k", to: "caf\u{e9}")
        var decomposed = base
        try decomposed.setField("x-k", to: "cafe\u{301}")
        #expect(other != decomposed)
    }

    @Test("error descriptions start with the line when there is one")
    func errorDescription() {
        #expect(MessageFormatError(line: 3, reason: .duplicateKey("role")).description
            == "line 3: the key 'role' appears twice.")
        #expect(MessageFormatError(line: nil, reason: .missingClosingDelimiter).description
            == "no line '---' ends the frontmatter.")
        #expect(MessageFormatError(line: 5, reason: .unescapedControlCharacter(0x09)).description.contains("U+0009"))
        #expect(MessageFormatError(line: 5, reason: .badEscape(#"\q"#)).description.hasPrefix(#"line 5: '\q' is not an escape"#))
        #expect(MessageFormatError(line: 5, reason: .badEscape("\\\u{1b}")).description.contains(#"'\\\u{1B}'"#))
    }
}
