import Foundation
import Testing

/// The reading commands whose results the cache must never change (docs/FORMAT.md §12 rule 1).
private let readingCommands: [[String]] = [
    ["threads"], ["threads", "--json"], ["log", "--oneline"], ["log", "--json", "main"], ["log", "--oneline", "alt"],
    ["log", "--graph", "--all"], ["log", "--graph"], ["log", "--all"], ["log", "--all", "--json"], ["log", "--oneline", "main...alt-deep"], ["status"], ["show", "alt"], ["context", "alt-deep"],
    ["grep", "-E", "fork|merge|words"], ["grep", "-i", "-F", "offline"], ["grep", "-E", "-i", "^(once|say) .*r"], ["grep", "-l", "Once"], ["grep", "--json", "brief", "alt"],
    ["grep", "no such text anywhere"], ["grep", "-l", "-E", "."], ["grep", "-E", "-i", "(question|a) [a-z]"],
]

/// What each reading command printed and how it exited, in `directory` (default: the sandbox's work folder).
private func results(_ sandbox: CLISandbox, in directory: String? = nil, noCache: Bool = false) throws -> [String] {
    try readingCommands.map { arguments in
        let result = try sandbox.run(arguments, in: directory, environment: noCache ? ["THREADAI_NO_CACHE": "1"] : [:])
        return "\(arguments.joined(separator: " ")) → \(result.status)\n\(result.stdout)\(result.stderr)"
    }
}

@Suite("CLI: .threadai/cache never changes a result (FORMAT §12)")
struct CacheTests {
    let forked: ForkedSandbox
    var sandbox: CLISandbox { forked.sandbox }
    var threadsCache: String { sandbox.repository + "/cache/threads" }

    init() throws {
        forked = try ForkedSandbox()
    }

    @Test("the same output with no cache, a cache being built, a current one, and the cache turned off")
    func sameWithAndWithout() throws {
        let truth = try results(sandbox, noCache: true)
        try sandbox.succeed(["cache", "clear"])
        #expect(try results(sandbox) == truth, "built on the way")
        #expect(FileManager.default.fileExists(atPath: threadsCache))
        #expect(try results(sandbox) == truth, "read back")
        let verify = try sandbox.succeed(["cache", "verify"]).stdout
        #expect(verify.contains("3 current, 0 stale") && verify.contains("9 messages, 0 wrong"), "\(verify)")
    }

    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case fileDeleted, folderDeleted, truncated, randomBytes, headerOnly, flippedByte, emptyFile, folderInItsPlace
        var testDescription: String { rawValue }

        func apply(to path: String) throws {
            let manager = FileManager.default
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            switch self {
            case .fileDeleted: try manager.removeItem(atPath: path)
            case .folderDeleted: try manager.removeItem(atPath: (path as NSString).deletingLastPathComponent)
            case .truncated: try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: path))
            case .randomBytes: try Data((0..<bytes.count).map { _ in UInt8.random(in: 0...255) }).write(to: URL(fileURLWithPath: path))
            case .headerOnly: try Data("threadai-cache threads 1\n".utf8).write(to: URL(fileURLWithPath: path))
            case .flippedByte:
                var flipped = bytes
                flipped[bytes.count / 2] ^= 0x01
                try Data(flipped).write(to: URL(fileURLWithPath: path))
            case .emptyFile: try Data().write(to: URL(fileURLWithPath: path))
            case .folderInItsPlace:
                try manager.removeItem(atPath: path)
                try manager.createDirectory(atPath: path + "/x", withIntermediateDirectories: true)
            }
        }
    }

    @Test("a pipe in place of a cache file is no cache: nothing waits for a writer", arguments: ["threads", "messages", "search", "objects"])
    func pipeInPlace(_ kind: String) throws {
        let truth = try results(sandbox, noCache: true)
        try sandbox.succeed(["log", "--graph", "--all"])
        let path = sandbox.repository + "/cache/" + kind
        try? FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o644) == 0)
        for (index, arguments) in readingCommands.enumerated() {
            let result = try sandbox.run(arguments, timeout: 30)
            let shown = "\(arguments.joined(separator: " ")) → \(result.status)\n\(result.stdout)\(result.stderr)"
            #expect(!result.signaled && shown == truth[index], "\(kind)")
        }
    }

    @Test("a damaged cache file gives the same output, and is replaced by a sound one",
          arguments: Damage.allCases, ["threads", "messages", "search"])
    func damaged(_ damage: Damage, _ kind: String) throws {
        let truth = try results(sandbox, noCache: true)
        try sandbox.succeed(["log", "--graph", "--all"])  // Builds threads and messages,
        try sandbox.succeed(["grep", "fork"])  // and search.
        try damage.apply(to: sandbox.repository + "/cache/" + kind)
        #expect(try results(sandbox) == truth)
        let verify = try sandbox.run(["cache", "verify"])
        #expect(verify.status == 0, "\(verify)")
        if damage != .folderInItsPlace {
            #expect(verify.stdout.contains("3 current, 0 stale"), "\(verify)")
            #expect(verify.stdout.contains("9 messages, 0 wrong"), "\(verify)")
        }
    }

    /// Every step of `cache rebuild` fails with ENOSPC in turn: the command says so and exits 1 at
    /// every step it cannot complete, and says "Rebuilt" only when every file it rebuilds is written.
    /// It said "Rebuilt", exit 0, when `cache/messages` could not be written.
    @Test("rebuild with a full disk at each step: never 'Rebuilt' unless every file was written")
    func rebuildOnAFullDisk() throws {
        try sandbox.succeed(["grep", "fork"])
        var step = 1
        while step < 100 {
            let result = try sandbox.run(["cache", "rebuild"], environment: ["THREADAI_TEST_FAULT": "\(step):28"])
            if result.status == 0 {
                let verify = try sandbox.succeed(["cache", "verify"]).stdout
                #expect(verify.contains("3 current, 0 stale") && verify.contains("9 messages, 0 wrong"), "step \(step): \(result) then \(verify)")
                for kind in ["threads", "messages", "search"] {
                    #expect(!verify.contains("cache/\(kind): absent"), "step \(step): \(result) then \(verify)")
                }
                break
            }
            #expect(result.status == 1 && result.stderr.contains("No space left"), "step \(step): \(result)")
            #expect(!result.stderr.contains("Rebuilt"), "step \(step): \(result)")
            step += 1
        }
        #expect(step > 3)
    }

    @Test("verify reports a damaged file with status 3; rebuild and clear settle it")
    func verifyRebuildClear() throws {
        try sandbox.succeed(["threads"])
        try Damage.flippedByte.apply(to: threadsCache)
        let verify = try sandbox.run(["cache", "verify"])
        #expect(verify.status == 3 && verify.stdout.contains("damaged"), "\(verify)")
        #expect(try sandbox.succeed(["cache", "rebuild"]).stderr.contains("3 threads"))
        #expect(try sandbox.run(["cache", "verify"]).status == 0)
        try sandbox.succeed(["cache", "clear"])
        #expect(!FileManager.default.fileExists(atPath: sandbox.repository + "/cache"))
        #expect(try sandbox.succeed(["cache", "verify"]).stdout.contains("absent"))
        #expect(try sandbox.run(["cache", "rebuild"], environment: ["THREADAI_NO_CACHE": "1"]).status == 2)
        #expect(try sandbox.run(["cache", "sideways"]).status == 2)
    }

    @Test("records of messages the store lacks (a cache copied from another repository) are counted apart, not wrong")
    func foreignRecords() throws {
        let other = try CLISandbox.initialized(sending: "elsewhere one", "elsewhere two")
        try other.succeed(["log", "--graph", "--all"])
        try other.succeed(["grep", "elsewhere"])
        try FileManager.default.removeItem(atPath: sandbox.repository + "/cache")
        try FileManager.default.copyItem(atPath: other.repository + "/cache", toPath: sandbox.repository + "/cache")
        let truth = try results(sandbox, noCache: true)
        #expect(try results(sandbox) == truth)
        let verify = try sandbox.run(["cache", "verify"])
        #expect(verify.status == 0, "\(verify)")
        #expect(verify.stdout.contains("records of messages this store does not hold"), "\(verify)")
        #expect(!verify.stdout.contains("wrong: "), "\(verify)")
    }

    @Test("verify names the first 20 wrong records of a file and counts the rest")
    func manyWrongRecords() throws {
        let long = try CLISandbox.initialized(sending: "root")
        try long.succeed(["checkout", "-b", "side"])
        for index in 1...11 { try long.succeed(["send", "question \(index)"]) }
        let ids = try JSON.array(try long.succeed(["log", "--json", "-n", "22"])).compactMap { $0["id"] as? String }
        #expect(ids.count == 22)
        try long.succeed(["log", "--graph", "--all"])
        // The records outlive the thread (FORMAT §12.2); damaging their messages makes each one unverifiable.
        try long.succeed(["checkout", "main"])
        try long.succeed(["threads", "delete", "-f", "side"])
        for id in ids {
            let path = long.repository + "/objects/" + id.prefix(2) + "/" + id.dropFirst(2) + ".md"
            try FileManager.default.removeItem(atPath: path)
            try Data("damaged".utf8).write(to: URL(fileURLWithPath: path))
        }
        let verify = try long.run(["cache", "verify"])
        #expect(verify.status == 3, "\(verify)")
        #expect(verify.stdout.contains("24 messages, 22 wrong"), "\(verify)")
        #expect(verify.stdout.components(separatedBy: "  wrong: ").count - 1 == 20, "\(verify)")
        #expect(verify.stdout.contains("… and 2 more wrong"), "\(verify)")
    }

    @Test("send, fork, rename and delete leave results as a fresh computation gives them")
    func writesKeepItRight() throws {
        try sandbox.succeed(["threads"])
        try sandbox.succeed(["send", "One more on alt-deep"])
        try sandbox.succeed(["checkout", "-b", "side", "main~1"])
        try sandbox.succeed(["send", "A side question"])
        try sandbox.succeed(["threads", "rename", "alt", "alternative"])
        try sandbox.succeed(["checkout", "main"])
        try sandbox.succeed(["threads", "delete", "--force", "side"])
        try sandbox.succeed(["send", "Back on main"])
        #expect(try results(sandbox) == (try results(sandbox, noCache: true)))
        #expect(try sandbox.run(["cache", "verify"]).status == 0)
    }
}

@Suite("CLI: a git pull behind the cache's back")
struct CachePullTests {
    @Test("objects, refs and renames that a pull brings are seen at once, as without a cache")
    func pullBehindTheCache() throws {
        let clones = try GitClones()
        try clones.start("a", sending: ["first question", "second question"])
        try clones.clone("b")
        try clones.threadai(["checkout", "-b", "alt", "main~1"], in: "b")
        try clones.threadai(["send", "asked on alt in b"], in: "b")
        try clones.commitAndPush("b", "b")
        try clones.pull("a")
        try clones.threadai(["log", "--graph", "--all"], in: "a")  // a's cache now knows main and alt,
        try clones.threadai(["grep", "question"], in: "a")  // cache/search too.
        try clones.threadai(["checkout", "alt"], in: "b")
        try clones.threadai(["send", "more on alt"], in: "b")
        try clones.threadai(["checkout", "-b", "third", "main"], in: "b")
        try clones.threadai(["send", "a third thread"], in: "b")
        try clones.threadai(["threads", "rename", "alt", "alternative"], in: "b")
        try clones.commitAndPush("b", "more")
        try clones.pull("a")
        let cached = try results(clones.sandbox, in: clones.path("a"))
        let fresh = try results(clones.sandbox, in: clones.path("a"), noCache: true)
        #expect(cached == fresh)
        #expect(cached[0].contains("alternative") && cached[0].contains("third"), "\(cached[0])")
        #expect(try clones.threadai(["cache", "verify"], in: "a").stdout.contains("0 wrong"))
        #expect(try clones.git(["status", "--porcelain"], in: clones.path("a")).isEmpty, "git ignores cache/")
    }
}

extension CacheTests {
    @Test("a ref at a message that is gone (a git reset behind a newer ref): the same failure with and without the cache")
    func refAtAMissingMessage() throws {
        _ = try results(sandbox)  // every cache built and current
        let head = try sandbox.succeed(["log", "--oneline", "-1", "alt"]).stdout.prefix(8)
        try sandbox.succeed(["checkout", "-b", "orphaned", String(head)])
        try sandbox.succeed(["send", "a message only this thread holds"])
        _ = try results(sandbox)
        let id = try #require(try JSON.array(try sandbox.succeed(["log", "--json", "-n", "1", "orphaned"])).first?["id"] as? String)
        try sandbox.succeed(["checkout", "main"])
        try FileManager.default.removeItem(atPath: sandbox.repository + "/objects/\(id.prefix(2))/\(id.dropFirst(2)).md")
        for arguments in [["threads"], ["log", "--all", "--oneline"], ["log", "--graph", "--all"], ["grep", "words"]] {
            let cached = try sandbox.run(arguments)
            let uncached = try sandbox.run(arguments, environment: ["THREADAI_NO_CACHE": "1"])
            #expect(cached.status == 3 && cached.status == uncached.status, "\(arguments): \(cached) vs \(uncached)")
            #expect(cached.stdout == uncached.stdout, "\(arguments)")
        }
        // `threads` goes past the broken thread, as git for-each-ref goes past a broken ref.
        let threads = try sandbox.run(["threads"])
        #expect(threads.stdout.contains("main") && threads.stdout.contains("alt") && !threads.stdout.contains("orphaned"), "\(threads)")
        #expect(threads.stderr.contains("thread 'orphaned' left out: message \(id) is missing"), "\(threads.stderr)")
    }

    @Test("grep REV where REV (a tag, a reflog entry) names a message that is gone: the same failure with and without the cache")
    func grepFromAGoneMessage() throws {
        try sandbox.succeed(["checkout", "-b", "doomed"])
        try sandbox.succeed(["send", "zeppelin words only this thread holds"])
        try sandbox.succeed(["tag", "gone-tag"])
        let id = try #require(try JSON.array(try sandbox.succeed(["log", "--json", "-n", "1"])).first?["id"] as? String)
        _ = try results(sandbox)  // every cache built and current, the tagged message in cache/search
        try sandbox.succeed(["checkout", "main"])
        try sandbox.succeed(["threads", "delete", "--force", "doomed"])  // as a git reset takes a thread back
        try FileManager.default.removeItem(atPath: sandbox.repository + "/objects/\(id.prefix(2))/\(id.dropFirst(2)).md")
        for arguments in [["grep", "zeppelin", "gone-tag"], ["grep", "zeppelin", "doomed@{1}"], ["grep", "words", "main..gone-tag"]] {
            let cached = try sandbox.run(arguments)
            let uncached = try sandbox.run(arguments, environment: ["THREADAI_NO_CACHE": "1"])
            #expect(cached.status == 3 && cached.status == uncached.status, "\(arguments): \(cached) vs \(uncached)")
            #expect(cached.stdout == uncached.stdout && cached.stderr == uncached.stderr, "\(arguments)")
        }
    }
}
