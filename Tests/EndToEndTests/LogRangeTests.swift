import Foundation
import Testing

/// `log A..B`, `A..`, `..B` and `A...B` on a fork of a fork (see `ForkedSandbox`):
///
///     main:      S u1 a1 u2 a2
///     alt:             └ ua aa
///     alt-deep:                └ ud ad      (HEAD)
@Suite("CLI: log ranges")
struct LogRangeTests {
    private func ids(_ forked: ForkedSandbox, _ arguments: [String]) throws -> [String] {
        try JSON.array(try forked.sandbox.succeed(["log", "--json"] + arguments)).compactMap { $0["id"] as? String }
    }

    @Test("A..B is what B's history has and A's lacks; A.. and ..B default to HEAD")
    func exclusiveRanges() throws {
        let forked = try ForkedSandbox()
        #expect(try ids(forked, ["main..alt-deep"]) == ["ad", "ud", "aa", "ua"].map { forked[$0] })
        #expect(try ids(forked, ["alt..alt-deep"]) == ["ad", "ud"].map { forked[$0] })
        #expect(try ids(forked, ["alt-deep..main"]) == ["a2", "u2"].map { forked[$0] })
        #expect(try ids(forked, ["main.."]) == ["ad", "ud", "aa", "ua"].map { forked[$0] })
        #expect(try ids(forked, ["..main"]) == ["a2", "u2"].map { forked[$0] })
        // Ids and suffixes on either side.
        #expect(try ids(forked, ["\(forked["a1"])..\(forked["aa"])"]) == ["aa", "ua"].map { forked[$0] })
        #expect(try ids(forked, ["main~2..main"]) == ["a2", "u2"].map { forked[$0] })
        // With the other options of one history.
        #expect(try ids(forked, ["-n", "1", "--reverse", "main..alt-deep"]) == [forked["ad"]])
        let oneline = try forked.sandbox.succeed(["log", "--oneline", "--reverse", "main..alt"]).stdout
        #expect(oneline.split(separator: "\n").map { String($0.prefix(8)) } == ["ua", "aa"].map { String(forked[$0].prefix(8)) })
        let full = try forked.sandbox.succeed(["log", "alt..alt-deep"]).stdout
        #expect(full.contains("message \(forked["ud"])") && !full.contains("message \(forked["aa"])"), "\(full)")
    }

    @Test("a range with nothing in it prints nothing and succeeds, as git's does")
    func emptyRange() throws {
        let forked = try ForkedSandbox()
        #expect(try ids(forked, ["alt-deep..alt"]).isEmpty)
        #expect(try ids(forked, [".."]).isEmpty)
        #expect(try forked.sandbox.succeed(["log", "--oneline", "main..main"]).stdout.isEmpty)
    }

    @Test("A...B is what either history has and the other lacks, each message once, children first")
    func symmetricRange() throws {
        let forked = try ForkedSandbox()
        let shown = try ids(forked, ["main...alt"])
        #expect(Set(shown) == Set(["a2", "u2", "aa", "ua"].map { forked[$0] }) && shown.count == 4, "\(shown)")
        #expect(shown.firstIndex(of: forked["a2"])! < shown.firstIndex(of: forked["u2"])!)
        #expect(shown.firstIndex(of: forked["aa"])! < shown.firstIndex(of: forked["ua"])!)
        #expect(try ids(forked, ["alt...alt-deep"]) == ["ad", "ud"].map { forked[$0] })
    }

    @Test("log --graph draws a range: both sides' own lines, not the shared history")
    func graphOfRange() throws {
        let forked = try ForkedSandbox()
        let graph = try forked.sandbox.succeed(["log", "--graph", "main...alt"]).stdout
        let shown = Set(forked.ids.filter { graph.contains(String($0.value.prefix(8))) }.keys)
        #expect(shown == ["a2", "u2", "aa", "ua"], "\(graph)")
        #expect(graph.contains("|/"), "\(graph)")
    }

    @Test("diff A..B, A...B, A.. and ..B compare the two sides as diff A B does, as git's diff takes ranges")
    func diffTakesRanges() throws {
        let forked = try ForkedSandbox()
        let sandbox = forked.sandbox
        let plain = try sandbox.succeed(["diff", "--json", "main", "alt"]).stdout
        #expect(try sandbox.succeed(["diff", "--json", "main..alt"]).stdout == plain)
        #expect(try sandbox.succeed(["diff", "--json", "main...alt"]).stdout == plain)
        #expect(try JSON.object(try sandbox.succeed(["diff", "--json", "main.."]))["right"] as? String == "HEAD")
        #expect(try JSON.object(try sandbox.succeed(["diff", "--json", "..alt"]))["left"] as? String == "HEAD")
        #expect(try sandbox.run(["diff", "nope..alt"]).status == 1)
    }

    @Test("a side that names nothing is an error; --all takes no range")
    func badRanges() throws {
        let forked = try ForkedSandbox()
        let unknown = try forked.sandbox.run(["log", "nope..main"])
        #expect(unknown.status == 1 && unknown.stderr.contains("'nope' names no thread"), "\(unknown)")
        #expect(unknown.stdout.isEmpty)
        let withAll = try forked.sandbox.run(["log", "--all", "main..alt"])
        #expect(withAll.status == 2 && withAll.stderr.contains("range"), "\(withAll)")
    }

    @Test("a thread an older version named with '..' is still that thread, not a range")
    func olderThreadNameWithDots() throws {
        let forked = try ForkedSandbox()
        let refs = forked.sandbox.repository + "/refs/threads/"
        try Data((forked["u2"] + "\n").utf8).write(to: URL(fileURLWithPath: refs + "old..name"))
        #expect(try ids(forked, ["old..name"]) == ["u2", "a1", "u1", "S"].map { forked[$0] })
    }
}
