import Foundation
import Testing
@testable import ThreadAIStore

/// Encoding then decoding gives back the same message, and decoding then encoding the same bytes.
@Suite("Message round trips")
struct MessageRoundTripTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let message: @Sendable () throws -> Message
        var testDescription: String { name }
    }

    static let date = "2026-11-21T09:00:05Z"
    static let parent = "be252dea07ef90e1b963af7bc056a3bcb9cfc0c2436f358e0a7b46c542d64b8c"

    static func user(_ content: String, fields: [String: String] = [:], thread: String = "main") -> Case.Make {
        {
            try Message(
                parent: ObjectID(hex: parent), thread: ThreadName(thread), role: .user,
                date: Timestamp(rfc3339: date), fields: fields, content: content)
        }
    }

    static let cases: [Case] = [
        Case(name: "plain ASCII", message: user("Hello, world.")),
        Case(name: "empty content", message: user("")),
        Case(name: "content of one line feed", message: user("\n")),
        Case(name: "content ending with two line feeds", message: user("a\n\n")),
        Case(name: "content starting with line feeds", message: user("\n\nstart")),
        Case(name: "CRLF content", message: user("line one\r\nline two\r\n")),
        Case(name: "lone CR content", message: user("a\rb\r")),
        Case(name: "unicode content", message: user("Grüße, 世界 👋🏽 e\u{301} \u{2028} \u{FEFF}")),
        Case(name: "decomposed and precomposed accents kept apart", message: user("caf\u{e9} cafe\u{301}")),
        Case(name: "control characters in the content", message: user("\u{1b}[31mred\u{1b}[0m\t\u{7f}\u{1}")),
        Case(name: "content with --- lines", message: user("---\n---\n---")),
        Case(name: "content that fakes a frontmatter", message: user("---\nparent: \(parent)\nthread: fake\nrole: system\ndate: \(date)\n---\nbody\n")),
        Case(name: "content of only ---", message: user("---")),
        Case(name: "a large content", message: user(String(repeating: "All work and no play. ", count: 50_000))),
        Case(name: "every escape in a value", message: user("x", fields: ["x-all": "\\ \" \n \r \t \u{0} \u{1} \u{1b} \u{1f} \u{7f} é 👍"])),
        Case(name: "values that are plain and values that are not", message: user("x", fields: [
            "x-a": "true", "x-b": "0", "x-c": "a:b", "x-d": "", "x-e": " lead", "x-f": "-dash", "x-g": "café",
            "x-h": "/path", "x-i": "_under", "x-j": ".dot", "x-k": "trail ", "x-l": "a@b.c+d",
        ])),
        Case(name: "extension keys in byte order", message: user("x", fields: [
            "zz": "last", "a": "first", "a-b": "dash", "a0": "digit", "m-9": "nine", String(repeating: "k", count: 64): "long",
        ])),
        Case(name: "a non-ASCII thread name", message: user("x", thread: "café/notes")),
        Case(name: "a nested thread name", message: user("x", thread: "ideas/naming.v2+draft")),
        Case(name: "a root", message: {
            try Message(thread: .main, role: .system, date: Timestamp(rfc3339: date), content: "Be brief.")
        }),
        Case(name: "the earliest date", message: {
            try Message(thread: .main, role: .user, date: .earliest, content: "x")
        }),
        Case(name: "the latest date", message: {
            try Message(thread: .main, role: .user, date: .latest, content: "x")
        }),
        Case(name: "every defined field", message: {
            var reply = try Message(
                parent: ObjectID(hex: parent), thread: .main, role: .assistant, date: Timestamp(rfc3339: date),
                content: "partial answer")
            reply.provider = "openai-compatible"
            reply.model = "llama-3.1-8b-instruct"
            reply.finish = "error"
            reply.error = "HTTP 529: overloaded"
            reply.inputTokens = 0
            reply.outputTokens = 123_456_789
            reply.latencyMilliseconds = Int.max
            reply.firstTokenMilliseconds = 250
            return reply
        }),
    ]

    @Test("decode(encode(m)) == m, and re-encoding gives the same bytes", arguments: cases)
    func roundTrip(_ testCase: Case) throws {
        let message = try testCase.message()
        let bytes = MessageCodec.encode(message)
        let decoded = try MessageCodec.decode(bytes)
        #expect(decoded == message)
        #expect(decoded.content.utf8.elementsEqual(message.content.utf8))
        #expect(MessageCodec.encode(decoded) == bytes)
        #expect(ObjectID.of(MessageCodec.encode(decoded)) == ObjectID.of(bytes))
    }

    @Test("decodeHeader agrees with decode and locates the content bytes", arguments: cases)
    func header(_ testCase: Case) throws {
        let message = try testCase.message()
        let bytes = MessageCodec.encode(message)
        let header = try MessageCodec.decodeHeader(bytes)
        #expect(header.parent == message.parent)
        #expect(header.thread == message.thread)
        #expect(header.role == message.role)
        #expect(header.date == message.date)
        #expect(header.fields == message.fields)
        let content = bytes[header.contentOffset..<(header.contentOffset + header.contentByteCount)]
        #expect(content.elementsEqual(message.content.utf8))
        #expect(header.contentOffset + header.contentByteCount + 1 == bytes.count)
    }

    @Test("non-contiguous, sliced and Data inputs decode like arrays", arguments: cases)
    func otherCollections(_ testCase: Case) throws {
        let message = try testCase.message()
        let bytes = MessageCodec.encode(message)
        #expect(try MessageCodec.decode(bytes.lazy.map { $0 }) == message)
        #expect(try MessageCodec.decode(Data(bytes)) == message)
        let padded = [0x41] + bytes + [0x41]
        #expect(try MessageCodec.decode(padded[1..<(padded.count - 1)]) == message)
        #expect(try MessageCodec.decodeHeader(padded[1..<(padded.count - 1)]).contentOffset
            == MessageCodec.decodeHeader(bytes).contentOffset)
    }

    @Test("the frontmatter is written in canonical order and form")
    func canonicalLayout() throws {
        let message = try Self.user("body", fields: ["x-b": "2", "model": "m", "x-a": "a b", "error": "é"])()
        let text = String(decoding: MessageCodec.encode(message), as: UTF8.self)
        #expect(text == """
            ---
            parent: \(Self.parent)
            thread: main
            role: user
            date: \(Self.date)
            error: "é"
            model: m
            x-a: "a b"
            x-b: 2
            ---
            body

            """)
    }

    @Test("a thread name that needs quotes is quoted")
    func quotedThread() throws {
        let message = try Self.user("x", thread: "café")()
        let text = String(decoding: MessageCodec.encode(message), as: UTF8.self)
        #expect(text.contains("\nthread: \"café\"\n"))
    }

    @Test("canonically equivalent but different contents make different objects")
    func bytesNotCharacters() throws {
        let precomposed = try Self.user("caf\u{e9}")()
        let decomposed = try Self.user("cafe\u{301}")()
        #expect(precomposed.content == decomposed.content)  // equal as Swift Strings …
        #expect(precomposed != decomposed)  // … but not as messages,
        #expect(MessageCodec.encode(precomposed) != MessageCodec.encode(decomposed))  // because the bytes differ.
    }
}

extension MessageRoundTripTests.Case {
    typealias Make = @Sendable () throws -> Message
}
