import Foundation
import Testing
import ThreadAIStore

@Suite("CLI: show and context")
struct ShowAndContextTests {
    @Test("show --raw prints the object's exact bytes, whose SHA-256 is the id")
    func showRaw() throws {
        let sandbox = try CLISandbox.initialized()
        try sandbox.succeed(["send"], stdin: "CRLF\r\nline — é\n---\nkey: not frontmatter\n")
        let ids = RepositoryFiles.objectIDs(in: sandbox.repository)
        try #require(ids.count == 2)
        for id in ids {
            let raw = try sandbox.succeed(["show", "--raw", String(id.prefix(10))])
            let file = Array(try Data(contentsOf: URL(fileURLWithPath: RepositoryFiles.objectPath(id, in: sandbox.repository))))
            #expect(raw.stdoutBytes == file)
            #expect(SHA256.hexDigest(raw.stdoutBytes) == id)
        }
    }

    @Test("show --json and show name the message and its content")
    func showJSON() throws {
        let forked = try ForkedSandbox()
        let shown = try JSON.object(try forked.sandbox.succeed(["show", "--json", "alt~1"]))
        #expect(shown["id"] as? String == forked["ua"])
        #expect(shown["content"] as? String == "Say it in other words.")
        #expect(shown["thread"] as? String == "alt")
        #expect(shown["parent"] as? String == forked["a1"])
        // As in log --json: the threads forked at the message (alt was forked at a1).
        let forkPoint = try JSON.object(try forked.sandbox.succeed(["show", "--json", forked["a1"]]))
        #expect(forkPoint["forks"] as? [String] == ["alt"], "\(forkPoint)")
        let text = try forked.sandbox.succeed(["show", forked["u1"]]).stdout
        #expect(text.contains(forked["u1"].prefix(8)) && text.contains("What is a fork?"))
    }

    @Test("show of an unknown revision fails with exit 1 and says why")
    func showUnknown() throws {
        let forked = try ForkedSandbox()
        let result = try forked.sandbox.run(["show", "nosuch"])
        #expect(result.status == 1 && !result.signaled)
        #expect(result.stderr.hasPrefix("threadai: ") && result.stderr.contains("'nosuch'"))
        #expect(result.stdout.isEmpty)
    }

    @Test("context --json: the system prompt, then the messages of each thread up to its fork, with estimates")
    func contextJSON() throws {
        let forked = try ForkedSandbox()
        let context = try JSON.object(try forked.sandbox.succeed(["context", "--json"]))
        #expect(context["at"] as? String == forked["ad"])
        #expect(context["system"] as? String == "Be brief.")
        #expect(context["systemId"] as? String == forked["S"])
        let messages = try #require(context["messages"] as? [[String: Any]])
        #expect(messages.map { $0["id"] as? String } == ["u1", "a1", "ua", "aa", "ud", "ad"].map { forked[$0] })
        #expect(messages.map { $0["thread"] as? String } == ["main", "main", "alt", "alt", "alt-deep", "alt-deep"])
        #expect(messages.map { $0["role"] as? String } == ["user", "assistant", "user", "assistant", "user", "assistant"])
        #expect(messages.first?["content"] as? String == "What is a fork?")
        let perMessage = messages.compactMap { $0["estimatedTokens"] as? Int }
        let total = try #require(context["estimatedTokens"] as? Int)
        #expect(perMessage.count == 6 && perMessage.allSatisfy { $0 > 0 })
        #expect(total > perMessage.reduce(0, +), "the total includes the system prompt")
        #expect((context["dropped"] as? [Any])?.isEmpty == true)
    }

    @Test("context --json --budget leaves out the oldest whole turns, never the newest")
    func contextBudget() throws {
        let forked = try ForkedSandbox()
        let full = try JSON.object(try forked.sandbox.succeed(["context", "--json"]))
        let fullIDs = (full["messages"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        for budget in [1, 60] {
            let context = try JSON.object(try forked.sandbox.succeed(["context", "--json", "--budget", String(budget)]))
            let kept = try #require(context["messages"] as? [[String: Any]])
            let dropped = try #require(context["dropped"] as? [[String: Any]])
            #expect(context["budget"] as? Int == budget)
            #expect(!dropped.isEmpty, "budget \(budget)")
            #expect(kept.last?["id"] as? String == forked["ad"], "the newest message is always kept")
            #expect(kept.first?["role"] as? String == "user", "a whole turn starts with the user's message")
            #expect((dropped + kept).compactMap { $0["id"] as? String } == fullIDs)
            #expect(context["system"] as? String == "Be brief.")
        }
        let tiny = try JSON.object(try forked.sandbox.succeed(["context", "--json", "--budget", "1"]))
        #expect((tiny["messages"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [forked["ud"], forked["ad"]])
    }

    @Test("context in text shows each thread's section", arguments: [["context"], ["context", "alt-deep"]])
    func contextText(arguments: [String]) throws {
        let forked = try ForkedSandbox()
        let text = try forked.sandbox.succeed(arguments).stdout
        for line in ["── thread main ──", "── thread alt ──", "── thread alt-deep ──", "system", "Be brief."] {
            #expect(text.contains(line), "missing \(line)")
        }
        let order = ["── thread main ──", "── thread alt ──", "── thread alt-deep ──"].compactMap { text.range(of: $0)?.lowerBound }
        #expect(order == order.sorted() && order.count == 3)
    }

    /// docs/FORMAT.md §5.5: white space alone is no system prompt, so it costs nothing, also in the
    /// estimate of the history that a reply's recorded usage is compared with (docs/CLI.md, `context`).
    @Test("a system prompt of white space alone: none in context, and no tokens in the estimate or its calibration")
    func blankSystemPromptCountsNothing() throws {
        let blank = try CLISandbox.initialized()
        try blank.succeed(["send", "-s", "      ", "hello there"])
        let none = try CLISandbox.initialized(sending: "hello there")
        let estimates = { (sandbox: CLISandbox) throws -> [Int] in
            let context = try #require(try JSONSerialization.jsonObject(with: Data(sandbox.succeed(["context", "--json"]).stdoutBytes)) as? [String: Any])
            #expect(context["system"] == nil, "\(context)")
            let messages = try #require(context["messages"] as? [[String: Any]])
            return [try #require(context["estimatedTokens"] as? Int)] + messages.compactMap { $0["estimatedTokens"] as? Int }
        }
        #expect(try estimates(blank) == estimates(none))
    }
}
