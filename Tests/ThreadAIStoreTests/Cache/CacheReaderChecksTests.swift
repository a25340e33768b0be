import Foundation
import Testing
@testable import ThreadAIStore

/// The checks docs/FORMAT.md §12.1–§12.3 name for a cache reader, each on a file whose checksum
/// holds (a writer's defect, not damage the checksum would catch): every one makes the whole file
/// absent (§12 rule 3), so a reader in another language reaches the same verdict.
@Suite("Cache readers: every check of FORMAT §12.1–§12.3, under a checksum that holds")
struct CacheReaderChecksTests {
    private static let id = ObjectID.of([]).hex

    private static func threadsFile(_ lines: [String]) -> [UInt8] {
        CacheFrame.seal(kind: "threads", version: 1, body: Array((["renames -"] + lines).map { $0 + "\n" }.joined().utf8))
    }

    private static func line(_ name: String, count: String = "3", own: String = "3") -> String {
        "thread \(name) \(id) - - \(count) \(own) 2026-11-21T09:00:05Z own title"
    }

    @Test("§12.1: COUNT and OWN are decimal integers without a sign or leading zeros",
          arguments: [("03", "3"), ("3", "03"), ("+3", "3"), ("3", "+3"), ("3", "-0"), ("00", "0"), (" 3", "3")])
    func threadCounts(_ count: String, _ own: String) {
        #expect(ThreadSummaryFile.decode(Self.threadsFile([Self.line("main")])) != nil)
        #expect(ThreadSummaryFile.decode(Self.threadsFile([Self.line("main", count: count, own: own)])) == nil, "\(count) \(own)")
    }

    @Test("§12.1: lines strictly ascending by the bytes of the name; a name twice or out of order is a damaged file")
    func threadOrder() {
        #expect(ThreadSummaryFile.decode(Self.threadsFile([Self.line("Zed"), Self.line("main"), Self.line("zed")])) != nil)
        #expect(ThreadSummaryFile.decode(Self.threadsFile([Self.line("zed"), Self.line("main")])) == nil)
        #expect(ThreadSummaryFile.decode(Self.threadsFile([Self.line("main"), Self.line("main")])) == nil)
        #expect(ThreadSummaryFile.decode(Self.threadsFile([Self.line("main"), Self.line("Zed")])) == nil)
    }

    /// `image` with its `checksum` line computed again (§12.2).
    private static func resealedGraph(_ image: [UInt8]) -> [UInt8] {
        var image = image
        let footer = image.count - MessageGraphLayout.trailerSize - 8
        image.replaceSubrange((footer + 9)..., with: Array("checksum \(ObjectID.of(image[..<(footer + 9)]).hex)\n".utf8))
        return image
    }

    @Test("§12.2: a record that is its own parent, a FLAGS bit this version does not define, or two finishes")
    func graphRecords() throws {
        let conversation = try ForkedConversation()
        let repository = conversation.repository
        _ = try repository.messageGraph(reaching: [conversation.a2])
        let image = try Files.read(repository.cache.path(of: "messages"))
        let graph = try #require(MessageGraphCodec.decode(image))
        #expect(MessageGraphCodec.decode(Self.resealedGraph(image)) != nil)
        let record = 1
        var ownParent = image
        ownParent.replaceSubrange((graph.layout.parents + record * 4)..<(graph.layout.parents + record * 4 + 4), with: [UInt8(record + 1), 0, 0, 0])
        #expect(MessageGraphCodec.decode(Self.resealedGraph(ownParent)) == nil, "its own parent")
        for bits: UInt8 in [1 << 6, 1 << 7, MessageGraphLayout.interrupted | MessageGraphLayout.error] {
            var flags = image
            flags[graph.layout.flags + record] |= bits
            #expect(MessageGraphCodec.decode(Self.resealedGraph(flags)) == nil, "flags \(bits)")
        }
    }

    /// The golden repository's `cache/search`, changed by `change` at its layout, its `check` line computed again.
    private static func searchFile(_ change: (inout [UInt8], SearchIndexLayout) -> Void) throws -> SearchIndex? {
        let fixture = GoldenRepository.fixtureDirectory.replacingOccurrences(of: "/golden", with: "/cache/search")
        var bytes = try Files.read(fixture)
        let layout = try #require(SearchIndex.open(fixture)).layout
        change(&bytes, layout)
        let checkLine = bytes.count - (CacheFrame.checkTrailerSize - 1)
        var check = SearchCheck(byteCount: layout.ids + (checkLine - layout.ids) - layout.contentBytes)
        check.update(SearchIndexLayout.header)
        check.update(bytes[layout.ids..<checkLine])
        bytes.replaceSubrange(checkLine..., with: CacheFrame.checkLine(check.finish()))
        let folder = try TemporaryDirectory("search-checks")
        try Files.write(bytes, to: folder.path + "/search")
        return SearchIndex.open(folder.path + "/search")
    }

    @Test("§12.3: ids out of order or repeated, and a record that is its own parent")
    func searchRecords() throws {
        #expect(try Self.searchFile { _, _ in } != nil)
        #expect(try Self.searchFile { bytes, layout in
            let (first, second) = (layout.ids, layout.ids + 32)
            bytes.replaceSubrange(first..<(second + 32), with: Array(bytes[second..<(second + 32)]) + Array(bytes[first..<second]))
        } == nil, "ids swapped")
        #expect(try Self.searchFile { bytes, layout in
            bytes.replaceSubrange((layout.ids + 32)..<(layout.ids + 64), with: Array(bytes[layout.ids..<(layout.ids + 32)]))
        } == nil, "an id twice")
        #expect(try Self.searchFile { bytes, layout in
            bytes.replaceSubrange((layout.parents + 4)..<(layout.parents + 8), with: [2, 0, 0, 0])
        } == nil, "record 1 its own parent")
    }
}
