import Foundation
import Testing
import ThreadAIStore

@Suite("CLI: init, send and log")
struct InitSendLogTests {
    let sandbox: CLISandbox

    init() throws {
        sandbox = try CLISandbox()
    }

    @Test("init creates .threadai with HEAD on main; running it again says it reinitialized")
    func initialize() throws {
        let first = try sandbox.succeed(["init"])
        #expect(first.stdout == "Initialized empty ThreadAI repository in \(sandbox.repository)\n")
        for folder in ["objects", "refs/threads"] {
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: sandbox.repository + "/" + folder, isDirectory: &isDirectory) && isDirectory.boolValue)
        }
        #expect(try String(contentsOfFile: sandbox.repository + "/HEAD", encoding: .utf8) == "ref: refs/threads/main\n")
        let second = try sandbox.succeed(["init"])
        #expect(second.stdout == "Reinitialized existing ThreadAI repository in \(sandbox.repository)\n")
    }

    @Test("send with the text as arguments stores the message and the offline model's reply")
    func sendArgument() throws {
        try sandbox.succeed(["init"])
        let sent = try sandbox.succeed(["send", "What", "is", "a", "fork?"])
        #expect(sent.stderr.contains("offline model answers"), "no key is set, so the offline model must answer")
        let log = try JSON.array(try sandbox.succeed(["log", "--json"]))
        try #require(log.count == 2)
        #expect(log[1]["role"] as? String == "user")
        #expect(log[1]["content"] as? String == "What is a fork?")
        #expect(log[0]["role"] as? String == "assistant")
        #expect(log[0]["parent"] as? String == log[1]["id"] as? String)
        let reply = try #require(log[0]["content"] as? String)
        #expect(!reply.isEmpty && sent.stdout.contains(reply), "the streamed reply is the stored reply")
        #expect((log[0]["fields"] as? [String: String])?["provider"] == "offline")
    }

    @Test("send reads piped standard input exactly, line ends and Unicode included")
    func sendStandardInput() throws {
        try sandbox.succeed(["init"])
        let text = "piped line one\nline two — ünïcode\r\n\n---\nlast"
        try sandbox.succeed(["send"], stdin: text)
        let log = try JSON.array(try sandbox.succeed(["log", "--json"]))
        #expect(log.last?["content"] as? String == text)
    }

    @Test("send with arguments and piped input sends the arguments, a blank line, then the input")
    func sendArgumentsAndStandardInput() throws {
        try sandbox.succeed(["init"])
        try sandbox.succeed(["send", "Review", "this:"], stdin: "let x = 1\n")
        try sandbox.succeed(["send", "only arguments"], stdin: " \n")
        let users = try JSON.array(try sandbox.succeed(["log", "--json"])).filter { $0["role"] as? String == "user" }
        let contents = users.compactMap { $0["content"] as? String }
        #expect(contents.contains("Review this:\n\nlet x = 1\n"))
        #expect(contents.contains("only arguments"))
    }

    @Test("empty input is refused with a usage error and stores nothing")
    func sendEmpty() throws {
        try sandbox.succeed(["init"])
        let result = try sandbox.run(["send"], stdin: "  \n")
        #expect(result.status == 2 && !result.signaled)
        #expect(result.stderr.hasPrefix("threadai: ") && result.stderr.contains("empty"))
        #expect(RepositoryFiles.objectIDs(in: sandbox.repository).isEmpty)
    }

    @Test("log --json is an array of messages, newest first, each with id, parent, thread, role, date, content")
    func logJSONShape() throws {
        try sandbox.succeed(["init"])
        try sandbox.succeed(["send", "-s", "Be brief.", "first question"])
        try sandbox.succeed(["send", "second question"])
        let log = try JSON.array(try sandbox.succeed(["log", "--json"]))
        try #require(log.count == 5)
        #expect(log.map { $0["role"] as? String } == ["assistant", "user", "assistant", "user", "system"])
        let date = #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/#
        for (index, item) in log.enumerated() {
            let id = try #require(item["id"] as? String)
            #expect(id.wholeMatch(of: #/[0-9a-f]{64}/#) != nil)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: RepositoryFiles.objectPath(id, in: sandbox.repository)))
            #expect(SHA256.hexDigest(bytes) == id, "the id is the SHA-256 of the object's bytes")
            #expect(item["thread"] as? String == "main")
            #expect((item["date"] as? String)?.wholeMatch(of: date) != nil)
            #expect(item["content"] is String)
            #expect(item["fields"] is [String: Any])
            if index + 1 < log.count {
                #expect(item["parent"] as? String == log[index + 1]["id"] as? String)
            } else {
                #expect(item["parent"] is NSNull, "a root has parent: null, not a missing key")
            }
        }
        #expect(log.last?["content"] as? String == "Be brief.")
    }

    @Test("log --oneline prints one line per message: short id, labels, role and first line")
    func logOneline() throws {
        try sandbox.succeed(["init"])
        try sandbox.succeed(["send", "-s", "Be brief.", "first question\nsecond line"])
        let ids = try JSON.array(try sandbox.succeed(["log", "--json"])).compactMap { $0["id"] as? String }
        let lines = try sandbox.succeed(["log", "--oneline", "--decorate"]).stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 3)
        #expect(lines.map { String($0.prefix(8)) } == ids.map { String($0.prefix(8)) })
        #expect(lines[0].hasPrefix(ids[0].prefix(8) + " (HEAD -> main) assistant: "))
        #expect(lines[1] == ids[1].prefix(8) + " user: first question")
        #expect(lines[2] == ids[2].prefix(8) + " system: Be brief.")
        #expect(!lines.joined().contains("\u{1B}"), "NO_COLOR is set: no escape sequences")
    }

    @Test("commands in a folder without a repository fail with advice to run init")
    func noRepository() throws {
        let result = try sandbox.run(["log"])
        #expect(result.status == 1 && !result.signaled)
        #expect(result.stderr.contains("threadai init"))
    }

    @Test("a send after a question that has no answer (a fork made at it) says the model gets both; a plain send says nothing")
    func sendAfterAnUnansweredQuestion() throws {
        let sandbox = try CLISandbox.initialized(sending: "first question")
        let plain = try sandbox.succeed(["send", "second question"])
        #expect(!plain.stderr.contains("no answer"), "\(plain.stderr)")
        try sandbox.succeed(["checkout", "-b", "at-question", "HEAD~1"])
        let after = try sandbox.succeed(["send", "another question"])
        #expect(after.stderr.contains("'at-question' ended with a question that had no answer; the model is sent both."), "\(after.stderr)")
        #expect(after.stderr.contains("('threadai retry' answers such a question alone, before another is sent.)"), "\(after.stderr)")
    }

    @Test("-N is --max-count N for log and reflog, as in git; other commands refuse it")
    func countShorthand() throws {
        let sandbox = try CLISandbox.initialized(sending: "one", "two")
        let two = try sandbox.succeed(["log", "--oneline", "-2"]).stdout
        #expect(two == (try sandbox.succeed(["log", "--oneline", "-n", "2"]).stdout) && two.split(separator: "\n").count == 2)
        #expect(try sandbox.succeed(["reflog", "-1", "main"]).stdout.split(separator: "\n").count == 1)
        #expect(try sandbox.run(["show", "-3"]).status == 2)
    }

    @Test("a malformed HEAD is named with the way out, and checkout repairs it")
    func malformedHead() throws {
        let sandbox = try CLISandbox.initialized(sending: "one")
        try "garbage\n".write(toFile: sandbox.repository + "/HEAD", atomically: false, encoding: .utf8)
        let status = try sandbox.run(["status"])
        #expect(status.status == 3 && status.stderr.contains("HEAD (") && status.stderr.contains("point it at a thread with 'threadai checkout NAME'"), "\(status)")
        #expect(try sandbox.succeed(["checkout", "main"]).stderr == "Switched to thread 'main'\n")
        #expect(try sandbox.succeed(["status"]).stdout.hasPrefix("On thread main"))
        #expect(try sandbox.succeed(["reflog", "HEAD"]).stdout.contains("checkout: moving from a malformed HEAD to main"))
    }

    @Test("a name renamed away points at the new name; reconcile of no thread says there is none")
    func namesThatAreGone() throws {
        let sandbox = try CLISandbox.initialized(sending: "one")
        try sandbox.succeed(["threads", "rename", "main", "trunk"])
        for arguments in [["checkout", "main"], ["log", "main"]] {
            let result = try sandbox.run(arguments)
            #expect(result.status == 1 && result.stderr.contains("thread 'main' was renamed to 'trunk' (.threadai/renames): use 'trunk'."), "\(result)")
        }
        let fromEnvironment = try sandbox.run(["log"], environment: ["THREADAI_DIR": sandbox.work + "/nowhere"])
        #expect(fromEnvironment.status != 0 && fromEnvironment.stderr.contains("(named by THREADAI_DIR)"), "\(fromEnvironment)")
        let emptyRepo = try sandbox.run(["--repo=", "log"])
        #expect(emptyRepo.status == 2 && emptyRepo.stderr.contains("--repo needs a folder"), "\(emptyRepo)")
        let reconcile = try sandbox.run(["threads", "reconcile", "nosuch"])
        #expect(reconcile.status == 1 && reconcile.stderr.contains("no thread named 'nosuch'"), "\(reconcile)")
    }

    @Test("fsck of a missing message: one error with how to restore it, and no message called 'on no thread' for the gap")
    func fsckMissingParent() throws {
        let sandbox = try CLISandbox.initialized(sending: "one", "two")
        let middle = try #require(try sandbox.succeed(["log", "--oneline", "-n", "1", "HEAD~2"]).stdout.split(separator: " ").first)
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: sandbox.repository + "/objects/" + middle.prefix(2))
            .first { $0.hasPrefix(String(middle.dropFirst(2))) })
        try FileManager.default.removeItem(atPath: sandbox.repository + "/objects/" + middle.prefix(2) + "/" + file)
        let fsck = try sandbox.run(["fsck"])
        #expect(fsck.status == 3)
        #expect(fsck.stdout.contains("is missing") && fsck.stdout.contains("  fix: restore "), "\(fsck.stdout)")
        #expect(!fsck.stdout.contains("on no thread"), "\(fsck.stdout)")
    }

    @Test("a pasted page as a thread name is cut in the error; show --raw --json is refused, not one of them dropped")
    func longNameAndConflictingForms() throws {
        let sandbox = try CLISandbox.initialized(sending: "one")
        let long = String(repeating: "a b", count: 300)
        let refused = try sandbox.run(["checkout", "-b", long])
        #expect(refused.status != 0 && refused.stderr.contains("…' (900 characters)") && refused.stderr.count < 600, "\(refused.stderr.count)")
        let both = try sandbox.run(["show", "--raw", "--json"])
        #expect(both.status == 2 && both.stderr.contains("choose one"), "\(both)")
    }
}
