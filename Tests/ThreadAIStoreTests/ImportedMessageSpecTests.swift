import Foundation
import Testing
@testable import ThreadAIStore

/// The imported messages of docs/FORMAT.md §4.6, as stored in `Fixtures/import/messages/`.
@Suite("FORMAT.md §4.6 imported messages")
struct ImportedMessageSpecTests {
    static let folder = MessageFixtures.folder("import/messages")

    static func fixtures() throws -> [(id: String, bytes: [UInt8])] {
        try MessageFixtures.objects(in: folder)
    }

    @Test("each fixture is named by its hash and re-encodes to identical bytes")
    func fixturesAreCanonical() throws {
        let fixtures = try Self.fixtures()
        #expect(fixtures.count == 2)
        for fixture in fixtures {
            #expect(ObjectID.of(fixture.bytes).hex == fixture.id)
            #expect(MessageCodec.encode(try MessageCodec.decode(fixture.bytes)) == fixture.bytes)
        }
    }

    @Test("source is FORMAT:CONVERSATION/ITEM; the title is on the first message; parts are fenced")
    func importKeys() throws {
        let messages = try Self.fixtures().map { try MessageCodec.decode($0.bytes) }
        let root = try #require(messages.first { $0.parent == nil })
        let reply = try #require(messages.first { $0.parent != nil })
        #expect(reply.parent == ObjectID.of(MessageCodec.encode(root)))
        #expect(root.fields["source-title"] == "Merkle chains, explained")
        #expect(reply.fields["source-title"] == nil)
        for message in messages {
            let source = try #require(message.fields["source"])
            #expect(source.hasPrefix("chatgpt:6e1c2a4b-0d7f-4c39-9a61-2f0b8e3d5c17/"))
        }
        #expect(reply.content.contains("```part:image\n{\"asset_pointer\""))
    }
}
