import Testing
@testable import ThreadAIStore

@Suite("SortedIDs: membership by binary search")
struct SortedIDsTests {
    /// Ids whose first bytes leave gaps, cluster, and touch both ends (00 and ff).
    static func ids(count: Int) -> [ObjectID] {
        var generator = SeededGenerator(seed: 7)
        let firstBytes: [UInt8] = [0x00, 0x00, 0x01, 0x7f, 0x80, 0x80, 0x80, 0xfe, 0xff, 0xff]
        return (0..<count).map { index in
            let first = index < firstBytes.count ? firstBytes[index] : UInt8.random(in: 0x10...0x40, using: &generator)
            return ObjectID(digest: [first] + (1..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }.sorted()
    }

    @Test("every id is found at its position; ids not there are not", arguments: [0, 1, 2, 10, 300])
    func positions(count: Int) {
        let ids = Self.ids(count: count)
        let known = SortedIDs(ids)
        for (position, id) in ids.enumerated() {
            #expect(known.position(of: id) == position)
        }
        var generator = SeededGenerator(seed: 99)
        for first: UInt8 in [0x00, 0x01, 0x02, 0x20, 0x7f, 0x80, 0xfe, 0xff] {
            let absent = ObjectID(digest: [first] + (1..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
            #expect(known.position(of: absent) == ids.firstIndex(of: absent))
        }
    }

    @Test("ids that share their first eight bytes are found too")
    func sharedLeadingWord() {
        var generator = SeededGenerator(seed: 3)
        let prefix: [UInt8] = [0x5a, 1, 2, 3, 4, 5, 6, 7]
        let ids = (0..<100).map { _ in ObjectID(digest: prefix + (8..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }) }.sorted()
        let known = SortedIDs(ids)
        for (position, id) in ids.enumerated() {
            #expect(known.position(of: id) == position)
        }
        let absent = ObjectID(digest: prefix + [UInt8](repeating: 0x80, count: 24))
        #expect(known.position(of: absent) == nil)
    }
}
