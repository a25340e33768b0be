import Foundation
import Testing

@Suite("CLI: diff --messages")
struct DiffMessagesTests {
    @Test("two messages that share history say where it ends, never 'no shared history'")
    func sharedHistoryOfTwoMessages() throws {
        let sandbox = try CLISandbox.initialized(sending: "root question", "second question")
        try sandbox.succeed(["checkout", "-b", "alt", "HEAD~2"])
        try sandbox.succeed(["send", "another second question"])
        let forkPoint = try #require(try JSON.array(try sandbox.succeed(["log", "--json", "-n", "1", "main~2"])).first?["id"] as? String)
        let text = try sandbox.succeed(["diff", "--messages", "main", "alt"]).stdout
        #expect(!text.contains("No shared history"), "\(text)")
        #expect(text.contains("Shared history: 2 messages up to the fork point \(forkPoint.prefix(8))"), "\(text)")
        let json = try JSON.object(try sandbox.succeed(["diff", "--messages", "--json", "main", "alt"]))
        #expect(json["forkPoint"] as? String == forkPoint)
        #expect(json["sharedMessages"] as? Int == 2)
        // Truly unrelated roots still say so.
        try sandbox.succeed(["send", "--no-context", "unrelated"])
        let oneoff = try #require(try JSON.array(try sandbox.succeed(["threads", "--json"]))
            .first { ($0["name"] as? String)?.hasPrefix("oneoff/") == true }?["name"] as? String)
        let unrelated = try sandbox.succeed(["diff", "main", oneoff]).stdout
        #expect(unrelated.contains("No shared history") && !unrelated.contains("after the fork"), "\(unrelated)")
    }

    @Test("the header names the two messages compared, not a count after the fork; a message against itself has no differences")
    func headerNamesTheTwoMessages() throws {
        let sandbox = try CLISandbox.initialized(sending: "What is a Merkle chain?", "What does it not guarantee?")
        try sandbox.succeed(["checkout", "-b", "alt", "HEAD~2"])
        try sandbox.succeed(["send", "Give an example."])
        let ids = try ["main", "alt"].map { name in
            try #require(try JSON.array(try sandbox.succeed(["log", "--json", "-n", "1", name])).first?["id"] as? String)
        }
        let text = try sandbox.succeed(["diff", "--messages", "main", "alt"]).stdout
        #expect(text.contains("--- main: the message \(ids[0].prefix(8))\n+++ alt: the message \(ids[1].prefix(8))\n"), "\(text)")
        #expect(!text.contains("after the fork"), "\(text)")
        let same = try sandbox.succeed(["diff", "--messages", "main", "main"]).stdout
        #expect(same.contains("No differences: main and main are the same message."), "\(same)")
        #expect(!same.contains("@@"), "\(same)")
    }

    @Test("a system prompt that only the fork has does not pair the fork's question with a later one")
    func systemPromptOnOneSideKeepsTheQuestionsPaired() throws {
        let sandbox = try CLISandbox.initialized(sending: "What is a Merkle chain?", "What does it not guarantee?", "Give an example.")
        try sandbox.succeed(["checkout", "-b", "terse", "HEAD~4"])
        try sandbox.succeed(["send", "-s", "Be terse.", "What does it not guarantee?"])
        let json = try JSON.object(try sandbox.succeed(["diff", "--json", "main", "terse"]))
        let turns = try #require(json["turns"] as? [[String: Any]])
        let roles = turns.map { [($0["left"] as? [String: Any])?["role"] as? String, ($0["right"] as? [String: Any])?["role"] as? String] }
        #expect(roles == [[nil, "system"], ["user", "user"], ["assistant", "assistant"], ["user", nil], ["assistant", nil]], "\(turns)")
        #expect(turns[1]["identical"] as? Bool == true, "\(turns[1])")
        let stat = try sandbox.succeed(["diff", "--stat", "main", "terse"]).stdout
        let totals = try #require(Self.totalsLine(stat))
        #expect(totals.hasPrefix("5 turns compared: "), "\(totals)")
        // One line per turn, as `git diff --stat`; a turn one side lacks is named by the side that has it.
        let turnLines = stat.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("@@ turn 1:") }.prefix(6)
        #expect(turnLines.prefix(5).allSatisfy { $0.hasPrefix("@@ turn ") } && turnLines.last == "", "\(stat)")
        #expect(turnLines.first?.hasSuffix("only in terse (+2 words)") == true && turnLines.dropFirst(3).first?.contains("only in main (-") == true, "\(stat)")
    }

    @Test("a change of spacing alone says so, and in colour the white space shows on a coloured background")
    func spacingOnlyChange() throws {
        let sandbox = try CLISandbox.initialized(sending: "root question", "second  question")
        try sandbox.succeed(["checkout", "-b", "alt", "HEAD~2"])
        try sandbox.succeed(["send", "second question"])
        let stat = try sandbox.succeed(["diff", "--stat", "main", "alt"]).stdout
        let userTurn = try #require(stat.split(separator: "\n").first { $0.hasPrefix("@@ turn 1: user") }, "\(stat)")
        #expect(userTurn.hasSuffix("-0 +0 words, only spacing or symbols changed"), "\(userTurn)")
        let coloured = try sandbox.succeed(["--color", "diff", "main", "alt"]).stdout
        #expect(coloured.contains("second\u{1B}[41m  \u{1B}[0m\u{1B}[42m \u{1B}[0mquestion"), "\(coloured)")
    }

    /// The last line of `diff --stat`.
    static func totalsLine(_ text: String) -> String? {
        text.split(separator: "\n").last.map(String.init)
    }
}

@Suite("CLI: diff --minimal")
struct DiffMinimalTests {
    /// `count` words drawn from a 300-word vocabulary, the same for the same seed.
    static func prose(_ count: Int, seed: UInt64) -> String {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return "w\((state >> 33) % 300)"
        }.joined(separator: " ")
    }

    /// The totals line of `diff --stat`: "N turn(s) compared: R words removed, A added, U unchanged".
    static func totals(_ stat: CLIResult) -> String? {
        stat.stdout.split(separator: "\n").last { $0.contains(" compared: ") }.map(String.init)
    }

    /// `prose(count, seed:)` with a fifth of its words deleted and as many others inserted: related (about
    /// half the word pairs kept, so not a rewrite), yet different in far more tokens than the bounded
    /// search's limit, and with words of the same vocabulary to align in many ways.
    static func edited(_ count: Int, seed: UInt64) -> String {
        var state = seed &+ 99
        return Self.prose(count, seed: seed).split(separator: " ").flatMap { word -> [String] in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            switch (state >> 33) % 10 {
            case 0, 1: return []
            case 8, 9: return [String(word), "w\((state >> 40) % 300)"]
            default: return [String(word)]
            }
        }.joined(separator: " ")
    }

    @Test("two texts that differ throughout: the bounded search counts more as changed, --minimal the fewest, in every form")
    func minimalFindsTheSmallestDiff() throws {
        let sandbox = try CLISandbox.initialized(sending: Self.prose(1_500, seed: 1), Self.edited(1_500, seed: 1))
        let (first, second) = ("main~3", "main~1")
        let bounded = try #require(Self.totals(try sandbox.succeed(["diff", "--messages", "--stat", first, second])))
        let minimal = try #require(Self.totals(try sandbox.succeed(["diff", "--messages", "--stat", "--minimal", first, second])))
        #expect(bounded != minimal, "the limit must act on texts this different")
        func unchanged(_ line: String) -> Int? {
            line.split(separator: ",").last?.split(separator: " ").first.flatMap { Int($0) }
        }
        #expect((unchanged(minimal) ?? 0) > (unchanged(bounded) ?? .max), "\(minimal) vs \(bounded)")
        // --json and the plain diff take the same search as --stat.
        let json = try JSON.object(try sandbox.succeed(["diff", "--messages", "--json", "--minimal", first, second]))
        let turns = try #require(json["turns"] as? [[String: Any]])
        let removed = turns.compactMap { $0["wordsRemoved"] as? Int }.reduce(0, +)
        #expect(minimal.contains("\(removed) words removed"), "\(minimal) vs --json's \(removed)")
        #expect(try sandbox.succeed(["diff", "--messages", "--minimal", first, second]).stdout
            != (try sandbox.succeed(["diff", "--messages", first, second]).stdout))
    }
}

@Suite("CLI: diff of rewritten answers")
struct DiffRewriteTests {
    @Test("two unrelated answers are shown whole, marked rewritten, in text, --stat and --json; --minimal diffs them word by word")
    func unrelatedAnswersAreShownWhole() throws {
        let (first, second) = (DiffMinimalTests.prose(60, seed: 1), DiffMinimalTests.prose(50, seed: 2))
        let sandbox = try CLISandbox.initialized(sending: first, second)
        let (old, new) = ("main~3", "main~1")
        let text = try sandbox.succeed(["diff", "--messages", old, new]).stdout
        #expect(text.contains("@@ -60 +50 words, rewritten"), "\(text)")
        #expect(text.contains("[-\(first)-]\n{+\(second)+}"), "\(text)")
        let stat = try sandbox.succeed(["diff", "--messages", "--stat", old, new]).stdout
        #expect(stat.contains("-60 +50 words, rewritten") && stat.contains("60 words removed, 50 added, 0 unchanged"), "\(stat)")
        let json = try JSON.object(try sandbox.succeed(["diff", "--messages", "--json", old, new]))
        let turn = try #require((json["turns"] as? [[String: Any]])?.first)
        #expect(turn["rewritten"] as? Bool == true)
        #expect((turn["runs"] as? [[String: Any]])?.compactMap { $0["text"] as? String } == [first, second])
        let minimal = try sandbox.succeed(["diff", "--messages", "--minimal", old, new]).stdout
        #expect(!minimal.contains("rewritten") && minimal.contains("[-"), "\(minimal)")
        // An edited text keeps its word diff, and JSON leaves the field out.
        try sandbox.succeed(["send", first.replacingOccurrences(of: " w", with: " x", options: [], range: first.range(of: " w"))])
        let edited = try #require((try JSON.object(try sandbox.succeed(["diff", "--messages", "--json", "main~5", "main~1"]))["turns"]
            as? [[String: Any]])?.first)
        #expect(edited["rewritten"] == nil)
        #expect((edited["runs"] as? [[String: Any]])?.compactMap { $0["kind"] as? String } == ["equal", "removed", "added", "equal"])
        // A fork whose question is unrelated: its diff page shows the two questions whole, unmarked.
        try sandbox.succeed(["checkout", "-b", "side", "main~4"])
        try sandbox.succeed(["send", DiffMinimalTests.prose(40, seed: 3)])
        try sandbox.succeed(["export", "html", "site"])
        let page = try String(contentsOfFile: sandbox.work + "/site/diffs/main_vs_side.html", encoding: .utf8)
        let row = try #require(page.components(separatedBy: "<div class=\"diff-row").dropFirst(2).first)
        #expect(row.hasPrefix(" rewritten\"") && !row.contains("<del>") && row.contains(DiffMinimalTests.prose(40, seed: 3)), "\(row)")
    }
}
