import Foundation
import Testing
@testable import ThreadAIStore

@Suite("cache/messages: the message graph codec, merging and checking (FORMAT §12.2)")
struct MessageGraphTests {
    let conversation: ForkedConversation
    var repository: Repository { conversation.repository }
    var heads: [ObjectID] { [conversation.a2, conversation.aa2, conversation.ab1] }
    var allIDs: [ObjectID] {
        let c = conversation
        return [c.s1, c.u1, c.a1, c.u2, c.a2, c.ua1, c.aa1, c.ua2, c.aa2, c.s2, c.ub1, c.ab1]
    }

    init() throws {
        conversation = try ForkedConversation()
    }

    /// Checks every record of `graph` against the message itself.
    func expectMatchesObjects(_ graph: MessageGraph) throws {
        for record in 0..<graph.count {
            let id = graph.id(record)
            let message = try repository.objects.message(id)
            #expect(graph.record(of: id) == record)
            #expect(graph.parent(record).map(graph.id) == message.parent)
            #expect(graph.seconds(record) == message.date.secondsSinceEpoch)
            #expect(graph.role(record) == message.role)
            #expect(graph.headline(record) == Headline(of: message.content, limit: Headline.listingLimit))
            if record > 0 { #expect(graph.id(record - 1) < id, "records in id order") }
        }
    }

    @Test("built from the objects, written, read back: every message the heads reach, each as its object says")
    func buildAndReadBack() throws {
        let graph = try repository.messageGraph(reaching: heads)
        #expect(graph.count == 12)
        #expect(Set((0..<graph.count).map(graph.id)) == Set(allIDs))
        try expectMatchesObjects(graph)
        let stored = try #require(MessageGraphCodec.decode(Files.read(repository.cache.path(of: "messages"))))
        #expect(stored.count == 12)
    }

    @Test("new messages are merged into the file; records it already holds are not read again")
    func mergesNewMessages() throws {
        _ = try repository.messageGraph(reaching: [conversation.a2])
        let before = try #require(MessageGraphCodec.decode(Files.read(repository.cache.path(of: "messages"))))
        #expect(before.count == 5)
        let extra = try conversation.scratch.append("A long first line that goes on and on well past the seventy-two characters a listing shows")
        let graph = try repository.messageGraph(reaching: heads + [extra])
        #expect(graph.count == 13)
        try expectMatchesObjects(graph)
        let cut = try #require(graph.record(of: extra))
        #expect(graph.headline(cut).isCut && graph.headline(cut).text.count == 71)
        // A record the file holds is trusted: damaging its object does not change the graph.
        try Files.makeWritable(repository.objects.path(of: conversation.u1))
        try Files.write("garbage", to: repository.objects.path(of: conversation.u1))
        #expect(try repository.messageGraph(reaching: heads + [extra]).count == 13)
        #expect(try repository.verifyCache().wrongMessages == [conversation.u1], "verify reads every object")
    }

    @Test("every truncation and every flipped byte of the file reads as absent")
    func damage() throws {
        _ = try repository.messageGraph(reaching: [conversation.a2])
        let image = try Files.read(repository.cache.path(of: "messages"))
        #expect(MessageGraphCodec.decode(image) != nil)
        for length in 0..<image.count {
            #expect(MessageGraphCodec.decode(Array(image.prefix(length))) == nil, "cut at \(length)")
        }
        for index in image.indices {
            var flipped = image
            flipped[index] ^= 0x04
            #expect(MessageGraphCodec.decode(flipped) == nil, "byte \(index) flipped")
        }
    }

    @Test("ids out of order, under a checksum that holds, read as absent (FORMAT §12.2)")
    func idsOutOfOrder() throws {
        _ = try repository.messageGraph(reaching: [conversation.a2])
        var image = try Files.read(repository.cache.path(of: "messages"))
        let graph = try #require(MessageGraphCodec.decode(image))
        let first = graph.layout.ids
        let second = first + 32
        let swapped = Array(image[second..<(second + 32)]) + Array(image[first..<second])
        image.replaceSubrange(first..<(second + 32), with: swapped)
        let footer = image.count - MessageGraphLayout.trailerSize - 8
        let checksum = Array("checksum \(ObjectID.of(image[..<(footer + 9)]).hex)\n".utf8)
        image.replaceSubrange((footer + 9)..., with: checksum)
        #expect(MessageGraphCodec.decode(image) == nil)
    }

    @Test("with caches off nothing is written, and the graph is the same")
    func cachesOff() throws {
        var uncached = repository
        uncached.usesCache = false
        let graph = try uncached.messageGraph(reaching: heads)
        #expect(!Files.exists(repository.cache.path(of: "messages")))
        try expectMatchesObjects(graph)
        #expect(graph.count == (try repository.messageGraph(reaching: heads)).count)
    }

    @Test("writers racing on the file lose work, never correctness: each caller gets every message it asked for")
    func racingWriters() throws {
        let scratch = conversation.scratch
        for index in 0..<6 { try scratch.fork("t\(index)", at: conversation.a1) }
        let repository = repository
        let heads = heads
        let failures = runConcurrently(6) { index -> String? in
            do {
                let name = try ThreadName("t\(index)")
                var own: [ObjectID] = []
                for turn in 0..<4 {
                    let message = try Message(
                        parent: try repository.singleHead(of: name), thread: name, role: turn % 2 == 0 ? .user : .assistant,
                        date: Timestamp(rfc3339: "2026-11-21T10:00:0\(turn)Z"), content: "turn \(turn) of t\(index)")
                    own.append(try repository.append(message, to: name, reflogMessage: "test"))
                    let graph = try repository.messageGraph(reaching: heads + [own[own.count - 1]])
                    guard own.allSatisfy({ graph.record(of: $0) != nil }) else { return "t\(index) lost its messages" }
                }
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(failures.compactMap { $0 }.isEmpty, "\(failures)")
        let report = try repository.verifyCache()
        #expect(report.messagesFile == .readable && report.wrongMessages.isEmpty)
    }
}
