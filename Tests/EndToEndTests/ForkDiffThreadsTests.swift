import Foundation
import Testing

@Suite("CLI: forks, threads, status, graph and diff")
struct ForkDiffThreadsTests {
    let forked: ForkedSandbox
    var sandbox: CLISandbox { forked.sandbox }

    init() throws {
        forked = try ForkedSandbox()
    }

    @Test("threads --json: each thread's parent, fork point, head and counts")
    func threadsJSON() throws {
        let threads = try JSON.array(try sandbox.succeed(["threads", "--json"]))
        let byName = Dictionary(uniqueKeysWithValues: threads.compactMap { item in (item["name"] as? String).map { ($0, item) } })
        #expect(byName.keys.sorted() == ["alt", "alt-deep", "main"])
        let main = try #require(byName["main"]), alt = try #require(byName["alt"]), deep = try #require(byName["alt-deep"])
        #expect(main["parent"] is NSNull || main["parent"] == nil)
        #expect(main["heads"] as? [String] == [forked["a2"]])
        #expect(main["messageCount"] as? Int == 5 && main["ownMessageCount"] as? Int == 5)
        #expect(alt["parent"] as? String == "main" && alt["forkPoint"] as? String == forked["a1"])
        #expect(alt["messageCount"] as? Int == 5 && alt["ownMessageCount"] as? Int == 2)
        #expect(deep["parent"] as? String == "alt" && deep["forkPoint"] as? String == forked["aa"])
        #expect(deep["messageCount"] as? Int == 7 && deep["ownMessageCount"] as? Int == 2)
        #expect(deep["title"] as? String == "Once more, shorter.")
        // What the tree marks: `*` on the current thread (alt-deep here), `local` on none.
        #expect(deep["current"] as? Bool == true && main["current"] as? Bool == false && alt["local"] as? Bool == false)
    }

    @Test("threads draws the tree and marks the current thread")
    func threadsTree() throws {
        let lines = try sandbox.succeed(["threads"]).stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 3)
        #expect(lines[0].hasPrefix("  main"))
        #expect(lines[1].contains("alt ") && lines[1].contains("forked at \(forked["a1"].prefix(8))"))
        #expect(lines[2].hasPrefix("*") && lines[2].contains("alt-deep"))
    }

    @Test("status names the current thread, its head and its size")
    func status() throws {
        let text = try sandbox.succeed(["status"]).stdout
        #expect(text.contains("On thread alt-deep"))
        #expect(text.contains("Head: \(forked["ad"].prefix(8)) (assistant, "))
        #expect(text.contains("Messages: 7"))
        #expect(text.contains("System prompt: Be brief."))
        #expect(text.contains("Repository: \(sandbox.repository)"))
    }

    @Test("log --graph --all shows every message exactly once")
    func graphAll() throws {
        let text = try sandbox.succeed(["log", "--graph", "--all"]).stdout
        let ids = RepositoryFiles.objectIDs(in: sandbox.repository)
        #expect(ids.count == 9)
        for id in ids {
            #expect(text.components(separatedBy: id.prefix(8)).count == 2, "\(id.prefix(8)) should appear once")
        }
        let lines = text.split(separator: "\n")
        func line(of name: String) -> String { lines.first { $0.contains(forked[name].prefix(8)) }.map(String.init) ?? "" }
        #expect(line(of: "a1").contains("fork: alt"), "the fork point of alt is labelled")
        #expect(line(of: "aa").contains("fork: alt-deep") && line(of: "aa").contains("alt"))
        #expect(line(of: "ad").contains("HEAD -> alt-deep"))
        #expect(line(of: "a2").contains("(main)"))
    }

    @Test("diff A B shows the fork point and word changes with [- -] and {+ +} markers")
    func diffText() throws {
        let text = try sandbox.succeed(["diff", "main", "alt"]).stdout
        #expect(text.hasPrefix("diff main alt\n"))
        #expect(text.contains("fork point \(forked["a1"].prefix(8))"))
        #expect(text.contains("Shared history: 3 messages"))
        #expect(text.contains("[-") && text.contains("-]") && text.contains("{+") && text.contains("+}"))
        #expect(text.contains("[-And a merge?-]{+Say it in other words.+}"))
    }

    @Test("diff --json describes the fork point, the shared messages and each aligned turn")
    func diffJSON() throws {
        let diff = try JSON.object(try sandbox.succeed(["diff", "--json", "main", "alt-deep"]))
        #expect(diff["left"] as? String == "main" && diff["right"] as? String == "alt-deep")
        #expect(diff["leftId"] as? String == forked["a2"] && diff["rightId"] as? String == forked["ad"])
        #expect(diff["forkPoint"] as? String == forked["a1"])
        #expect(diff["sharedMessages"] as? Int == 3)
        let turns = try #require(diff["turns"] as? [[String: Any]])
        #expect(turns.count == 4, "main has 2 messages after the fork, alt-deep 4")
        let first = try #require(turns.first)
        #expect((first["left"] as? [String: Any])?["id"] as? String == forked["u2"])
        #expect((first["right"] as? [String: Any])?["id"] as? String == forked["ua"])
        let kinds = Set((first["runs"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String })
        #expect(kinds.isSuperset(of: ["removed", "added"]))
        #expect(first["identical"] as? Bool == false)

        let stat = try JSON.object(try sandbox.succeed(["diff", "--json", "--stat", "main", "alt-deep"]))
        let statTurns = try #require(stat["turns"] as? [[String: Any]])
        #expect(statTurns.count == 4 && statTurns.allSatisfy { $0["runs"] == nil }, "--stat: the counts without the runs")
        #expect(statTurns.map { $0["wordsAdded"] as? Int } == turns.map { $0["wordsAdded"] as? Int })
        #expect(statTurns.map { $0["wordsRemoved"] as? Int } == turns.map { $0["wordsRemoved"] as? Int })
    }

    @Test("checkout switches threads, and send continues the checked-out thread")
    func checkoutAndContinue() throws {
        try sandbox.succeed(["checkout", "main"])
        try sandbox.succeed(["send", "Back on main."])
        let main = try JSON.array(try sandbox.succeed(["log", "--json", "main"]))
        #expect(main.count == 7)
        #expect(main[1]["content"] as? String == "Back on main.")
        #expect(main[1]["parent"] as? String == forked["a2"])
        let deep = try JSON.array(try sandbox.succeed(["log", "--json", "alt-deep"]))
        #expect(deep.first?["id"] as? String == forked["ad"], "other threads do not move")
    }

    @Test("threads rename moves the current thread and HEAD; threads delete refuses unique messages without --force")
    func renameAndDelete() throws {
        let renamed = try sandbox.run(["threads", "rename", "alt-deep", "deeper"])
        #expect(renamed.status == 0 && renamed.stderr.contains("Renamed thread 'alt-deep' to 'deeper'"))
        #expect(try sandbox.succeed(["status"]).stdout.contains("On thread deeper"))
        #expect(try String(contentsOfFile: sandbox.repository + "/renames", encoding: .utf8) == "alt-deep\tdeeper\n")

        try sandbox.succeed(["checkout", "main"])
        let refused = try sandbox.run(["threads", "delete", "deeper"])
        #expect(refused.status == 1 && refused.stderr.contains("no other thread reaches"), "\(refused)")
        #expect(FileManager.default.fileExists(atPath: sandbox.repository + "/refs/threads/deeper"))
        let forced = try sandbox.run(["threads", "delete", "--force", "deeper"])
        #expect(forced.status == 0 && forced.stderr.contains(forked["ad"].prefix(8)), "\(forced)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.repository + "/refs/threads/deeper"))
        #expect(try sandbox.run(["show", forked["ad"]]).status == 0, "messages are never deleted")
        let current = try sandbox.run(["threads", "delete", "main"])
        #expect(current.status == 1 && current.stderr.contains("current thread"))
    }
}
