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
        #expect(try sandbox.succeed(["diff", "--messages", "main", oneoff]).stdout.contains("No shared history"))
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

    @Test("two texts that differ throughout: the bounded search counts more as changed, --minimal the fewest, in every form")
    func minimalFindsTheSmallestDiff() throws {
        let sandbox = try CLISandbox.initialized(sending: Self.prose(1_500, seed: 1), Self.prose(1_200, seed: 2))
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
