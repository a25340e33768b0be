import Testing
@testable import ThreadAIStore

@Suite("Conversation diff alignment")
struct ConversationDiffTests {
    struct AlignmentCase: CustomTestStringConvertible, Sendable {
        let name: String
        let left: [DiffTurn]
        let right: [DiffTurn]
        /// Each aligned turn as "leftId|rightId", "-" for a missing side.
        let expectedPairs: [String]
        var testDescription: String { name }
    }

    static func turn(_ id: String, _ role: String, _ content: String? = nil) -> DiffTurn {
        DiffTurn(id: id, role: role, content: content ?? "text of \(id)")
    }

    static let cases: [AlignmentCase] = [
        AlignmentCase(name: "both sides empty", left: [], right: [], expectedPairs: []),
        AlignmentCase(name: "left side empty", left: [], right: [turn("r1", "user"), turn("r2", "assistant")],
                      expectedPairs: ["-|r1", "-|r2"]),
        AlignmentCase(name: "equal length, roles agree: paired by position",
                      left: [turn("l1", "user"), turn("l2", "assistant")],
                      right: [turn("r1", "user"), turn("r2", "assistant")],
                      expectedPairs: ["l1|r1", "l2|r2"]),
        AlignmentCase(name: "right longer: extra turns are right-only",
                      left: [turn("l1", "user"), turn("l2", "assistant")],
                      right: [turn("r1", "user"), turn("r2", "assistant"), turn("r3", "user"), turn("r4", "assistant")],
                      expectedPairs: ["l1|r1", "l2|r2", "-|r3", "-|r4"]),
        AlignmentCase(name: "left longer: extra turns are left-only",
                      left: [turn("l1", "assistant"), turn("l2", "user"), turn("l3", "assistant")],
                      right: [turn("r1", "assistant")],
                      expectedPairs: ["l1|r1", "l2|-", "l3|-"]),
        AlignmentCase(name: "extra system message on the right: like pairs with like",
                      left: [turn("l1", "user"), turn("l2", "assistant")],
                      right: [turn("r0", "system"), turn("r1", "user"), turn("r2", "assistant")],
                      expectedPairs: ["-|r0", "l1|r1", "l2|r2"]),
        AlignmentCase(name: "role mismatch after a common start",
                      left: [turn("l1", "user"), turn("l2", "assistant"), turn("l3", "user")],
                      right: [turn("r1", "user"), turn("r2", "system"), turn("r3", "assistant"), turn("r4", "user")],
                      expectedPairs: ["l1|r1", "-|r2", "l2|r3", "l3|r4"]),
        AlignmentCase(name: "ties pair the earliest turns",
                      left: [turn("l0", "system"), turn("l1", "user"), turn("l2", "assistant")],
                      right: [turn("r1", "user"), turn("r2", "assistant"), turn("r3", "user"), turn("r4", "assistant")],
                      expectedPairs: ["l0|-", "l1|r1", "l2|r2", "-|r3", "-|r4"]),
        AlignmentCase(name: "no role in common: all one-sided, left first",
                      left: [turn("l1", "system")], right: [turn("r1", "tool")],
                      expectedPairs: ["l1|-", "-|r1"]),
    ]

    @Test("Aligns turns", arguments: cases)
    func alignment(_ testCase: AlignmentCase) {
        let aligned = ConversationDiff.align(testCase.left, testCase.right, by: .word)
        #expect(aligned.map { "\($0.left?.id ?? "-")|\($0.right?.id ?? "-")" } == testCase.expectedPairs)
        for turn in aligned {
            if let left = turn.left, let right = turn.right {
                #expect(left.role == right.role)
                #expect(turn.runs == TextDiff.diff(left.content, right.content, by: .word))
            } else if let left = turn.left {
                #expect(turn.runs == [TextDiffRun(kind: .removed, text: left.content)])
                #expect(!turn.isIdentical)
            } else if let right = turn.right {
                #expect(turn.runs == [TextDiffRun(kind: .added, text: right.content)])
                #expect(!turn.isIdentical)
            }
        }
    }

    @Test("Paired turns carry their diff and whether they are identical")
    func pairedTurnContents() throws {
        let left = [Self.turn("l1", "user", "same question"), Self.turn("l2", "assistant", "the cat sat")]
        let right = [Self.turn("r1", "user", "same question"), Self.turn("r2", "assistant", "a dog sat")]
        let aligned = ConversationDiff.align(left, right, by: .word)
        try #require(aligned.count == 2)
        #expect(aligned[0].isIdentical)
        #expect(aligned[0].runs == [TextDiffRun(kind: .equal, text: "same question")])
        #expect(!aligned[1].isIdentical)
        #expect(aligned[1].runs == [
            TextDiffRun(kind: .removed, text: "the cat"),
            TextDiffRun(kind: .added, text: "a dog"),
            TextDiffRun(kind: .equal, text: " sat"),
        ])
    }

    @Test("Many differing pairs, diffed on every core, carry each pair's own diff, in order")
    func manyDifferingPairs() throws {
        var generator = SeededGenerator(seed: 3)
        // A small vocabulary and a large one: texts of the second share few word pairs, so some are rewrites.
        let vocabularies = [["the", "cat", "sat", "on", "a", "mat", "dog", "ran", "\n", "—", "é"], (0..<400).map { "w\($0)" }]
        func text() -> String {
            let words = vocabularies[Int.random(in: 0...1, using: &generator)]
            return (0..<Int.random(in: 0...40, using: &generator)).map { _ in words.randomElement(using: &generator) ?? "" }.joined(separator: " ")
        }
        let roles = ["user", "assistant"]
        let left = (0..<60).map { Self.turn("l\($0)", roles[$0 % 2], text()) }
        let right = (0..<57).map { Self.turn("r\($0)", roles[$0 % 2], $0 % 5 == 0 ? left[$0].content : text()) }
        // On every core (any amount of text), and on this thread (none is enough): the same turns.
        let aligned = ConversationDiff.align(left, right, by: .word, parallelBytes: 0)
        try #require(aligned.count == 60)
        #expect(ConversationDiff.align(left, right, by: .word, parallelBytes: .max) == aligned)
        for (index, turn) in aligned.enumerated() {
            #expect(turn.left?.id == "l\(index)")
            #expect(turn.right?.id == (index < 57 ? "r\(index)" : nil))
            let (old, new) = (left[index].content, index < 57 ? right[index].content : "")
            let rewritten = index < 57 && old != new && RewriteDetection.isRewrite(old, new)
            #expect(turn.isRewritten == rewritten)
            #expect(turn.runs == (rewritten
                ? [TextDiffRun(kind: .removed, text: old), TextDiffRun(kind: .added, text: new)]
                : TextDiff.diff(old, new, by: .word)))
            #expect(turn.isIdentical == (index < 57 && old == new))
        }
        // Both kinds, and more than one token diff, so the pairs were diffed on every core.
        #expect(aligned.count { $0.isRewritten } > 1)
        #expect(aligned.count { !$0.isRewritten && !$0.isIdentical && $0.right != nil } > 1)
    }

    @Test("Line granularity is passed through to each pair")
    func lineGranularity() throws {
        let aligned = ConversationDiff.align([Self.turn("l", "assistant", "a b\nc\n")],
                                             [Self.turn("r", "assistant", "a B\nc\n")], by: .line)
        try #require(aligned.count == 1)
        #expect(aligned[0].runs == [
            TextDiffRun(kind: .removed, text: "a b\n"),
            TextDiffRun(kind: .added, text: "a B\n"),
            TextDiffRun(kind: .equal, text: "c\n"),
        ])
    }

    @Test("A one-sided empty message has no runs")
    func emptyOneSidedMessage() throws {
        let aligned = ConversationDiff.align([], [Self.turn("r", "assistant", "")], by: .word)
        try #require(aligned.count == 1)
        #expect(aligned[0].runs.isEmpty)
        #expect(!aligned[0].isIdentical)
    }

    @Test("a turn only one side has (a system prompt) is skipped where it stands, so the other turns pair from the start")
    func aSystemPromptOnOneSideDoesNotShiftThePairs() {
        let turns = ["user", "assistant", "user", "assistant"]
        #expect(RoleAlignment.align(turns, ["system", "user", "assistant"]) == [
            .rightOnly(0), .paired(left: 0, right: 1), .paired(left: 1, right: 2), .leftOnly(2), .leftOnly(3),
        ])
        #expect(RoleAlignment.align(["system", "user", "assistant"], turns) == [
            .leftOnly(0), .paired(left: 1, right: 0), .paired(left: 2, right: 1), .rightOnly(2), .rightOnly(3),
        ])
        // Alike both ways: the left turn is skipped first.
        #expect(RoleAlignment.align(["user", "assistant"], ["assistant", "user"]) == [
            .leftOnly(0), .paired(left: 1, right: 0), .rightOnly(1),
        ])
    }

    @Test("Both role aligners pair as many turns as the longest common subsequence", arguments: [7, 8] as [UInt64])
    func roleAlignmentIsMaximal(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let roles = ["system", "user", "assistant", "tool"]
        for _ in 0..<100 {
            let left = (0..<Int.random(in: 0...12, using: &generator)).map { _ in roles.randomElement(using: &generator) ?? "" }
            let right = (0..<Int.random(in: 0...12, using: &generator)).map { _ in roles.randomElement(using: &generator) ?? "" }
            let expectedPairs = SequenceDiffTests.lcsLength(left, right)
            for cells in [RoleAlignment.defaultMaximumTableCells, 0] {
                let steps = RoleAlignment.align(left, right, maximumTableCells: cells)
                var leftSeen: [Int] = [], rightSeen: [Int] = [], pairs = 0
                for step in steps {
                    switch step {
                    case .paired(let l, let r):
                        #expect(left[l] == right[r])
                        leftSeen.append(l)
                        rightSeen.append(r)
                        pairs += 1
                    case .leftOnly(let l): leftSeen.append(l)
                    case .rightOnly(let r): rightSeen.append(r)
                    }
                }
                #expect(pairs == expectedPairs, "\(left) vs \(right), table limit \(cells)")
                #expect(leftSeen == Array(left.indices))
                #expect(rightSeen == Array(right.indices))
            }
        }
    }
}

@Suite("Conversation diff: rewritten pairs")
struct ConversationDiffRewriteTests {
    static let (first, second) = RewriteDetectionTests.unrelatedAnswers

    @Test("a rewritten pair is the whole left text removed and the whole right text added")
    func rewrittenPairIsShownWhole() throws {
        let aligned = ConversationDiff.align(
            [ConversationDiffTests.turn("l", "assistant", Self.first)],
            [ConversationDiffTests.turn("r", "assistant", Self.second)], by: .word)
        try #require(aligned.count == 1)
        #expect(aligned[0].isRewritten)
        #expect(!aligned[0].isIdentical)
        #expect(aligned[0].runs == [TextDiffRun(kind: .removed, text: Self.first), TextDiffRun(kind: .added, text: Self.second)])
        // The same with lines.
        let lines = ConversationDiff.align(
            [ConversationDiffTests.turn("l", "assistant", Self.first)],
            [ConversationDiffTests.turn("r", "assistant", Self.second)], by: .line)
        #expect(lines.map(\.runs) == aligned.map(\.runs))
    }

    @Test("--minimal diffs every pair word by word, rewritten or not")
    func minimalNeverRewrites() throws {
        let aligned = ConversationDiff.align(
            [ConversationDiffTests.turn("l", "assistant", Self.first)],
            [ConversationDiffTests.turn("r", "assistant", Self.second)], by: .word, minimal: true)
        try #require(aligned.count == 1)
        #expect(!aligned[0].isRewritten)
        #expect(aligned[0].runs == TextDiff.diff(Self.first, Self.second, by: .word, minimal: true))
    }

    @Test("one-sided, identical and similar turns are never rewritten")
    func onlyDifferentPairsAreRewritten() {
        let edited = Self.first.replacingOccurrences(of: "every view", with: "each view")
        let aligned = ConversationDiff.align(
            [ConversationDiffTests.turn("l1", "user", Self.first), ConversationDiffTests.turn("l2", "assistant", Self.first)],
            [ConversationDiffTests.turn("r1", "user", Self.first), ConversationDiffTests.turn("r2", "assistant", edited),
             ConversationDiffTests.turn("r3", "user", Self.second)], by: .word)
        #expect(aligned.map(\.isRewritten) == [false, false, false])
        #expect(aligned.map(\.isIdentical) == [true, false, false])
    }

    @Test("two messages compared whatever their roles: identical when their texts are, rewritten as a pair would be")
    func compareIgnoresRoles() {
        let same = ConversationDiff.compare(
            ConversationDiffTests.turn("l", "user", Self.first), ConversationDiffTests.turn("r", "assistant", Self.first), by: .word)
        #expect(same.isIdentical)
        #expect(!same.isRewritten)
        let rewritten = ConversationDiff.compare(
            ConversationDiffTests.turn("l", "user", Self.first), ConversationDiffTests.turn("r", "assistant", Self.second), by: .word)
        #expect(rewritten.isRewritten)
        #expect(rewritten.left?.role == "user" && rewritten.right?.role == "assistant")
    }
}
