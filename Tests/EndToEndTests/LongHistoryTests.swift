import Foundation
import Testing
import ThreadAITestSupport

/// A thread long enough that listing and counting it turn from its objects to `cache/messages`
/// (docs/FORMAT.md §12 rule 7): the same output either way, and damage still found where it must be.
@Suite("CLI: long histories drawn from the message graph", .slow)
struct LongHistoryTests {
    let sandbox: CLISandbox
    /// The ids of thread `long`, oldest first: a system prompt, then questions and answers.
    let long: [String]
    /// The ids of thread `short`, oldest first.
    let short: [String]

    static let commands: [[String]] = [
        ["log", "--oneline", "--decorate"], ["log", "--oneline", "--reverse", "--decorate"], ["log", "--oneline", "-n", "5"],
        ["log", "--oneline", "-n", "450", "--reverse", "--decorate"], ["log", "--oneline", "long-fork", "--decorate"], ["log", "--oneline", "short"],
        ["status"], ["log", "-n", "3"], ["log", "--json", "-n", "2", "long-fork"], ["context", "long-fork"],
    ]

    /// 600 messages on `long` (more than any graph walk budget), 5 more on `long-fork` from its 300th, 10 on `short`.
    init() throws {
        sandbox = try CLISandbox.initialized()
        long = try Self.place(count: 600, thread: "long", after: nil, in: sandbox.repository)
        let fork = try Self.place(count: 5, thread: "long-fork", after: long[299], in: sandbox.repository)
        short = try Self.place(count: 10, thread: "short", after: nil, in: sandbox.repository)
        for (name, head) in [("long", long.last), ("long-fork", fork.last), ("short", short.last)] {
            try Data(((head ?? "") + "\n").utf8).write(to: URL(fileURLWithPath: sandbox.repository + "/refs/threads/" + name))
        }
        try sandbox.succeed(["checkout", "long"])
    }

    /// Writes a chain of messages by hand, with what a one-line listing shows varied: a long first line,
    /// leading blank lines, tabs, an interrupted reply.
    static func place(count: Int, thread: String, after parent: String?, in repository: String) throws -> [String] {
        var ids: [String] = []
        for index in 0..<count {
            let role = parent == nil && index == 0 ? "system" : index % 2 == 1 ? "user" : "assistant"
            let date = String(format: "2024-01-%02dT%02d:%02d:00Z", 1 + index / 1440, index / 60 % 24, index % 60)
            let finish = index % 97 == 4 ? "finish: interrupted\n" : ""
            let content = switch index % 4 {
            case 0: "Message \(index) of \(thread), with a first line long enough to be cut in a one-line listing of it"
            case 1: "\n\n  Question \(index)\twith a tab\nand a second line"
            case 2: "Answer \(index) of \(thread)."
            default: "Short \(index)"
            }
            let frontmatter = ((ids.last ?? parent).map { "parent: \($0)\n" } ?? "")
                + "thread: \(thread)\nrole: \(role)\ndate: \(date)\n" + (role == "assistant" ? finish : "")
            ids.append(try RepositoryFiles.place(Data(("---\n" + frontmatter + "---\n" + content + "\n").utf8), in: repository))
        }
        return ids
    }

    func results(_ environment: [String: String] = [:]) throws -> [String] {
        try Self.commands.map { arguments in
            let result = try sandbox.run(arguments, environment: environment)
            return "\(arguments.joined(separator: " ")) → \(result.status)\n\(result.stdout)\(result.stderr)"
        }
    }

    @Test("the same lines from the objects, with no graph, a current one and a damaged one")
    func sameEveryWay() throws {
        let truth = try results(["THREADAI_NO_CACHE": "1"])
        #expect(truth[0].contains("(HEAD -> long) user: Short 599") && truth[0].contains("(fork: long-fork)"), "\(truth[0])")
        #expect(truth[0].components(separatedBy: "\n").count == 602, "every message, one line each")
        #expect(truth[6].contains("Messages: 600") && truth[6].contains("System prompt: Message 0 of long"), "\(truth[6])")
        try sandbox.succeed(["cache", "clear"])
        // Without a graph file, walks of up to 2,000 messages read the objects (docs/FORMAT.md §12 rule 7).
        #expect(try results() == truth, "no graph")
        #expect(!FileManager.default.fileExists(atPath: sandbox.repository + "/cache/messages"))
        try sandbox.succeed(["log", "--graph", "--all"])
        #expect(try results() == truth, "a current graph")
        for damage in CacheTests.Damage.allCases {
            try sandbox.succeed(["log", "--graph", "--all"])
            try damage.apply(to: sandbox.repository + "/cache/messages")
            #expect(try results() == truth, "\(damage)")
        }
    }

    @Test("a damaged message in a short history fails the listing and status, cache or not")
    func shortHistoryFindsDamage() throws {
        try sandbox.succeed(["log", "--graph", "--all"])  // Every cache current.
        try RepositoryFiles.flipByte(of: short[4], in: sandbox.repository, at: 20)
        try sandbox.succeed(["checkout", "short"])
        for command in [["log", "--oneline"], ["status"], ["log", "--oneline", "-n", "7"]] {
            let result = try sandbox.run(command)
            #expect(result.status == 3 && result.stderr.contains(short[4]), "\(result)")
        }
    }

    @Test("a damaged message deep in a long history fails what reads content; the graph draws its line")
    func longHistoryFindsDamageWhereContentIsRead() throws {
        try sandbox.succeed(["log", "--graph", "--all"])
        let before = try sandbox.succeed(["log", "--oneline"]).stdout
        try RepositoryFiles.flipByte(of: long[10], in: sandbox.repository, at: 20)
        for (command, environment) in [(["log"], [:]), (["context"], [:]), (["log", "--json"], [:]),
                                       (["log", "--oneline"], ["THREADAI_NO_CACHE": "1"])] {
            let result = try sandbox.run(command, environment: environment)
            #expect(result.status == 3 && result.stderr.contains(long[10]), "\(command): \(result)")
        }
        // Documented in FORMAT §12 rule 7: a long listing takes its lines from the current graph.
        #expect(try sandbox.succeed(["log", "--oneline"]).stdout == before)
        #expect(try sandbox.run(["fsck"]).status == 3)
    }

    @Test("with no cache, a damaged message past -n in a history longer than a walk's budget fails only what reaches it")
    func damagePastTheLimitWithNoCache() throws {
        let longer = try Self.place(count: 2_100, thread: "longer", after: nil, in: sandbox.repository)
        try Data(((longer.last ?? "") + "\n").utf8).write(to: URL(fileURLWithPath: sandbox.repository + "/refs/threads/longer"))
        try RepositoryFiles.flipByte(of: longer[50], in: sandbox.repository, at: 20)  // 2,049 messages below the head.
        for environment in [[:], ["THREADAI_NO_CACHE": "1"]] {
            try sandbox.succeed(["cache", "clear"])
            let shown = try sandbox.run(["log", "--oneline", "-n", "2001", "longer"], environment: environment)
            #expect(shown.status == 0 && shown.stdout.split(separator: "\n").count == 2_001, "\(environment): \(shown.stderr)")
            let reaching = try sandbox.run(["log", "--oneline", "-n", "2060", "longer"], environment: environment)
            #expect(reaching.status == 3 && reaching.stderr.contains(longer[50]), "\(environment): \(reaching.stderr)")
        }
    }
}
