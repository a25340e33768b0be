import Testing
@testable import ThreadAIStore

@Suite("Myers with a cost limit: a short script in bounded time, the shortest while differences are few")
struct BoundedMyersTests {
    /// How many elements the script deletes or inserts, after checking that it turns `old` into `new`.
    static func checkedCost(_ script: EditScript, old: [Int], new: [Int], sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        var oldAt = 0, newAt = 0, cost = 0
        for span in script.spans {
            #expect(span.old.lowerBound == oldAt && span.new.lowerBound == newAt, "spans out of order", sourceLocation: sourceLocation)
            switch span.kind {
            case .equal:
                #expect(Array(old[span.old]) == Array(new[span.new]), "unequal 'equal' span", sourceLocation: sourceLocation)
            case .deleted:
                #expect(span.new.isEmpty, sourceLocation: sourceLocation)
                cost += span.old.count
            case .inserted:
                #expect(span.old.isEmpty, sourceLocation: sourceLocation)
                cost += span.new.count
            }
            (oldAt, newAt) = (span.old.upperBound, span.new.upperBound)
        }
        #expect(oldAt == old.count && newAt == new.count, "script does not cover both sides", sourceLocation: sourceLocation)
        return cost
    }

    /// Prose-like: every other token is the shared space, the words drawn from `vocabulary` words.
    static func prose(_ count: Int, vocabulary: Int, _ generator: inout SeededGenerator) -> [Int] {
        (0..<count).map { $0 % 2 == 1 ? 0 : Int.random(in: 1...vocabulary, using: &generator) }
    }

    @Test("the limit grows as the square root of the total length, from 256")
    func limit() {
        #expect(MyersDiff.boundedCost(oldCount: 0, newCount: 0) == 256)
        #expect(MyersDiff.boundedCost(oldCount: 30_000, newCount: 35_536) == 256)
        #expect(MyersDiff.boundedCost(oldCount: 40_000, newCount: 40_000) == 512)
    }

    @Test("texts that differ throughout get a valid script, longer than the shortest but not by much", arguments: [11, 12, 13] as [UInt64])
    func differentThroughout(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let old = Self.prose(3_000, vocabulary: 300, &generator), new = Self.prose(2_400, vocabulary: 300, &generator)
        let shortest = Self.checkedCost(MyersDiff.editScript(old: old, new: new), old: old, new: new)
        let bounded = Self.checkedCost(MyersDiff.editScript(old: old, new: new, minimal: false), old: old, new: new)
        #expect(shortest > 512, "the inputs must differ by more than the limit for the limit to act")
        #expect(bounded > shortest, "the search stopped early and settled for a longer script")
        #expect(Double(bounded) < Double(shortest) * 1.25)
    }

    @Test("texts that differ in fewer edits than the limit get the shortest script", arguments: [21, 22, 23] as [UInt64])
    func fewDifferences(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let old = Self.prose(4_000, vocabulary: 500, &generator)
        var new = old
        for _ in 0..<60 {
            let at = Int.random(in: 0..<new.count, using: &generator)
            if Bool.random(using: &generator) { new.remove(at: at) } else { new.insert(Int.random(in: 1...500, using: &generator), at: at) }
        }
        let bounded = MyersDiff.editScript(old: old, new: new, minimal: false)
        #expect(bounded.spans == MyersDiff.editScript(old: old, new: new).spans)
        #expect(Self.checkedCost(bounded, old: old, new: new) <= 60)
    }

    @Test("small random inputs of every shape still rebuild both sides", arguments: [31, 32] as [UInt64])
    func valid(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for round in 0..<40 {
            let alphabet = round % 2 == 0 ? 3 : 1_000
            let old = (0..<Int.random(in: 0...1_500, using: &generator)).map { _ in Int.random(in: 1...alphabet, using: &generator) }
            let new = (0..<Int.random(in: 0...1_500, using: &generator)).map { _ in Int.random(in: 1...alphabet, using: &generator) }
            _ = Self.checkedCost(MyersDiff.editScript(old: old, new: new, minimal: false), old: old, new: new)
        }
    }
}
