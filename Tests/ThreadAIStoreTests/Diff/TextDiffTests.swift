import Testing
@testable import ThreadAIStore

@Suite("Text diff")
struct TextDiffTests {
    struct DiffCase: CustomTestStringConvertible, Sendable {
        let name: String
        let old: String
        let new: String
        let granularity: TextDiffGranularity
        let expected: [TextDiffRun]
        var testDescription: String { name }
    }

    static func equal(_ text: String) -> TextDiffRun { TextDiffRun(kind: .equal, text: text) }
    static func removed(_ text: String) -> TextDiffRun { TextDiffRun(kind: .removed, text: text) }
    static func added(_ text: String) -> TextDiffRun { TextDiffRun(kind: .added, text: text) }

    static let cases: [DiffCase] = [
        DiffCase(name: "empty vs empty", old: "", new: "", granularity: .word, expected: []),
        DiffCase(name: "identical", old: "hello world", new: "hello world", granularity: .word,
                 expected: [equal("hello world")]),
        DiffCase(name: "all different words fold into one change", old: "alpha beta", new: "gamma delta", granularity: .word,
                 expected: [removed("alpha beta"), added("gamma delta")]),
        DiffCase(name: "space between changes is absorbed", old: "the cat sat", new: "a dog sat", granularity: .word,
                 expected: [removed("the cat"), added("a dog"), equal(" sat")]),
        DiffCase(name: "absorption chains across several words", old: "one two three four", new: "uno dos tres four",
                 granularity: .word, expected: [removed("one two three"), added("uno dos tres"), equal(" four")]),
        DiffCase(name: "space between two pure insertions stays equal", old: "a b", new: "a! ?b", granularity: .word,
                 expected: [equal("a"), added("!"), equal(" "), added("?"), equal("b")]),
        DiffCase(name: "insert at start", old: "world", new: "hello world", granularity: .word,
                 expected: [added("hello "), equal("world")]),
        DiffCase(name: "insert in the middle", old: "the cat", new: "the black cat", granularity: .word,
                 expected: [equal("the "), added("black "), equal("cat")]),
        DiffCase(name: "insert at end", old: "the cat", new: "the cat sat", granularity: .word,
                 expected: [equal("the cat"), added(" sat")]),
        DiffCase(name: "delete in the middle", old: "a very big dog", new: "a dog", granularity: .word,
                 expected: [equal("a "), removed("very big "), equal("dog")]),
        DiffCase(name: "punctuation change", old: "Hello, world.", new: "Hello, world!", granularity: .word,
                 expected: [equal("Hello, world"), removed("."), added("!")]),
        DiffCase(name: "contraction is one word", old: "I do not know", new: "I don't know", granularity: .word,
                 expected: [equal("I "), removed("do not"), added("don't"), equal(" know")]),
        DiffCase(name: "unicode words", old: "café au lait 🥛", new: "café noir 🥛", granularity: .word,
                 expected: [equal("café "), removed("au lait"), added("noir"), equal(" 🥛")]),
        DiffCase(name: "CRLF text by word", old: "one\r\ntwo\r\n", new: "one\r\nTWO\r\n", granularity: .word,
                 expected: [equal("one\r\n"), removed("two"), added("TWO"), equal("\r\n")]),
        DiffCase(name: "CRLF text by line", old: "one\r\ntwo\r\n", new: "one\r\nTWO\r\n", granularity: .line,
                 expected: [equal("one\r\n"), removed("two\r\n"), added("TWO\r\n")]),
        DiffCase(name: "by word: only the changed word", old: "a b\nc d\n", new: "a b\nc e\n", granularity: .word,
                 expected: [equal("a b\nc "), removed("d"), added("e"), equal("\n")]),
        DiffCase(name: "by line: the whole changed line", old: "a b\nc d\n", new: "a b\nc e\n", granularity: .line,
                 expected: [equal("a b\n"), removed("c d\n"), added("c e\n")]),
        DiffCase(name: "by line: blank line between changes is not absorbed", old: "x\n\ny\n", new: "X\n\nY\n", granularity: .line,
                 expected: [removed("x\n"), added("X\n"), equal("\n"), removed("y\n"), added("Y\n")]),
        DiffCase(name: "by line: added last line without newline", old: "a\n", new: "a\nb", granularity: .line,
                 expected: [equal("a\n"), added("b")]),
    ]

    @Test("Produces readable runs", arguments: cases)
    func expectedRuns(_ testCase: DiffCase) {
        let runs = TextDiff.diff(testCase.old, testCase.new, by: testCase.granularity)
        #expect(runs == testCase.expected)
        Self.checkReconstruction(runs, old: testCase.old, new: testCase.new)
    }

    @Test("Byte-range tokens and interning give the runs the Substring pipeline gave", arguments: [11, 12, 13] as [UInt64])
    func sameRunsAsSubstringPipeline(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let words = ["the", "cat", "sat", "on", "mat", "don't", "well-known", "café", "cafe\u{301}", "naïve", "42", "你好", "👍🏽"]
        let separators = [" ", " ", " ", ", ", ". ", "\n", "\r\n", "\n\n", " - ", "!"]
        func prose() -> String {
            var text = ""
            for _ in 0..<Int.random(in: 0...60, using: &generator) {
                text += words.randomElement(using: &generator)! + separators.randomElement(using: &generator)!
            }
            return text
        }
        for _ in 0..<150 {
            let old = prose(), new = prose()
            for granularity in [TextDiffGranularity.word, .line] {
                let runs = TextDiff.diff(old, new, by: granularity)
                #expect(runs == Self.substringPipeline(old, new, by: granularity), "\(old.debugDescription) → \(new.debugDescription)")
                Self.checkReconstruction(runs, old: old, new: new)
            }
        }
    }

    /// The word diff as it was: `Substring` tokens, interned by their bytes in a `Dictionary`, runs joined token by token.
    static func substringPipeline(_ old: String, _ new: String, by granularity: TextDiffGranularity) -> [TextDiffRun] {
        if old.isEmpty || new.isEmpty || old.utf8.elementsEqual(new.utf8) { return TextDiff.diff(old, new, by: granularity) }
        func tokens(_ text: String) -> [Substring] {
            granularity == .word ? WordTokenizer.tokens(in: text).map(\.text) : LineTokenizer.lines(in: text)
        }
        let oldTokens = tokens(old), newTokens = tokens(new)
        let runs = SequenceDiff.editSpans(oldTokens.map { Array($0.utf8) }, newTokens.map { Array($0.utf8) }).map { span in
            switch span.kind {
            case .equal: TextDiffRun(kind: .equal, text: oldTokens[span.old].joined())
            case .deleted: TextDiffRun(kind: .removed, text: oldTokens[span.old].joined())
            case .inserted: TextDiffRun(kind: .added, text: newTokens[span.new].joined())
            }
        }
        return granularity == .word ? DiffReadability.foldingWhitespaceBetweenChanges(runs) : runs
    }

    @Test("Differences in Unicode normalization are reported, byte for byte")
    func normalizationIsNotIgnored() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let runs = TextDiff.diff(composed, decomposed, by: .word)
        #expect(runs.map(\.kind) == [.removed, .added])
        Self.checkReconstruction(runs, old: composed, new: decomposed)
    }

    static let reconstructionInputs: [(String, String)] = [
        ("", "something new"),
        ("something old", ""),
        ("  spaced   out  ", " spaced out "),
        ("first line\nsecond line\nthird", "first line\nthird\nfourth\n"),
        ("mixed\r\nline\rends\n", "mixed\nline\r\nends\r"),
        ("👨‍👩‍👧 family 🇫🇷", "🇫🇷 family 👨‍👩‍👧‍👦"),
        ("e\u{301}te\u{301}", "\u{E9}t\u{E9}"),
        ("The quick brown fox jumps over the lazy dog.", "A quick brown dog jumps over the lazy fox!"),
    ]

    @Test("Equal+removed rebuilds old and equal+added rebuilds new", arguments: reconstructionInputs, [TextDiffGranularity.word, .line])
    func reconstruction(_ pair: (String, String), granularity: TextDiffGranularity) {
        Self.checkReconstruction(TextDiff.diff(pair.0, pair.1, by: granularity), old: pair.0, new: pair.1)
        Self.checkReconstruction(TextDiff.diff(pair.1, pair.0, by: granularity), old: pair.1, new: pair.0)
    }

    @Test("Random edits rebuild both sides", arguments: [11, 12, 13] as [UInt64])
    func randomReconstruction(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let pieces = ["the", "cat", "don't", "well-known", "é", "e\u{301}", "42", " ", "  ", "\n", "\r\n", "\r",
                      ",", ".", "!", "🙂", "👍🏽", "-", "'", "\t", "über", "猫"]
        for _ in 0..<100 {
            let old = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }
            var new = old
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                let position = Int.random(in: 0...new.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: new.insert(pieces.randomElement(using: &generator) ?? "", at: position)
                case 1 where position < new.count: new.remove(at: position)
                default: if position < new.count { new[position] = pieces.randomElement(using: &generator) ?? "" }
                }
            }
            let oldText = old.joined(), newText = new.joined()
            for granularity in [TextDiffGranularity.word, .line] {
                Self.checkReconstruction(TextDiff.diff(oldText, newText, by: granularity), old: oldText, new: newText)
            }
        }
    }

    @Test("Word statistics count words, not whitespace or punctuation")
    func statistics() {
        let stat = TextDiffStat(runs: TextDiff.diff("the cat sat.", "a dog sat, happily!", by: .word))
        #expect(stat == TextDiffStat(wordsAdded: 3, wordsRemoved: 2, wordsUnchanged: 1))
        #expect(TextDiffStat(runs: []) == TextDiffStat(wordsAdded: 0, wordsRemoved: 0, wordsUnchanged: 0))
        let lineStat = TextDiffStat(runs: TextDiff.diff("a b\nc d\n", "a b\nc e\n", by: .line))
        #expect(lineStat == TextDiffStat(wordsAdded: 2, wordsRemoved: 2, wordsUnchanged: 2))
    }

    @Test("A 20,000-token text with a few edits completes with the edits found")
    func largeText() {
        var generator = SeededGenerator(seed: 42)
        let vocabulary = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa"]
        var words = (0..<10_000).map { _ in vocabulary.randomElement(using: &generator) ?? "" }
        let old = words.joined(separator: " ")
        words[2_000] = "CHANGED"
        words.insert("INSERTED", at: 7_000)
        words.remove(at: 9_000)
        let new = words.joined(separator: " ")
        let runs = TextDiff.diff(old, new, by: .word)
        Self.checkReconstruction(runs, old: old, new: new)
        let stat = TextDiffStat(runs: runs)
        #expect(stat.wordsAdded == 2)
        #expect(stat.wordsRemoved == 2)
    }

    /// Checks the reconstruction property and the shape rules: no empty runs,
    /// no two adjacent runs of the same kind, removed before added within a change.
    static func checkReconstruction(_ runs: [TextDiffRun], old: String, new: String,
                                    sourceLocation: SourceLocation = #_sourceLocation) {
        let rebuiltOld = runs.filter { $0.kind != .added }.map(\.text).joined()
        let rebuiltNew = runs.filter { $0.kind != .removed }.map(\.text).joined()
        #expect(Array(rebuiltOld.utf8) == Array(old.utf8), "old side", sourceLocation: sourceLocation)
        #expect(Array(rebuiltNew.utf8) == Array(new.utf8), "new side", sourceLocation: sourceLocation)
        #expect(runs.allSatisfy { !$0.text.isEmpty }, "empty run", sourceLocation: sourceLocation)
        for (previous, next) in zip(runs, runs.dropFirst()) {
            #expect(previous.kind != next.kind, "unmerged runs \(previous) \(next)", sourceLocation: sourceLocation)
            #expect(!(previous.kind == .added && next.kind == .removed), "added before removed", sourceLocation: sourceLocation)
        }
    }
}
