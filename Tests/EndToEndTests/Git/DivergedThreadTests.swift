import Foundation
import Testing

/// A thread with two heads after a git merge is a state every read command handles (docs/FORMAT.md §5.1).
@Suite("Diverged threads")
struct DivergedThreadTests {
    /// Clone b after merging a's and b's extensions of main: main has two heads.
    private static func merged() throws -> (clones: GitClones, heads: [String]) {
        let clones = try GitClones.bothExtendedMain(rebase: false)
        let heads = try JSON.array(try clones.threadai(["threads", "--json"], in: "b")).first?["heads"] as? [String] ?? []
        return (clones, heads)
    }

    @Test("status names every head and says how to settle the thread")
    func status() throws {
        let (clones, heads) = try Self.merged()
        #expect(heads.count == 2)
        let status = try clones.threadai(["status"], in: "b")
        for head in heads { #expect(status.stdout.contains(String(head.prefix(8))), "\(status)") }
        #expect(status.stdout.contains("threadai threads reconcile main"))
    }

    @Test("log, log --graph --all, log ID and show read every head")
    func readCommands() throws {
        let (clones, heads) = try Self.merged()
        let log = try clones.threadai(["log", "--oneline", "--decorate"], in: "b")
        #expect(log.stdout.contains("asked in a") && log.stdout.contains("asked in b"), "\(log)")
        #expect(log.stdout.contains("head 1 of 2") && log.stdout.contains("head 2 of 2"))
        #expect(log.stderr.contains("reconcile"))
        let entries = try JSON.array(try clones.threadai(["log", "--json"], in: "b"))
        let position = Dictionary(uniqueKeysWithValues: entries.enumerated().compactMap { index, entry in
            (entry["id"] as? String).map { ($0, index) }
        })
        #expect(entries.count == 6, "the first turn, and a question and its answer from each clone")
        for (index, entry) in entries.enumerated() {
            if let parent = entry["parent"] as? String { #expect(position[parent].map { $0 > index } == true, "a message before its parent") }
        }
        let graph = try clones.threadai(["log", "--graph", "--all"], in: "b")
        #expect(graph.stdout.contains("asked in a") && graph.stdout.contains("asked in b"), "\(graph)")
        for head in heads {
            let one = try clones.threadai(["log", "--json", head], in: "b")
            #expect(try JSON.array(one).first?["id"] as? String == head)
        }
        let show = try clones.threadai(["show"], in: "b")
        for head in heads { #expect(show.stdout.contains(String(head.prefix(8))), "\(show)") }
        let jsonShow = try clones.run(["show", "--json"], in: "b")
        #expect(jsonShow.status == 1 && jsonShow.stderr.contains("reconcile"), "one message wanted: \(jsonShow)")
    }

    @Test("checkout ID detaches at a head; send on the diverged thread refuses naming the heads")
    func checkoutAndSend() throws {
        let (clones, heads) = try Self.merged()
        try clones.threadai(["checkout", heads[0]], in: "b")
        try clones.threadai(["checkout", "main"], in: "b")
        let send = try clones.run(["send", "more"], in: "b")
        #expect(send.status != 0 && send.stderr.contains(String(heads[1].prefix(8))), "\(send)")
        let context = try clones.run(["context"], in: "b")
        #expect(context.status != 0 && context.stderr.contains("reconcile"), "\(context)")
    }

    @Test("reconcile NAME ID with an ID that is not a head names the heads and changes nothing")
    func reconcileWithANonHead() throws {
        let (clones, heads) = try Self.merged()
        let root = try #require(try clones.threadai(["log", "--oneline"], in: "b").stdout.split(separator: "\n").last?.split(separator: " ").first)
        let refused = try clones.run(["threads", "reconcile", "main", String(root)], in: "b")
        #expect(refused.status == 1 && refused.stderr.contains("\(root) is not one of the heads of 'main' ("), "\(refused)")
        for head in heads { #expect(refused.stderr.contains(String(head.prefix(8)))) }
        #expect(try JSON.array(try clones.threadai(["threads", "--json"], in: "b")).first?["heads"] as? [String] == heads)
    }

    @Test("reconcile fast-forwards when one head is in the other's history")
    func fastForward() throws {
        let sandbox = try CLISandbox.initialized(sending: "one", "two")
        let ids = try JSON.array(try sandbox.succeed(["log", "--json"])).compactMap { $0["id"] as? String }
        // The ref as a union merge leaves it when one clone had pulled the other's messages: an ancestor beside its descendant.
        try Data((ids[2] + "\n" + ids[0] + "\n").utf8).write(to: URL(fileURLWithPath: sandbox.repository + "/refs/threads/main"))
        let result = try sandbox.succeed(["threads", "reconcile", "main"])
        #expect(result.stderr.contains("fast-forward"), "\(result)")
        let threads = try JSON.array(try sandbox.succeed(["threads", "--json"]))
        #expect(threads.count == 1)
        #expect(threads.first?["heads"] as? [String] == [ids[0]])
    }

    @Test("checkout -b NEW HEAD-ID forks from one head while the current thread is diverged")
    func forkFromAHead() throws {
        let (clones, heads) = try Self.merged()
        let head = try #require(heads.last)
        let fork = try clones.threadai(["checkout", "-b", "side", String(head.prefix(8))], in: "b")
        #expect(fork.stderr.contains("Switched to a new thread 'side'"), "\(fork)")
        #expect(try JSON.array(try clones.threadai(["threads", "--json"], in: "b")).contains {
            $0["name"] as? String == "side" && $0["heads"] as? [String] == [head]
        })
        #expect(try clones.run(["checkout", "-b", "side2"], in: "b").status == 0, "from the new thread, no id needed")
    }
}
