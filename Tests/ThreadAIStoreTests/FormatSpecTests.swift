import Foundation
import Testing
@testable import ThreadAIStore

/// The examples of docs/FORMAT.md §4.5, byte for byte, and the golden files in `Fixtures/format/`.
@Suite("FORMAT.md §4.5 examples")
struct FormatSpecTests {
    struct Example: CustomTestStringConvertible, Sendable {
        let name: String
        let id: String
        let text: String
        let message: @Sendable () throws -> Message
        var testDescription: String { name }
    }

    static let rootID = "be252dea07ef90e1b963af7bc056a3bcb9cfc0c2436f358e0a7b46c542d64b8c"
    static let userID = "fb93e79ce7cd2d844c334b2b9733623e08b71d4912f0b70f2b2a2aebf85fdb58"
    static let replyID = "6e267ca70690b70edb475898e1741f8233e13281af4d98136bc32e88ac428924"

    static let examples: [Example] = [
        Example(
            name: "root system message",
            id: rootID,
            text: """
                ---
                thread: main
                role: system
                date: 2026-11-21T09:00:00Z
                ---
                You are a concise assistant.

                """,
            message: {
                try Message(
                    thread: .main, role: .system, date: Timestamp(rfc3339: "2026-11-21T09:00:00Z"),
                    content: "You are a concise assistant.")
            }),
        Example(
            name: "user message answering the root",
            id: userID,
            text: """
                ---
                parent: be252dea07ef90e1b963af7bc056a3bcb9cfc0c2436f358e0a7b46c542d64b8c
                thread: main
                role: user
                date: 2026-11-21T09:00:05Z
                ---
                What is a Merkle chain?

                """,
            message: {
                try Message(
                    parent: ObjectID(hex: rootID), thread: .main, role: .user,
                    date: Timestamp(rfc3339: "2026-11-21T09:00:05Z"), content: "What is a Merkle chain?")
            }),
        Example(
            name: "assistant reply with an extension key and a --- line in its body",
            id: replyID,
            text: """
                ---
                parent: fb93e79ce7cd2d844c334b2b9733623e08b71d4912f0b70f2b2a2aebf85fdb58
                thread: main
                role: assistant
                date: 2026-11-21T09:00:09Z
                finish: end_turn
                input-tokens: 18
                model: claude-sonnet-4-5
                output-tokens: 41
                provider: anthropic
                x-rating: "5 stars"
                ---
                A chain where each link names the **hash** of the one before it:

                ---
                change any link and every later name changes.

                """,
            message: {
                var reply = try Message(
                    parent: ObjectID(hex: userID), thread: .main, role: .assistant,
                    date: Timestamp(rfc3339: "2026-11-21T09:00:09Z"), fields: ["x-rating": "5 stars"],
                    content: "A chain where each link names the **hash** of the one before it:\n\n---\n"
                        + "change any link and every later name changes.")
                reply.provider = "anthropic"
                reply.model = "claude-sonnet-4-5"
                reply.finish = "end_turn"
                reply.inputTokens = 18
                reply.outputTokens = 41
                return reply
            }),
    ]

    static var fixturesFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/format")
    }

    @Test("encodes byte for byte to the text of the spec", arguments: examples)
    func encodesToSpecText(_ example: Example) throws {
        let encoded = MessageCodec.encode(try example.message())
        #expect(encoded == Array(example.text.utf8))
        #expect(String(decoding: encoded, as: UTF8.self) == example.text)
    }

    @Test("hashes to the id of the spec", arguments: examples)
    func hashesToSpecID(_ example: Example) throws {
        let id = ObjectID.of(MessageCodec.encode(try example.message()))
        #expect(id.hex == example.id)
        #expect(id == (try ObjectID(hex: example.id)))
    }

    @Test("decodes to the message it was made from", arguments: examples)
    func decodesToMessage(_ example: Example) throws {
        #expect(try MessageCodec.decode(Array(example.text.utf8)) == example.message())
    }

    @Test("golden file is named by its hash, decodes, and re-encodes to identical bytes", arguments: examples)
    func goldenFile(_ example: Example) throws {
        let url = Self.fixturesFolder.appendingPathComponent(example.id + ".md")
        let bytes = [UInt8](try Data(contentsOf: url))
        #expect(bytes == Array(example.text.utf8))
        #expect(ObjectID.of(bytes).hex == example.id)
        let message = try MessageCodec.decode(bytes)
        #expect(MessageCodec.encode(message) == bytes)
    }

    @Test("the golden folder holds exactly the three examples")
    func goldenFolderIsComplete() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixturesFolder.path)
            .filter { $0.hasSuffix(".md") }.sorted()
        #expect(names == Self.examples.map { $0.id + ".md" }.sorted())
    }

    @Test("the reply's typed fields read back from its decoded header")
    func replyHeader() throws {
        let header = try MessageCodec.decodeHeader(Array(Self.examples[2].text.utf8))
        #expect(header.parent?.hex == Self.userID)
        #expect(header.thread == .main)
        #expect(header.role == .assistant)
        #expect(header.date.rfc3339 == "2026-11-21T09:00:09Z")
        #expect(header.provider == "anthropic")
        #expect(header.model == "claude-sonnet-4-5")
        #expect(header.finish == "end_turn")
        #expect(header.inputTokens == 18)
        #expect(header.outputTokens == 41)
        #expect(header.latencyMilliseconds == nil)
        #expect(header.fields["x-rating"] == "5 stars")
        #expect(header.fields.count == 6)
    }
}
