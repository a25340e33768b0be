import Foundation
import Testing
@testable import ThreadAIStore

/// The merged outcomes of docs/FORMAT.md §4.8, as stored in `Fixtures/format/merge/`.
@Suite("FORMAT.md §4.8 merged outcomes")
struct MergeLinkSpecTests {
    static let answerID = "64c2e9dc3ec7689eee4c1fef47b454ace735d4b54019de5a314083f36b0cafa6"
    static let mergedID = "d994eeb49711489cd69b1576e3690788d5cdc882b3da57c92d0261d5bc33fe85"

    static func fixtures() throws -> [String: Message] {
        var messages: [String: Message] = [:]
        for fixture in try MessageFixtures.objects(in: MessageFixtures.folder("format/merge")) {
            #expect(ObjectID.of(fixture.bytes).hex == fixture.id)
            let message = try MessageCodec.decode(fixture.bytes)
            #expect(MessageCodec.encode(message) == fixture.bytes)
            messages[fixture.id] = message
        }
        return messages
    }

    @Test("the fixtures are canonical, and the merged message links to the answer it carries")
    func fixtureLink() throws {
        let messages = try Self.fixtures()
        #expect(messages.keys.sorted() == [Self.answerID, Self.mergedID])
        let answer = try #require(messages[Self.answerID])
        let merged = try #require(messages[Self.mergedID])
        #expect(merged.role == .user)
        #expect(merged.mergeLink == MergeLink(from: try ObjectID(hex: Self.answerID), thread: try ThreadName("research/hashes"), isSummary: false))
        #expect(merged.content == answer.content)
        #expect(answer.mergeLink == nil)
    }

    @Test("a context gives the documented line before a merged outcome, and only there")
    func contextPreface() throws {
        let messages = try Self.fixtures()
        let merged = try #require(messages[Self.mergedID])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("merge-spec-\(UUID())").path
        var builder = ContextBuilder(renames: try Renames(path: directory + "/renames", localPath: directory + "/local-renames"))
        builder.add(try ObjectID(hex: Self.answerID), try #require(messages[Self.answerID]))
        builder.add(try ObjectID(hex: Self.mergedID), merged)
        let turns = builder.build(budget: nil).turns
        #expect(turns[0].content == merged.content)
        #expect(turns[1].content == "[Outcome of the sub-thread 'research/hashes' (its last answer, message 64c2e9dc), merged into this thread:]\n\n"
            + merged.content)
        var summary = merged
        summary.mergeLink?.isSummary = true
        #expect(summary.fields["merged-summary"] == "true")
        #expect(summary.mergeLink?.contextPreface(threadName: "x") == "[Outcome of the sub-thread 'x' (a summary up to message 64c2e9dc), merged into this thread:]")
    }

    @Test("setting the link writes the keys, and removing it removes all three")
    func settingAndRemoving() throws {
        var message = try Message(thread: ThreadName("main"), role: .user, date: Timestamp(rfc3339: "2026-11-21T10:00:00Z"), content: "x")
        message.mergeLink = MergeLink(from: ObjectID.of(Array("a".utf8)), thread: try ThreadName("side"), isSummary: true)
        #expect(try MessageCodec.decode(MessageCodec.encode(message)) == message)
        #expect(message.fields.keys.sorted() == ["merged-from", "merged-summary", "merged-thread"])
        message.mergeLink = nil
        #expect(message.fields.isEmpty)
        #expect(throws: MessageFormatError.self) { try message.setField("merged-from", to: "HEAD") }
    }
}
