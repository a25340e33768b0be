import Foundation
import Testing

/// `log --all` without `--graph`: every thread's messages, each once (see `ForkedSandbox`).
@Suite("CLI: log --all")
struct LogAllTests {
    private static let names = ["S", "u1", "a1", "u2", "a2", "ua", "aa", "ud", "ad"]

    @Test("--json lists every message of every thread once, each before its parent")
    func everyMessageOnceAsJSON() throws {
        let forked = try ForkedSandbox()
        let items = try JSON.array(try forked.sandbox.succeed(["log", "--all", "--json"]))
        let ids = items.compactMap { $0["id"] as? String }
        #expect(ids.count == Self.names.count && Set(ids) == Set(Self.names.map { forked[$0] }), "\(ids)")
        for item in items {
            guard let id = item["id"] as? String, let parent = item["parent"] as? String else { continue }
            #expect(ids.firstIndex(of: id)! < ids.firstIndex(of: parent)!, "\(id) shown after its parent")
        }
        // The same objects as `log --json` of one history prints.
        let deep = try JSON.array(try forked.sandbox.succeed(["log", "--json", "alt-deep"]))
        let byID = Dictionary(uniqueKeysWithValues: items.map { ($0["id"] as? String ?? "", $0) })
        for item in deep {
            let id = try #require(item["id"] as? String)
            #expect(NSDictionary(dictionary: item).isEqual(to: byID[id] ?? [:]), "\(id)")
        }
        #expect(byID[forked["a1"]]?["forks"] as? [String] == ["alt"])
        #expect(byID[forked["ud"]]?["thread"] as? String == "alt-deep")
    }

    @Test("the plain, --oneline, --reverse and -n forms list the order --graph --all draws")
    func formsFollowTheGraphOrder() throws {
        let forked = try ForkedSandbox()
        let sandbox = forked.sandbox
        let graphLines = try sandbox.succeed(["log", "--graph", "--all"]).stdout.split(separator: "\n")
        let graphOrder: [String] = graphLines.compactMap { line -> String? in
            let words = line.split(separator: " ").map(String.init)
            return words.first { $0.count == 8 && $0.allSatisfy(\.isHexDigit) }
        }
        let json = try JSON.array(try sandbox.succeed(["log", "--all", "--json"])).compactMap { ($0["id"] as? String)?.prefix(8) }
        #expect(json.map(String.init) == graphOrder)
        let oneline = try sandbox.succeed(["log", "--all", "--oneline"]).stdout.split(separator: "\n")
        #expect(oneline.map { String($0.prefix(8)) } == graphOrder)
        #expect(oneline.contains { $0.hasPrefix(String(forked["a1"].prefix(8))) && $0.contains("fork: alt") && $0.contains("assistant:") })
        let full = try sandbox.succeed(["log", "--all"]).stdout
        for name in Self.names {
            #expect(full.components(separatedBy: "message \(forked[name])").count == 2, "\(name) once in\n\(full)")
        }
        #expect(full.contains("Thread: alt-deep") && full.contains("    Once more, shorter."))
        let reversed = try sandbox.succeed(["log", "--all", "--oneline", "--reverse"]).stdout.split(separator: "\n")
        #expect(reversed.map { String($0.prefix(8)) } == graphOrder.reversed())
        let first = try JSON.array(try sandbox.succeed(["log", "--all", "--json", "-n", "2"])).compactMap { ($0["id"] as? String)?.prefix(8) }
        #expect(first.map(String.init) == Array(graphOrder.prefix(2)))
    }

    @Test("with the cache off, the output is the same; --oneline then reads only the message graph")
    func readsTheMessageGraph() throws {
        let forked = try ForkedSandbox()
        let sandbox = forked.sandbox
        for form in [["--json"], ["--oneline"], []] {
            let cached = try sandbox.succeed(["log", "--all"] + form).stdout
            let uncached = try sandbox.run(["log", "--all"] + form, environment: ["THREADAI_NO_CACHE": "1"])
            #expect(uncached.status == 0 && uncached.stdout == cached)
        }
        #expect(FileManager.default.fileExists(atPath: sandbox.repository + "/cache/messages"))
        // Every message is in cache/messages now: the one-line listing needs no object, the full one does.
        let u1 = forked["u1"]
        let object = sandbox.repository + "/objects/" + u1.prefix(2) + "/" + u1.dropFirst(2) + ".md"
        try FileManager.default.removeItem(atPath: object)
        let oneline = try sandbox.succeed(["log", "--all", "--oneline"]).stdout
        #expect(oneline.contains(String(u1.prefix(8))))
        #expect(try sandbox.run(["log", "--all", "--json"]).status != 0)
    }

    @Test("--all REV also shows REV's history when no thread reaches it, as git's log --all REV does")
    func allWithRevision() throws {
        let forked = try ForkedSandbox()
        let sandbox = forked.sandbox
        try sandbox.succeed(["checkout", "main"])
        try sandbox.succeed(["threads", "delete", "--force", "alt-deep"])
        let deleted = ["ad", "ud"].map { String(forked[$0].prefix(8)) }
        for form in [["--oneline"], ["--graph"]] {
            let without = try sandbox.succeed(["log", "--all"] + form).stdout
            #expect(deleted.allSatisfy { !without.contains($0) }, "\(without)")
            let with = try sandbox.succeed(["log", "--all"] + form + ["alt-deep@{1}"]).stdout
            #expect(deleted.allSatisfy { with.contains($0) }, "\(with)")
            #expect(with.split(separator: "\n").filter { $0.contains(String(forked["S"].prefix(8))) }.count == 1)
        }
        let json = try JSON.array(try sandbox.succeed(["log", "--all", "--json", forked["ad"]]))
        #expect(json.count == Self.names.count)
    }

    @Test("--all refuses what it cannot do and says so")
    func refusals() throws {
        let sandbox = try CLISandbox.initialized(sending: "one")
        for arguments in [["--all", "--code"], ["--all", "--graph", "--json"], ["--graph", "--reverse"]] {
            let result = try sandbox.run(["log"] + arguments)
            #expect(result.status == 2 && result.stdout.isEmpty, "\(result)")
        }
    }

    @Test("a reflog entry given with --all whose message left the store fails as it does without the cache")
    func goneMessageOfAReflogEntry() throws {
        let sandbox = try CLISandbox.initialized(sending: "one")
        try sandbox.succeed(["checkout", "-b", "x"])
        try sandbox.succeed(["send", "two"])
        try sandbox.succeed(["log", "--graph", "--all"])  // The graph now holds x's messages.
        try sandbox.succeed(["checkout", "main"])
        try sandbox.succeed(["threads", "delete", "--force", "x"])
        let gone = try #require(try JSON.array(try sandbox.succeed(["log", "--all", "--json", "x@{1}"])).first?["id"] as? String)
        try FileManager.default.removeItem(atPath: RepositoryFiles.objectPath(gone, in: sandbox.repository))
        for command in [["log", "--all", "--oneline", "x@{1}"], ["log", "--graph", "--all", "x@{1}"]] {
            let cached = try sandbox.run(command)
            let uncached = try sandbox.run(command, environment: ["THREADAI_NO_CACHE": "1"])
            #expect(cached.status == 3 && cached.stderr.contains(String(gone.prefix(8))), "\(command): \(cached)")
            #expect(cached.status == uncached.status && cached.stdout == uncached.stdout && cached.stderr == uncached.stderr)
        }
        #expect(try sandbox.succeed(["log", "--all", "--oneline"]).stdout.contains("user: one"), "without the entry, every thread is listed")
    }
}
