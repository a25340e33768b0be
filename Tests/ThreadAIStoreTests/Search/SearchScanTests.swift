@testable import ThreadAIStore
import Testing

@Suite("SearchScan: blocks searched on every core, matches in file order")
struct SearchScanTests {
    /// Nine blocks of `cache/search` (messages of 400 KB, about two a block), every third message
    /// holding the term.
    private static func repository() throws -> ScratchRepository {
        let scratch = try ScratchRepository()
        for index in 0..<20 {
            let filler = String(repeating: "plain words \(index) ", count: 25_000)
            try scratch.append(index % 3 == 0 ? filler + "zeppelin" : filler, role: index % 2 == 0 ? .user : .assistant)
        }
        try scratch.repository.rebuildCache()
        return scratch
    }

    private static func scan(_ repository: Repository, window: Int) throws -> (matched: [Int], seen: [Int: Int], damaged: Bool) {
        let query = SearchQuery(pattern: try SearchPattern("zeppelin", syntax: .fixed, ignoringCase: false))
        var scan = try repository.prepareSearch(query, in: nil).scan()
        scan.window = window
        var seen: [Int: Int] = [:]
        var order: [Int] = []
        let matched = try scan.run { _, content in content.count } consume: { number, length in
            order.append(number)
            seen[number] = length
        }
        #expect(order == matched, "consume sees the matches in the order run returns them")
        return (matched, seen, scan.foundDamage)
    }

    @Test("every window size gives the matches of one pass, in catalog order, each inspected with its own content")
    func windows() throws {
        let scratch = try Self.repository()
        let index = try #require(SearchIndex.open(scratch.repository.cache.path(of: "search")))
        #expect(index.blockCount > 4, "several windows of blocks: \(index.blockCount)")
        let one = try Self.scan(scratch.repository, window: 1)
        #expect(one.matched.count == 7 && one.matched == one.matched.sorted() && !one.damaged)
        for number in one.matched { #expect(one.seen[number] == index.contentRange(number).count) }
        for window in [2, 3, 16] {
            let other = try Self.scan(scratch.repository, window: window)
            #expect(other.matched == one.matched && other.seen == one.seen, "window \(window)")
        }
    }

    @Test("a damaged block in the middle is read from its objects, and the order stays")
    func damagedBlock() throws {
        let scratch = try Self.repository()
        let path = scratch.repository.cache.path(of: "search")
        let before = try Self.scan(scratch.repository, window: 2)
        let index = try #require(SearchIndex.open(path))
        // A byte of the content of the middle block's first record changes: only that block's check fails.
        let middle = index.records(ofBlock: index.blockCount / 2).lowerBound
        var bytes = try Files.read(path)
        bytes[index.layout.content + index.contentRange(middle).lowerBound] ^= 0x01
        try Files.write(bytes, to: path)
        let after = try Self.scan(scratch.repository, window: 2)
        #expect(after.damaged && after.matched == before.matched && after.seen == before.seen)
    }
}
