import Foundation
import Testing

@Suite("CLI: a corrupt object is found, named and never crashes a command")
struct CorruptionTests {
    let forked: ForkedSandbox
    var sandbox: CLISandbox { forked.sandbox }

    init() throws {
        forked = try ForkedSandbox()
    }

    @Test("fsck passes a clean repository, then names the id and path of a flipped byte and exits 3")
    func fsckFindsFlippedByte() throws {
        let clean = try sandbox.run(["fsck"])
        #expect(clean.status == 0 && clean.stdout.isEmpty)
        #expect(clean.stderr.contains("checked 9 objects: 0 errors"))

        let id = forked["ua"]
        let path = RepositoryFiles.objectPath(id, in: sandbox.repository)
        try RepositoryFiles.flipByte(of: id, in: sandbox.repository, at: -3)
        let damaged = try sandbox.run(["fsck"])
        #expect(damaged.status == 3 && !damaged.signaled)
        #expect(damaged.stdout.contains(id) && damaged.stdout.contains(path), "\(damaged)")
        #expect(damaged.stdout.contains("corrupt"))
        #expect(damaged.stderr.contains("1 error"))
    }

    static let readers: [[String]] = [
        ["log"], ["log", "--oneline", "alt-deep"], ["log", "--json"], ["log", "--graph", "--all"], ["show", "ID"],
        ["show", "--raw", "ID"], ["context"], ["diff", "main", "alt-deep"], ["threads"], ["status"], ["send", "more"],
    ]

    @Test("commands that read the corrupt object exit 3 naming its id", arguments: readers)
    func readersFail(_ command: [String]) throws {
        let id = forked["ua"]
        try RepositoryFiles.flipByte(of: id, in: sandbox.repository, at: 20)
        let before = try DirectorySnapshot(sandbox.repository)
        // `threads` answers from .threadai/cache/ when it is current, reading no message: a message
        // damaged behind a current cache is found by what reads it and by fsck (FORMAT §12 rule 7).
        // Without the cache, `threads` reads it and must fail like every other reader.
        let environment = command == ["threads"] ? ["THREADAI_NO_CACHE": "1"] : [:]
        let result = try sandbox.run(command.map { $0 == "ID" ? id : $0 }, environment: environment)
        #expect(!result.signaled, "crashed: \(result)")
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains(id), "\(result)")
        #expect(result.stderr.hasPrefix("threadai: ") || result.stderr.contains("\nthreadai: "))
        if command.first != "send" {
            #expect(try DirectorySnapshot(sandbox.repository) == before, "a reading command changed the repository")
        }
    }

    @Test("a ref pointing at a missing message: fsck exits 3 naming the ref")
    func refToMissingMessage() throws {
        let ghost = String(repeating: "ab", count: 32)
        let refPath = sandbox.repository + "/refs/threads/ghost"
        try Data((ghost + "\n").utf8).write(to: URL(fileURLWithPath: refPath))
        let result = try sandbox.run(["fsck"])
        #expect(result.status == 3 && !result.signaled)
        #expect(result.stdout.contains(ghost) && result.stdout.contains(refPath))
        let log = try sandbox.run(["log", "ghost"])
        #expect(log.status == 3 && log.stderr.contains(ghost), "\(log)")
    }

    @Test("a thread's head gone from the store: fsck says to restore it, and calls its parent on no thread only once it is")
    func missingHead() throws {
        let head = forked["ad"]
        try FileManager.default.removeItem(atPath: RepositoryFiles.objectPath(head, in: sandbox.repository))
        let result = try sandbox.run(["fsck"])
        #expect(result.status == 3 && result.stdout.contains("thread 'alt-deep' points at a missing message"), "\(result)")
        #expect(!result.stdout.contains("on no thread"), "the head's parent is cut off by the missing head, not left behind: \(result)")
    }

    @Test("a ref damaged by hand: threads, log --all and grep show the others and name it; delete -f is the way out")
    func malformedRef() throws {
        let refPath = sandbox.repository + "/refs/threads/alt"
        try Data("garbage\n".utf8).write(to: URL(fileURLWithPath: refPath))
        let threads = try sandbox.run(["threads"])
        #expect(threads.status == 3 && threads.stdout.contains("main") && threads.stdout.contains("alt-deep") && !threads.stdout.contains(" alt "), "\(threads)")
        #expect(threads.stderr.contains("'alt' left out") && threads.stderr.contains("threads delete -f alt"), "\(threads)")
        // The other views of every thread go past it the same way, as `git log --all` warns of a broken ref.
        for arguments in [["log", "--all", "--oneline"], ["log", "--graph", "--all"], ["grep", "merge"]] {
            let view = try sandbox.run(arguments)
            #expect(view.status == 3 && view.stdout.contains("And a ") && view.stderr.contains("'alt' left out"), "\(arguments): \(view)")
        }
        let decorated = try sandbox.run(["log", "--oneline", "--decorate"])
        #expect(decorated.status == 0 && decorated.stdout.contains("HEAD -> alt-deep"), "\(decorated)")
        let refused = try sandbox.run(["threads", "delete", "alt"])
        #expect(refused.status == 3 && FileManager.default.fileExists(atPath: refPath), "\(refused)")
        let deleted = try sandbox.run(["threads", "delete", "-f", "alt"])
        #expect(deleted.status == 0 && !FileManager.default.fileExists(atPath: refPath), "\(deleted)")
        let after = try sandbox.run(["threads"])
        #expect(after.status == 0 && after.stderr.isEmpty, "\(after)")
        #expect(try sandbox.run(["reflog", "alt"]).stdout.contains("delete (malformed ref)"))
    }
}
