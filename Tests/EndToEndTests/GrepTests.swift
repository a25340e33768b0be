import Foundation
import Testing

/// `threadai grep` (docs/CLI.md): what it finds, how it prints it, and its exit codes, with the real
/// binary on a repository of three threads (`ForkedSandbox`).
@Suite("CLI: grep searches message content")
struct GrepTests {
    let forked: ForkedSandbox
    var sandbox: CLISandbox { forked.sandbox }

    init() throws {
        forked = try ForkedSandbox()
    }

    func lines(_ arguments: [String]) throws -> [String] {
        try sandbox.succeed(["grep"] + arguments).stdout.split(separator: "\n").map(String.init)
    }

    @Test("every thread by default: THREAD ID ROLE: LINE, the match marked, grouped by thread, each message once")
    func everyThread() throws {
        let found = try lines(["other words"])
        let short = String(forked["ua"].prefix(8))
        #expect(found.first == "alt \(short) user: Say it in »other words«.", "\(found)")
        // The offline model quotes the question back: the reply matches too, under the same thread.
        #expect(found.count == 2 && found.allSatisfy { $0.hasPrefix("alt ") }, "\(found)")
        let brief = try lines(["--role", "system", "Be brief."])
        #expect(brief == ["main \(forked["S"].prefix(8)) system: »Be brief.«"], "shown once, under its owner: \(brief)")
        let threads = try lines(["-l", "Offline"])
        #expect(threads == ["alt", "alt-deep", "main"])
        #expect(try lines(["--all", "-l", "Offline"]) == threads, "--all is the default")
    }

    @Test("nothing found exits 1 with no output; a bad pattern exits 2 and says why")
    func exitCodes() throws {
        let none = try sandbox.run(["grep", "zeppelin"])
        #expect(none.status == 1 && none.stdout.isEmpty && none.stderr.isEmpty, "\(none)")
        let bad = try sandbox.run(["grep", "-E", "fork("])
        #expect(bad.status == 2 && bad.stderr.contains("not a valid extended regular expression") && bad.stderr.contains("-E"), "\(bad)")
        #expect(try sandbox.run(["grep", "fork("]).status == 1, "without -E it is text")
        #expect(try sandbox.run(["grep", "-F", "fork("]).status == 1, "-F says so")
        #expect(try sandbox.run(["grep", "-F", "-E", "fork"]).status == 2)
        #expect(try sandbox.run(["grep", "-l", "--json", "fork"]).status == 2)
        let unknown = try sandbox.run(["grep", "fork", "no-such-thread"])
        #expect(unknown.status == 2 && unknown.stderr.contains("names no thread"), "an error, not \"no match\": \(unknown)")
        #expect(try sandbox.run(["grep", "--role", "robot", "x"]).status == 2)
        #expect(try sandbox.run(["grep", "--thread", "alt", "x", "main"]).status == 2)
        #expect(try sandbox.run(["grep"]).status == 2)
    }

    @Test("regular expressions as grep -E, -F, -i and --role")
    func patternsAndFilters() throws {
        #expect(try lines(["-E", "^(Once|Say) [a-z]+"]).count == 2, "the two user questions, not the replies quoting them")
        #expect(try sandbox.run(["grep", "^Once"]).status == 1, "without -E the caret is text")
        #expect(try lines(["-E", "^Once"]) == (try lines(["-E", "-i", "^oNCE"])))
        let upper = try sandbox.run(["grep", "ONCE MORE"])
        #expect(upper.status == 1)
        let folded = try lines(["-i", "ONCE MORE"])
        #expect(folded.count == 2 && folded[0].contains("»Once more«"), "\(folded)")
        let users = try lines(["-i", "--role", "user", "once more"])
        #expect(users == ["alt-deep \(forked["ud"].prefix(8)) user: »Once more«, shorter."], "\(users)")
        let both = try lines(["--role", "user", "--role", "system", "e"])
        #expect(both.allSatisfy { $0.contains(" user: ") || $0.contains(" system: ") } && both.count == 4, "S, u2, ua, ud: \(both)")
    }

    @Test("one history: REV or --thread NAME, through the threads it was forked from")
    func oneHistory() throws {
        let deep = try lines(["-l", "-E", "."])
        #expect(deep == ["alt", "alt-deep", "main"])
        let history = try lines(["-l", "-E", ".", "alt-deep"])
        #expect(history == ["alt", "alt-deep", "main"], "alt-deep's history reaches into alt and main")
        #expect(try lines(["-l", "--thread", "main", "-E", "."]) == ["main"])
        let fromMessage = try lines(["-E", ".", forked["u1"]])
        #expect(fromMessage.count == 2 && fromMessage.allSatisfy { $0.hasPrefix("main ") }, "S and u1: \(fromMessage)")
    }

    @Test("a range as log takes it: A..B what B's history has and A's lacks, A...B what only one has")
    func ranges() throws {
        #expect(try lines(["-l", "-E", ".", "main..alt-deep"]) == ["alt", "alt-deep"])
        let found = try lines(["-E", "^And a merge", "alt..main"])
        #expect(found == ["main \(forked["u2"].prefix(8)) user: »And a merge«?"], "\(found)")
        #expect(try sandbox.run(["grep", "And a merge", "main..alt"]).status == 1, "main's own question is not in main..alt")
        #expect(try lines(["-l", "-E", ".", "alt...main"]) == ["alt", "main"])
        #expect(try sandbox.run(["grep", "--role", "system", "Be brief", "main..alt"]).status == 1, "the shared system prompt is on both sides")
        #expect(try lines(["--role", "system", "-l", "Be brief", "alt"]) == ["main"], "but in alt's history")
    }

    @Test("--json: one object per message with its matching lines")
    func json() throws {
        let items = try JSON.array(try sandbox.succeed(["grep", "--json", "merge"]))
        #expect(items.count == 2, "\(items)")
        let first = try #require(items.first)
        #expect(first["thread"] as? String == "main" && first["id"] as? String == forked["u2"] && first["role"] as? String == "user")
        let lines = try #require(first["lines"] as? [[String: Any]])
        #expect(lines.count == 1 && lines[0]["number"] as? Int == 1 && lines[0]["text"] as? String == "And a merge?")
        #expect((first["date"] as? String)?.hasSuffix("Z") == true)
    }

    @Test("threads follow the current refs: a rename shows at once, a deleted fork's messages are gone")
    func followsRefs() throws {
        _ = try lines(["-l", "-E", "."])  // Builds cache/search.
        try sandbox.succeed(["threads", "rename", "alt", "alternative"])
        #expect(try lines(["-l", "other words"]) == ["alternative"])
        try sandbox.succeed(["checkout", "main"])
        try sandbox.succeed(["threads", "delete", "--force", "alt-deep"])
        #expect(try sandbox.run(["grep", "Once more"]).status == 1, "no ref reaches them")
        try sandbox.succeed(["threads", "delete", "--force", "alternative"])
        #expect(try sandbox.run(["grep", "other words"]).status == 1)
        #expect(try lines(["-l", "-E", "."]) == ["main"])
    }

    @Test("on a terminal the match is bold red (thread, id, role coloured); --no-color and pipes keep the marker")
    func colour() throws {
        let plain = try sandbox.succeed(["--no-color", "grep", "merge"]).stdout
        #expect(plain.contains("»merge«") && !plain.contains("\u{1B}["))
        #expect(try sandbox.succeed(["grep", "merge"]).stdout == plain, "a pipe is not a terminal")
        #if os(Linux)
        let (status, screen) = try sandbox.runOnTerminal(["--no-pager", "grep", "merge"], environment: ["NO_COLOR": "", "TERM": "xterm"])
        #expect(status == 0)
        #expect(screen.contains("And a \u{1B}[1;31mmerge\u{1B}[0m?") && screen.contains("\u{1B}[35muser:\u{1B}[0m"), "\(screen.debugDescription)")
        #expect(!screen.contains("»"))
        #endif
    }
}

/// `log --grep`, the damaged-block path of `cache/search`, and `grep --at-code` in a real git repository.
@Suite("CLI: log --grep, grep over a damaged index, grep --at-code")
struct GrepMoreTests {
    @Test("log --grep keeps the messages with a matching line, with -E, -i and -n; none: exit 1 with a note")
    func logGrep() throws {
        let forked = try ForkedSandbox()
        let sandbox = forked.sandbox
        let ids = { (arguments: [String]) throws -> [String] in
            try JSON.array(try sandbox.succeed(["log", "--json"] + arguments)).compactMap { $0["id"] as? String }
        }
        #expect(try ids(["--grep", "merge", "main"]) == [forked["a2"], forked["u2"]], "the question and the reply quoting it")
        #expect(try ids(["--grep", "^And", "-E", "main"]) == [forked["u2"]])
        #expect(try ids(["--grep", "AND A", "-i", "-n", "1", "main"]) == [forked["a2"]], "-n counts matching messages")
        let none = try sandbox.run(["log", "--grep", "zeppelin"])
        #expect(none.status == 1 && none.stdout.isEmpty && none.stderr.contains("no message matches 'zeppelin'"), "\(none)")
        #expect(try sandbox.run(["log", "--grep", "x(", "-E"]).status == 2)
        #expect(try sandbox.run(["log", "--grep", "x", "--graph"]).status == 2)
    }

    @Test("a block whose check fails is searched from the objects, and the file is rewritten sound")
    func damagedBlock() throws {
        let forked = try ForkedSandbox()
        let sandbox = forked.sandbox
        let truth = try sandbox.run(["grep", "-E", "."], environment: ["THREADAI_NO_CACHE": "1"])
        try sandbox.succeed(["grep", "fork"])
        let path = sandbox.repository + "/cache/search"
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let contentStart = "threadai-cache search 1\n".utf8.count
        bytes[contentStart + 2] ^= 0x01  // A byte of the first record's content: only its block's check sees it.
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try sandbox.run(["cache", "verify"]).status == 3, "verify sees the bad block")
        let damaged = try sandbox.run(["grep", "-E", "."])
        #expect(damaged.status == truth.status && damaged.stdout == truth.stdout)
        #expect(try sandbox.succeed(["cache", "verify"]).stdout.contains("search: 9 messages, 0 wrong"))
    }

    @Test("messages written after the index was built are found at once, and the file takes them in")
    func incremental() throws {
        let forked = try ForkedSandbox()
        let sandbox = forked.sandbox
        try sandbox.succeed(["grep", "fork"])
        #expect(try sandbox.succeed(["cache", "verify"]).stdout.contains("search: 9 messages, 0 wrong"))
        try sandbox.succeed(["send", "What about a zeppelin?"])
        #expect(try sandbox.succeed(["cache", "verify"]).stdout.contains("search: 9 messages"), "send leaves the file alone")
        let found = try sandbox.succeed(["grep", "-l", "zeppelin"]).stdout
        #expect(found == "alt-deep\n")
        #expect(try sandbox.succeed(["cache", "verify"]).stdout.contains("search: 11 messages, 0 wrong"),
                "2 missing of 9 is more than a sixteenth: rewritten")
        let empty = try CLISandbox()
        try empty.succeed(["init"])
        #expect(try empty.run(["grep", "anything"]).status == 1, "no thread, nothing to find")
    }

    @Test("grep --at-code: only messages written at that commit or in a range, with the pattern")
    func atCode() throws {
        let clones = try GitClones()
        try clones.start("a")
        let first = try CodeLinkTests.commitCode(clones, "a", file: "a.swift", message: "one")
        try clones.threadai(["send", "parser question at one"], in: "a")
        let second = try CodeLinkTests.commitCode(clones, "a", file: "b.swift", message: "two")
        try clones.threadai(["send", "parser question at two"], in: "a")
        try clones.threadai(["checkout", "-b", "side", "main~2"], in: "a")
        try clones.threadai(["send", "side parser question at two"], in: "a")
        let grep = { (arguments: [String]) throws -> [String] in
            try clones.threadai(["grep", "--role", "user"] + arguments, in: "a").stdout.split(separator: "\n").map(String.init)
        }
        let atFirst = try grep(["--at-code", first, "parser"])
        #expect(atFirst.count == 1 && atFirst[0].hasPrefix("main ") && atFirst[0].hasSuffix("»parser« question at one"), "\(atFirst)")
        let atSecond = try grep(["--at-code", second, "parser"])
        #expect(atSecond.count == 2 && atSecond[0].hasPrefix("main ") && atSecond[1].hasPrefix("side "), "\(atSecond)")
        #expect(try grep(["--at-code", second, "parser", "side"]).count == 1, "REV narrows it to one history")
        #expect(try grep(["--at-code", "\(first)..\(second)", "parser"]) == atSecond)
        let none = try clones.run(["grep", "--at-code", first, "side"], in: "a")
        #expect(none.status == 1 && none.stdout.isEmpty)
        #expect(try clones.run(["grep", "--at-code", "no-such-tag", "x"], in: "a").status == 2)
    }
}

extension GrepTests {
    @Test("a diverged thread's messages of one depth come out in one order, with the cache and without it")
    func divergedOrderDoesNotDependOnTheCache() throws {
        for round in 0..<4 {
            let sandbox = try CLISandbox.initialized(sending: "base the")
            try sandbox.succeed(["checkout", "-b", "other"])
            try sandbox.succeed(["send", "from other the \(round)"])
            try sandbox.succeed(["checkout", "main"])
            try sandbox.succeed(["send", "from main the \(round)"])
            let refs = sandbox.repository + "/refs/threads/"
            let heads = try String(contentsOfFile: refs + "main", encoding: .utf8) + String(contentsOfFile: refs + "other", encoding: .utf8)
            try heads.write(toFile: refs + "main", atomically: true, encoding: .utf8)  // as a git merge of the ref leaves it
            try sandbox.succeed(["threads", "delete", "--force", "other"])
            _ = try sandbox.run(["grep", "the"])  // the cache, built
            let cached = try sandbox.run(["grep", "the"])
            let uncached = try sandbox.run(["grep", "the"], environment: ["THREADAI_NO_CACHE": "1"])
            #expect(cached.stdout == uncached.stdout && cached.status == 0, "round \(round)")
        }
    }
}
