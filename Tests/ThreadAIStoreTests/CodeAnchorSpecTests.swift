import Foundation
import Testing
@testable import ThreadAIStore

/// The code anchors and attached files of docs/FORMAT.md §4.7, as stored in `Fixtures/format/anchors/`.
@Suite("FORMAT.md §4.7 code anchors and attached files")
struct CodeAnchorSpecTests {
    static let folder = MessageFixtures.folder("format/anchors")

    static func fixtures() throws -> [(id: String, bytes: [UInt8])] {
        try MessageFixtures.objects(in: folder)
    }

    @Test("each fixture is named by its hash and re-encodes to identical bytes")
    func fixturesAreCanonical() throws {
        let fixtures = try Self.fixtures()
        #expect(fixtures.map(\.id) == [
            "33b1a6aff0d831b40cb3a67df9e843ddc38a5fe748538388f66e055876fcf959",
            "fca678d4c3b0200e0f273d01f2be42b2e5da2df871783cc02a02d2d201decfa3",
        ])
        for fixture in fixtures {
            #expect(ObjectID.of(fixture.bytes).hex == fixture.id)
            #expect(MessageCodec.encode(try MessageCodec.decode(fixture.bytes)) == fixture.bytes)
        }
    }

    @Test("the user message carries branch, commit, dirtiness and a file whose blob id is git's")
    func anchorKeys() throws {
        let messages = try Self.fixtures().map { try MessageCodec.decode($0.bytes) }
        let question = try #require(messages.first { $0.role == .user })
        let reply = try #require(messages.first { $0.role == .assistant })
        #expect(reply.parent == ObjectID.of(MessageCodec.encode(question)))
        #expect(question.fields["code-branch"] == "feature/greeting")
        #expect(question.fields["code-dirty"] == "true")
        #expect(question.fields["code-commit"] == reply.fields["code-commit"])
        #expect(reply.fields["code-branch"] == nil)
        // `git hash-object` of `print("hello")` plus LF, the file the fenced block holds.
        #expect(question.fields["files"] == "11b15b1a4584b08fa423a57964bdbf018b0da0d5 Sources/App/main.swift")
        #expect(question.content.hasSuffix("```file:Sources/App/main.swift\nprint(\"hello\")\n```"))
    }

    @Test("a message may carry no anchor, and setField refuses a malformed one")
    func optionalAndChecked() throws {
        var message = try Message(thread: ThreadName("main"), role: .user, date: Timestamp(rfc3339: "2026-11-21T10:00:00Z"), content: "Hi")
        #expect(try MessageCodec.decode(MessageCodec.encode(message)) == message)
        #expect(throws: MessageFormatError.self) { try message.setField("code-commit", to: "HEAD") }
        try message.setField("code-commit", to: String(repeating: "a", count: 64))
        #expect(message.fields["code-commit"]?.count == 64)
    }
}
