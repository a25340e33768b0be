import Foundation
import Testing

@Suite("CLI: reflog, REV@{N}, @{-1} and checkout -")
struct ReflogRevisionTests {
    @Test("reflog lists a thread's changes newest first; THREAD@{N} names them; a deleted thread's reflog recovers it")
    func reflogAndEntries() throws {
        let sandbox = try CLISandbox.initialized(sending: "one", "two")
        let ids = try JSON.array(try sandbox.succeed(["log", "--json"])).compactMap { $0["id"] as? String }
        let lines = try sandbox.succeed(["reflog"]).stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.first?.hasPrefix("\(ids[0].prefix(8)) main@{0}: ") == true)
        #expect(lines.last?.hasPrefix("\(ids[3].prefix(8)) main@{3}: ") == true)
        #expect(try sandbox.succeed(["show", "--json", "main@{1}"]).stdout.contains(ids[1]))
        #expect(try sandbox.succeed(["show", "--json", "@{2}~1"]).stdout.contains(ids[3]))
        let json = try JSON.array(try sandbox.succeed(["reflog", "--json", "-n", "1"]))
        #expect(json.count == 1)
        #expect(json.first?["selector"] as? String == "main@{0}")
        #expect(json.first?["new"] as? String == ids[0])
        // A deleted thread: its reflog is kept and names its last head.
        try sandbox.succeed(["checkout", "-b", "scratch"])
        try sandbox.succeed(["send", "three"])
        try sandbox.succeed(["checkout", "main"])
        let scratchHead = try #require(try JSON.array(try sandbox.succeed(["log", "--json", "-n", "1", "scratch"])).first?["id"] as? String)
        try sandbox.succeed(["threads", "delete", "--force", "scratch"])
        #expect(try sandbox.succeed(["reflog", "scratch"]).stdout.contains("scratch@{0}: "))
        try sandbox.succeed(["checkout", "-b", "restored", "scratch@{1}"])
        #expect(try sandbox.succeed(["show", "--json"]).stdout.contains(scratchHead))
        let deleted = try sandbox.run(["show", "scratch@{0}"])
        #expect(deleted.status == 1 && deleted.stderr.contains("was deleted"), "\(deleted)")
        let beyond = try sandbox.run(["show", "main@{99}"])
        #expect(beyond.status == 1 && beyond.stderr.contains("has 4 entries"), "\(beyond)")
        let unknown = try sandbox.run(["reflog", "nosuch"])
        #expect(unknown.status == 1 && unknown.stderr.contains("has no reflog"), "\(unknown)")
        #expect(try sandbox.run(["show", "main@{x}"]).status == 2)
    }

    @Test("checkout - and @{-1} return to the previous thread; reflog HEAD lists the checkouts")
    func previousCheckout() throws {
        let sandbox = try CLISandbox.initialized(sending: "one")
        let none = try sandbox.run(["checkout", "-"])
        #expect(none.status == 1 && none.stderr.contains("no checkout 1 back"), "\(none)")
        try sandbox.succeed(["checkout", "-b", "alt"])
        #expect(try sandbox.succeed(["checkout", "-"]).stderr == "Switched to thread 'main'\n")
        #expect(try sandbox.succeed(["checkout", "-"]).stderr == "Switched to thread 'alt'\n")
        #expect(try sandbox.succeed(["checkout", "@{-1}"]).stderr == "Switched to thread 'main'\n")
        #expect(try sandbox.succeed(["status"]).stdout.hasPrefix("On thread main"))
        try sandbox.succeed(["checkout", "HEAD~1"])
        #expect(try sandbox.succeed(["checkout", "-"]).stderr == "Switched to thread 'main'\n")
        #expect(try sandbox.succeed(["checkout", "-"]).stderr.hasPrefix("HEAD is now detached"))
        let log = try sandbox.succeed(["reflog", "HEAD"]).stdout
        #expect(log.contains("HEAD@{0}: ") && log.contains("checkout: moving from main to "))
        #expect(try sandbox.succeed(["log", "--oneline", "--decorate", "-n", "1", "@{-1}"]).stdout.contains("main, fork: alt)"))
        try sandbox.succeed(["checkout", "main"])
        try sandbox.succeed(["send", "two"])
        #expect(try sandbox.succeed(["show", "--raw", "HEAD@{0}"]).stdout == sandbox.succeed(["show", "--raw", "HEAD"]).stdout,
                "HEAD@{0} is HEAD, though logs/HEAD records checkouts only")
        for word in ["HEAD", "@"] {
            #expect(try sandbox.succeed(["checkout", word]).stderr == "Already on 'main'\n", "\(word) names where HEAD is: no detaching")
        }
        #expect(try sandbox.succeed(["status"]).stdout.hasPrefix("On thread main"))
        // The previous thread deleted since: both name it as the previous one, not the current.
        try sandbox.succeed(["checkout", "alt"])
        try sandbox.succeed(["checkout", "main"])
        try sandbox.succeed(["threads", "delete", "--force", "alt"])
        for arguments in [["show", "@{-1}"], ["checkout", "-"]] {
            let gone = try sandbox.run(arguments)
            #expect(gone.status == 1 && gone.stderr.contains("the previous thread, 'alt', no longer exists"), "\(arguments): \(gone)")
        }
    }

    /// docs/FORMAT.md §7: a pull moves a ref and writes no reflog line, so `NAME@{0}` stays where this
    /// working copy last moved the thread; only the bare name is the head.
    @Test("after a git pull brought new messages, main@{0} is the newest reflog entry, not main's head")
    func reflogEntryIsNotTheHeadAfterAPull() throws {
        let clones = try GitClones()
        try clones.start("a", sending: ["first question"])
        try clones.clone("b")
        let before = try clones.threadai(["show", "--raw", "main"], in: "a").stdout
        try clones.threadai(["send", "asked in b"], in: "b")
        try clones.commitAndPush("b", "b")
        try clones.pull("a")
        #expect(try clones.threadai(["show", "--raw", "main@{0}"], in: "a").stdout == before)
        #expect(try clones.threadai(["show", "--raw", "main"], in: "a").stdout != before)
    }
}
