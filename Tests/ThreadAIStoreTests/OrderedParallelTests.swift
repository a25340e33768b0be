import Synchronization
import Testing
@testable import ThreadAIStore

@Suite("OrderedParallel: work on every core, results in order")
struct OrderedParallelTests {
    struct Failure: Error, Equatable {
        let index: Int
    }

    /// Every index's result, as `consume` saw them.
    private func collect(count: Int, window: Int, failing: Set<Int> = []) -> (seen: [Int], error: Failure?) {
        var seen: [Int] = []
        do throws(Failure) {
            try OrderedParallel.forEach(count: count, window: window) { (index: Int) throws(Failure) -> Int in
                if failing.contains(index) { throw Failure(index: index) }
                return index * index
            } consume: { (square: Int) throws(Failure) in
                seen.append(square)
            }
        } catch {
            return (seen, error)
        }
        return (seen, nil)
    }

    @Test("results come back in index order, whatever the window", arguments: [1, 2, 3, 7, 64, 1000])
    func inOrder(window: Int) {
        let result = collect(count: 200, window: window)
        #expect(result.seen == (0..<200).map { $0 * $0 })
        #expect(result.error == nil)
    }

    @Test("no items: nothing is produced or consumed; one item: it is")
    func emptyAndSingle() {
        #expect(collect(count: 0, window: 64).seen.isEmpty)
        #expect(collect(count: 1, window: 64).seen == [0])
        #expect(collect(count: 1, window: 0).seen == [0])
    }

    @Test("the first failure in index order is thrown, after every result before it",
          arguments: [(window: 4, failing: [9, 5, 13]), (window: 64, failing: [150, 5]), (window: 1, failing: [0]),
                      (window: 3, failing: [199])])
    func firstFailureWins(window: Int, failing: [Int]) {
        let result = collect(count: 200, window: window, failing: Set(failing))
        let first = failing.min() ?? 0
        #expect(result.error == Failure(index: first))
        #expect(result.seen == (0..<first).map { $0 * $0 })
    }

    @Test("a failure stops the work at the end of its window: later windows never start")
    func stopsAfterFailure() {
        let produced = Tally(count: 1000)
        var thrown: Failure?
        do throws(Failure) {
            try OrderedParallel.forEach(count: 1000, window: 8) { (index: Int) throws(Failure) -> Int in
                produced.add(index)
                if index == 10 { throw Failure(index: index) }
                return index
            } consume: { (_: Int) throws(Failure) in }
        } catch {
            thrown = error
        }
        #expect(thrown == Failure(index: 10))
        #expect(produced.counts == (0..<1000).map { $0 < 16 ? 1 : 0 })
    }

    @Test("each index is produced exactly once")
    func everyIndexOnce() {
        let produced = Tally(count: 500)
        var consumed = 0
        OrderedParallel.forEach(count: 500, window: 50) { (index: Int) -> Int in
            produced.add(index)
            return index
        } consume: { index in
            #expect(index == consumed)
            consumed += 1
        }
        #expect(consumed == 500)
        #expect(produced.counts == [Int](repeating: 1, count: 500))
    }

    @Test("both runs each piece of work once and gives each its own result")
    func bothPieces() {
        let produced = Tally(count: 2)
        let (text, number) = OrderedParallel.both({ () -> String in
            produced.add(0)
            return "first"
        }, { () -> Int in
            produced.add(1)
            return 2
        })
        #expect(text == "first" && number == 2)
        #expect(produced.counts == [1, 1])
    }

    /// How often each index was produced, counted by the producing threads.
    private final class Tally: Sendable {
        private let storage: Mutex<[Int]>
        init(count: Int) { storage = Mutex([Int](repeating: 0, count: count)) }
        func add(_ index: Int) { storage.withLock { $0[index] += 1 } }
        var counts: [Int] { storage.withLock { $0 } }
    }
}
