import Testing
@testable import ThreadAIStore

/// `ObjectID.position`, the lookup in every sorted id column (pack indexes, the multi-pack index,
/// caches): its first probes interpolate on the ids' leading word, then it halves.
@Suite("Looking an id up in a sorted column")
struct ObjectIDPositionTests {
    /// A deterministic stream of bytes (xorshift), so every run looks up the same ids.
    static func ids(_ count: Int, seed: UInt64, sharedPrefix: Int = 0) -> [ObjectID] {
        var state = seed
        func next() -> UInt8 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
        return (0..<count).map { _ in ObjectID(digest: (0..<32).map { $0 < sharedPrefix ? 0xab : next() }) }
    }

    @Test("every id is found where it is, and an absent one is not, in spread and in clustered columns", arguments: [0, 8, 30])
    func lookups(sharedPrefix: Int) {
        let sorted = Array(Set(Self.ids(20_000, seed: 7, sharedPrefix: sharedPrefix))).sorted()
        for (index, id) in sorted.enumerated() {
            #expect(ObjectID.position(of: id, count: sorted.count, idAt: { sorted[$0] }) == index)
        }
        let known = Set(sorted)
        for absent in Self.ids(2_000, seed: 99, sharedPrefix: sharedPrefix) where !known.contains(absent) {
            #expect(ObjectID.position(of: absent, count: sorted.count, idAt: { sorted[$0] }) == nil)
        }
        #expect(ObjectID.position(of: sorted[0], count: 0, idAt: { sorted[$0] }) == nil)
        #expect(ObjectID.position(of: sorted[0], count: 1, idAt: { sorted[$0] }) == 0)
    }

    @Test("a lookup in a million spread ids reads under ten of them (a binary search reads twenty), the last ones close together")
    func fewProbes() {
        let sorted = Self.ids(1_000_000, seed: 3).sorted()
        var reads = 0
        for id in sorted.prefix(1_000) {
            _ = ObjectID.position(of: id, count: sorted.count, idAt: { reads += 1; return sorted[$0] })
        }
        #expect(reads < 1_000 * 10)
    }
}
