import Foundation
import Testing

/// Commands that write refuse up front, with nothing written, when what they would extend is gone
/// or unreadable; and they follow a rename pulled from a clone instead of starting a new root.
@Suite("CLI: writing on a broken or moved history")
struct WriteRefusalTests {
    private static func objectCount(_ sandbox: CLISandbox) -> Int {
        RepositoryFiles.objectIDs(in: sandbox.repository).count
    }

    private static func headPath(_ sandbox: CLISandbox, _ thread: String) throws -> String {
        let id = try String(contentsOfFile: sandbox.repository + "/refs/threads/" + thread, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return sandbox.repository + "/objects/" + id.prefix(2) + "/" + id.dropFirst(2) + ".md"
    }

    @Test("send and retry refuse with exit 3 and write nothing when the head is corrupt, truncated or missing", arguments: [
        "garbage", "truncated", "missing",
    ])
    func corruptHeadIsRefused(_ damage: String) throws {
        let sandbox = try CLISandbox.initialized(sending: "first question")
        let path = try Self.headPath(sandbox, "main")
        chmod(path, 0o644)
        switch damage {
        case "garbage": try Data("not a message\n".utf8).write(to: URL(fileURLWithPath: path))
        case "truncated":
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        default: try FileManager.default.removeItem(atPath: path)
        }
        let before = Self.objectCount(sandbox)
        for command in [["send", "another"], ["retry"]] {
            let result = try sandbox.run(command)
            #expect(result.status == 3, "\(result)")
            #expect(result.stderr.contains("threadai: "))
            #expect(Self.objectCount(sandbox) == before, "nothing was written")
        }
    }

    @Test("a ref that is a folder is refused with exit 3, never a new root")
    func folderRefIsRefused() throws {
        let sandbox = try CLISandbox.initialized(sending: "first question")
        let ref = sandbox.repository + "/refs/threads/main"
        try FileManager.default.removeItem(atPath: ref)
        try FileManager.default.createDirectory(atPath: ref, withIntermediateDirectories: false)
        let before = Self.objectCount(sandbox)
        let result = try sandbox.run(["send", "another"])
        #expect(result.status == 3 && result.stderr.contains("is a folder"), "\(result)")
        #expect(Self.objectCount(sandbox) == before)
    }

    @Test("HEAD on a thread renamed in a clone follows the rename with a note")
    func renamedThreadIsFollowed() throws {
        let sandbox = try CLISandbox.initialized(sending: "first question")
        try sandbox.succeed(["checkout", "-b", "draft"])
        try sandbox.succeed(["send", "on draft"])
        // What a pull of a clone's `threads rename draft final` brings: the ref moved, a renames line.
        try FileManager.default.moveItem(
            atPath: sandbox.repository + "/refs/threads/draft", toPath: sandbox.repository + "/refs/threads/final")
        try Data("draft\tfinal\n".utf8).write(to: URL(fileURLWithPath: sandbox.repository + "/renames"))
        let result = try sandbox.succeed(["send", "after the pull"])
        #expect(result.stderr.contains("renamed to 'final'"))
        #expect(try String(contentsOfFile: sandbox.repository + "/HEAD", encoding: .utf8) == "ref: refs/threads/final\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.repository + "/refs/threads/draft"), "the old name is not recreated")
        let log = try JSON.array(try sandbox.succeed(["log", "--json", "final"]))
        #expect(log.count == 6, "the new message continues the renamed thread's history")
    }

    /// A clone that pulled a thread and only checked it out has no reflog of it: the thread's moves
    /// happened elsewhere. `logs/HEAD` still records the head it had when checked out, and that is
    /// enough to know a pull deleted it. `send` started a new conversation under the name.
    @Test("HEAD on a thread deleted by a pull, which this clone only checked out, refuses too")
    func deletedThreadOnlyCheckedOutIsRefused() throws {
        let sandbox = try CLISandbox.initialized(sending: "first question")
        try sandbox.succeed(["checkout", "-b", "gone"])
        try sandbox.succeed(["send", "on gone"])
        try sandbox.succeed(["checkout", "main"])
        // As a clone has it after a pull brought `gone`: the ref, no reflog of its own.
        try FileManager.default.removeItem(atPath: sandbox.repository + "/logs/threads/gone")
        try sandbox.succeed(["checkout", "gone"])
        // The next pull deletes it.
        try FileManager.default.removeItem(atPath: sandbox.repository + "/refs/threads/gone")
        let before = Self.objectCount(sandbox)
        let result = try sandbox.run(["send", "after the pull"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("no longer exists") && result.stderr.contains("checkout -b gone"), "\(result)")
        #expect(Self.objectCount(sandbox) == before)
        #expect(!FileManager.default.fileExists(atPath: sandbox.repository + "/refs/threads/gone"))
    }

    @Test("HEAD on a deleted thread refuses, says how to continue, and writes nothing")
    func deletedThreadIsRefused() throws {
        let sandbox = try CLISandbox.initialized(sending: "first question")
        try sandbox.succeed(["checkout", "-b", "gone"])
        try sandbox.succeed(["send", "on gone"])
        try FileManager.default.removeItem(atPath: sandbox.repository + "/refs/threads/gone")
        let before = Self.objectCount(sandbox)
        let result = try sandbox.run(["send", "after the pull"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("no longer exists") && result.stderr.contains("checkout -b gone"))
        #expect(Self.objectCount(sandbox) == before)
        // Reading says the same, not "no messages yet: send" (which send then refuses).
        let status = try sandbox.succeed(["status"]).stdout
        #expect(status.contains("'gone' no longer exists here") && !status.contains("No messages yet"), "\(status)")
        let log = try sandbox.run(["log"])
        #expect(log.status == 1 && log.stderr.contains("'gone' no longer exists here"), "\(log)")
        // Its last message gone too (kept on another git branch): no checkout -b that would fail.
        let head = try #require(try String(contentsOfFile: sandbox.repository + "/logs/threads/gone", encoding: .utf8)
            .split(separator: "\n").last?.split(separator: " ").dropFirst().first)
        try FileManager.default.removeItem(atPath: sandbox.repository + "/objects/\(head.prefix(2))/\(head.dropFirst(2)).md")
        let branch = try sandbox.run(["send", "again"])
        #expect(branch.stderr.contains("no longer exists") && !branch.stderr.contains("checkout -b gone"), "\(branch)")
    }
}
