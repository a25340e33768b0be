import Testing
@testable import ThreadAIStore

@Suite("Sequence diff (Myers, linear space)")
struct SequenceDiffTests {
    struct RunCase: CustomTestStringConvertible, Sendable {
        let name: String
        let old: String
        let new: String
        let expected: [DiffRun<Character>]
        var testDescription: String { name }
    }

    static let runCases: [RunCase] = [
        RunCase(name: "empty vs empty", old: "", new: "", expected: []),
        RunCase(name: "identical", old: "abc", new: "abc", expected: [.equal(["a", "b", "c"])]),
        RunCase(name: "everything inserted", old: "", new: "ab", expected: [.inserted(["a", "b"])]),
        RunCase(name: "everything deleted", old: "ab", new: "", expected: [.deleted(["a", "b"])]),
        RunCase(name: "all different: deletion before insertion", old: "ab", new: "xy",
                expected: [.deleted(["a", "b"]), .inserted(["x", "y"])]),
        RunCase(name: "insert at start", old: "bc", new: "abc", expected: [.inserted(["a"]), .equal(["b", "c"])]),
        RunCase(name: "insert in the middle", old: "ac", new: "abc", expected: [.equal(["a"]), .inserted(["b"]), .equal(["c"])]),
        RunCase(name: "insert at end", old: "ab", new: "abc", expected: [.equal(["a", "b"]), .inserted(["c"])]),
        RunCase(name: "replace in the middle", old: "axc", new: "ayc",
                expected: [.equal(["a"]), .deleted(["x"]), .inserted(["y"]), .equal(["c"])]),
    ]

    @Test("Produces the expected runs", arguments: runCases)
    func expectedRuns(_ testCase: RunCase) {
        #expect(SequenceDiff.diff(Array(testCase.old), Array(testCase.new)) == testCase.expected)
    }

    @Test("Paper example ABCABBA → CBABAC has five edits")
    func paperExample() {
        let runs = SequenceDiff.diff(Array("ABCABBA"), Array("CBABAC"))
        Self.checkScript(runs, old: Array("ABCABBA"), new: Array("CBABAC"))
        #expect(Self.editCount(runs) == 5)
    }

    @Test("Random inputs: scripts rebuild both sides and are minimal", arguments: [1, 2, 3, 4] as [UInt64])
    func randomScriptsAreMinimal(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<150 {
            let alphabet = Int.random(in: 1...5, using: &generator)
            let old = (0..<Int.random(in: 0...30, using: &generator)).map { _ in Int.random(in: 0..<alphabet, using: &generator) }
            let new = (0..<Int.random(in: 0...30, using: &generator)).map { _ in Int.random(in: 0..<alphabet, using: &generator) }
            let runs = SequenceDiff.diff(old, new)
            Self.checkScript(runs, old: old, new: new)
            let lcs = Self.lcsLength(old, new)
            #expect(Self.editCount(runs) == old.count + new.count - 2 * lcs, "old \(old) new \(new)")
        }
    }

    @Test("20,000 tokens a side with a few changes")
    func largeInputFewChanges() {
        var generator = SeededGenerator(seed: 20_000)
        let old = (0..<20_000).map { _ in Int.random(in: 0..<500, using: &generator) }
        var new = old
        new.remove(at: 15_000)
        new.insert(-1, at: 9_000)
        new[100] = -2
        new.append(contentsOf: [-3, -4])
        let runs = SequenceDiff.diff(old, new)
        Self.checkScript(runs, old: old, new: new)
        #expect(Self.editCount(runs) == 6)
    }

    @Test("Two completely different 5,000-token texts still finish with a valid script")
    func completelyDifferentInputs() {
        var generator = SeededGenerator(seed: 5_000)
        // Shared "space" tokens between distinct words, as in prose: the LCS is the spaces.
        let old = (0..<5_000).map { $0 % 2 == 1 ? 0 : Int.random(in: 1..<1_000, using: &generator) }
        let new = (0..<5_000).map { $0 % 2 == 1 ? 0 : Int.random(in: 1_000..<2_000, using: &generator) }
        let runs = SequenceDiff.diff(old, new)
        Self.checkScript(runs, old: old, new: new)
        // No word is shared, so the LCS is exactly the 2,500 spaces.
        #expect(Self.editCount(runs) == old.count + new.count - 2 * 2_500)
    }

    @Test("The pointer search finds the same spans as the textbook one", arguments: [5, 6, 7] as [UInt64])
    func agreesWithReference(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for round in 0..<300 {
            // Prose-like inputs (a shared "space" between words) and small alphabets, short and long.
            let alphabet = Int.random(in: 1...(round % 3 == 0 ? 400 : 6), using: &generator)
            let prose = round % 2 == 0
            func sequence() -> [Int] {
                (0..<Int.random(in: 0...(round % 5 == 0 ? 600 : 40), using: &generator)).map { index in
                    prose && index % 2 == 1 ? 0 : Int.random(in: 1...alphabet, using: &generator)
                }
            }
            let old = sequence(), new = sequence()
            #expect(
                MyersDiff.editScript(old: old, new: new).spans == ReferenceMyersDiff.editScript(old: old, new: new).spans,
                "old \(old) new \(new)")
        }
    }

    // MARK: - Helpers

    /// Checks that `runs` rebuild both sides, are maximal, and put deletions before insertions.
    static func checkScript<T: Equatable>(_ runs: [DiffRun<T>], old: [T], new: [T],
                                          sourceLocation: SourceLocation = #_sourceLocation) {
        var rebuiltOld: [T] = [], rebuiltNew: [T] = []
        for run in runs {
            #expect(!run.elements.isEmpty, "empty run", sourceLocation: sourceLocation)
            switch run {
            case .equal(let elements):
                rebuiltOld += elements
                rebuiltNew += elements
            case .deleted(let elements): rebuiltOld += elements
            case .inserted(let elements): rebuiltNew += elements
            }
        }
        #expect(rebuiltOld == old, sourceLocation: sourceLocation)
        #expect(rebuiltNew == new, sourceLocation: sourceLocation)
        for (previous, next) in zip(runs, runs.dropFirst()) {
            switch (previous, next) {
            case (.equal, .equal), (.deleted, .deleted), (.inserted, .inserted), (.inserted, .deleted):
                Issue.record("runs out of order or not merged: \(previous) then \(next)", sourceLocation: sourceLocation)
            default: break
            }
        }
    }

    static func editCount<T>(_ runs: [DiffRun<T>]) -> Int {
        runs.reduce(0) { total, run in
            if case .equal = run { return total }
            return total + run.elements.count
        }
    }

    /// Textbook quadratic LCS, the reference the minimality check compares against.
    static func lcsLength<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        var previous = [Int](repeating: 0, count: b.count + 1)
        for i in 0..<a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            for j in 0..<b.count {
                current[j + 1] = a[i] == b[j] ? previous[j] + 1 : max(previous[j + 1], current[j])
            }
            previous = current
        }
        return previous[b.count]
    }
}
