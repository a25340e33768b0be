import Foundation
import Testing

/// `log --for-commit` on commits whose trailers other tools wrote (docs/CLI.md, `log`): Claude
/// Code's `Claude-Session:`, Entire's `Entire-Checkpoint:`, aider's co-author line, `Assisted-by:`.
@Suite("CLI: log --for-commit reads coding agents' trailers")
struct AgentTrailerTests {
    static let session = CaptureTests.session

    /// Commits the work tree of clone `name` with `message`, without any hook; returns the commit.
    @discardableResult
    static func commit(_ clones: GitClones, _ name: String, _ message: String) throws -> String {
        try clones.git(["add", "-A"], in: clones.path(name))
        try clones.git(["-c", "core.hooksPath=/dev/null", "commit", "-q", "--allow-empty", "-m", message], in: clones.path(name))
        return try clones.head(name)
    }

    /// The ids the anchor note of the captured session puts at `commit`, in the note's order.
    static func noted(at commit: String, _ clones: GitClones) throws -> [String] {
        let note = try String(contentsOfFile: clones.path("app") + "/.threadai/anchors/claude-code/\(session)", encoding: .utf8)
        return note.split(separator: "\n").filter { $0.contains(" \(commit) ") }.map { String($0.prefix(64)) }
    }

    @Test("a Claude-Session: trailer finds the captured session, at the message the commit was made at")
    func claudeSession() throws {
        let clones = try GitClones()
        try clones.start("app")
        let before = try clones.head("app")
        // The session's first turns are captured while the code is at `before`...
        let transcript = try clones.sandbox.folder.folder("claude") + "/\(Self.session).jsonl"
        let lines = try CaptureTests.lines()
        try lines[..<10].reduce(Data(), +).write(to: URL(fileURLWithPath: transcript))
        let hook = { (event: String) in
            let result = try clones.sandbox.run(["capture"], stdin: CaptureTests.hookInput(transcript, event: event), in: clones.path("app"))
            #expect(result.status == 0, "\(result)")
        }
        try hook("Stop")
        // ...then the agent commits, with Claude Code's trailer (the link form), and the code moves on.
        try "let a = 1\n".write(toFile: clones.path("app") + "/a.swift", atomically: false, encoding: .utf8)
        let made = try Self.commit(clones, "app", "Add a\n\nClaude-Session: https://claude.ai/code/\(Self.session)")
        let later = try Self.commit(clones, "app", "Later work\n\nClaude-Session: \(Self.session)")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: transcript))
        try handle.seekToEnd()
        try handle.write(contentsOf: lines[10...].reduce(Data(), +))
        try handle.close()
        try hook("SessionEnd")

        let atBefore = try Self.noted(at: before, clones), atLater = try Self.noted(at: later, clones)
        #expect(!atBefore.isEmpty && !atLater.isEmpty, "both captures anchored messages")
        let found = try clones.threadai(["log", "--json", "--for-commit", made], in: "app")
        let ids = try JSON.array(found).compactMap { $0["id"] as? String }
        #expect(ids.first == atBefore.last, "the newest message captured before the commit: \(ids.prefix(1)) \(atBefore)")
        #expect(found.stderr.contains("commit \(made) names Claude Code session \(Self.session): thread claude-code/"), "\(found.stderr)")
        let newest = try JSON.array(try clones.threadai(["log", "--json", "--for-commit", later], in: "app")).compactMap { $0["id"] as? String }
        #expect(newest.first == atLater.last && newest.count > ids.count, "a later commit: the session's newest message")

        // Renamed, the thread is named as it is now.
        try clones.threadai(["threads", "rename", CaptureAnchorTests.thread, "parser-session"], in: "app")
        let renamed = try clones.threadai(["log", "--oneline", "--for-commit", later], in: "app")
        #expect(renamed.stdout.hasPrefix(String(atLater.last?.prefix(8) ?? "-")) && renamed.stderr.contains(": thread parser-session at "), "\(renamed)")
    }

    @Test("a session not captured is an error that says how to capture it; beside a Thread: trailer, a note")
    func notCaptured() throws {
        let clones = try GitClones()
        try clones.start("app", sending: ["design the parser"])
        let web = "session_01AbCdEfGhIjKlMnOpQrStUv"
        try Self.commit(clones, "app", "Work\n\nClaude-Session: https://claude.ai/code/\(web)")
        let missing = try clones.run(["log", "--for-commit", "HEAD"], in: "app")
        #expect(missing.status == 1 && missing.stdout.isEmpty, "\(missing)")
        #expect(missing.stderr.contains("names Claude Code session \(web) (its Claude-Session: trailer), which this repository has not captured or imported"))
        #expect(missing.stderr.contains("'threadai capture --session \(web)'"), "\(missing.stderr)")

        let trailer = try clones.threadai(["trailer"], in: "app").stdout
        try Self.commit(clones, "app", "More\n\n\(trailer)Claude-Session: \(web)")
        let both = try clones.run(["log", "--oneline", "--for-commit", "HEAD"], in: "app")
        #expect(both.status == 0 && both.stdout.contains("design the parser"), "\(both)")
        #expect(both.stderr.contains("names thread main at") && both.stderr.contains("has not captured or imported"), "\(both.stderr)")
    }

    @Test("an Entire-Checkpoint: trailer finds the captured session its checkpoint's metadata names, on origin's branch")
    func entireCheckpoint() throws {
        let (clones, _, _) = try CaptureAnchorTests.captured()
        let newest = try clones.threadai(["log", "--oneline", "-n", "1", CaptureAnchorTests.thread], in: "app").stdout.prefix(8)
        let checkpoint = "a3b2c4d5e6f7"
        try Self.commit(clones, "app", "Add a\n\nEntire-Checkpoint: \(checkpoint)")
        let unfetched = try clones.run(["log", "--for-commit", "HEAD"], in: "app")
        #expect(unfetched.status == 1 && unfetched.stderr.contains("names Entire checkpoint \(checkpoint), which neither entire/checkpoints/v1 nor origin/entire/checkpoints/v1 holds here"), "\(unfetched)")

        // Entire's layout (entireio/cli, docs/architecture/sessions-and-checkpoints.md), pushed from elsewhere.
        let maker = clones.path("entire")
        try FileManager.default.createDirectory(atPath: maker + "/a3/b2c4d5e6f7/0", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: maker + "/a3/b2c4d5e6f7/1", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: maker + "/a3/b2c4d5e6f7/2", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: maker + "/a3/b2c4d5e6f7/3", withIntermediateDirectories: true)
        let listed = (0...3).map { #"{"metadata":"/a3/b2c4d5e6f7/\#($0)/metadata.json","transcript":"/a3/b2c4d5e6f7/\#($0)/full.jsonl"}"# }
        try #"{"checkpoint_id":"a3b2c4d5e6f7","strategy":"manual-commit","checkpoints_count":2,"files_touched":["a.swift"],"sessions":[\#(listed.joined(separator: ","))]}"#
            .write(toFile: maker + "/a3/b2c4d5e6f7/metadata.json", atomically: false, encoding: .utf8)
        // Entire before February 2026 wrote the date before the agent's session id.
        try #"{"checkpoint_id":"a3b2c4d5e6f7","session_id":"2026-01-05-\#(Self.session)","strategy":"manual-commit","agent":"Claude Code","files_touched":["a.swift"]}"#
            .write(toFile: maker + "/a3/b2c4d5e6f7/0/metadata.json", atomically: false, encoding: .utf8)
        try #"{"checkpoint_id":"a3b2c4d5e6f7","session_id":"7d1e","strategy":"manual-commit","agent":"Cursor"}"#
            .write(toFile: maker + "/a3/b2c4d5e6f7/1/metadata.json", atomically: false, encoding: .utf8)
        try #"{"checkpoint_id":"a3b2c4d5e6f7","session_id":"5e55a0a1-0000-4000-8000-000000000002","strategy":"manual-commit","agent":"Claude Code"}"#
            .write(toFile: maker + "/a3/b2c4d5e6f7/2/metadata.json", atomically: false, encoding: .utf8)
        try #"{"checkpoint_id":"a3b2c4d5e6f7","session_id":"5e55a0a1-0000-4000-8000-000000000003","strategy":"manual-commit","agent":"Claude Code"}"#
            .write(toFile: maker + "/a3/b2c4d5e6f7/3/metadata.json", atomically: false, encoding: .utf8)
        // Session 2's transcript is there; session 3's, like some of Entire's older checkpoints', is only listed.
        try "{}\n".write(toFile: maker + "/a3/b2c4d5e6f7/2/full.jsonl", atomically: false, encoding: .utf8)
        try clones.git(["init", "-q", "-b", "entire/checkpoints/v1"], in: maker)
        try clones.git(["add", "-A"], in: maker)
        try clones.git(["commit", "-q", "-m", "Checkpoint: \(checkpoint)"], in: maker)
        try clones.git(["push", "-q", clones.origin, "entire/checkpoints/v1"], in: maker)
        try clones.git(["fetch", "-q", "origin"], in: clones.path("app"))

        let found = try clones.run(["log", "--oneline", "--for-commit", "HEAD"], in: "app")
        #expect(found.status == 0 && found.stdout.hasPrefix(String(newest)), "\(found)")
        #expect(found.stderr.contains("names Claude Code session \(Self.session): thread \(CaptureAnchorTests.thread) at \(newest)"), "\(found.stderr)")
        #expect(found.stderr.contains("a session of Cursor, an agent whose transcripts ThreadAI does not capture.\n"), "\(found.stderr)")
        #expect(found.stderr.contains("names Claude Code session 5e55a0a1-0000-4000-8000-000000000002 (Entire checkpoint \(checkpoint)), which this repository has not captured or imported")
            && found.stderr.contains("Entire keeps it: 'git show origin/entire/checkpoints/v1:a3/b2c4d5e6f7/2/full.jsonl > session.jsonl', then 'threadai import claude-code session.jsonl'."),
            "\(found.stderr)")
        #expect(found.stderr.contains("session 5e55a0a1-0000-4000-8000-000000000003 (Entire checkpoint \(checkpoint)), which this repository has not captured or imported: capture it with 'threadai capture --session 5e55a0a1-0000-4000-8000-000000000003', or import its transcript.\n"),
            "no transcript on the branch, no command to import it: \(found.stderr)")
    }

    @Test("aider's co-author line says why no conversation can be found, and Claude Code's that it names no session; Assisted-by: is a note")
    func aiderAndAssistedBy() throws {
        let clones = try GitClones()
        try clones.start("app", sending: ["hello"])
        try Self.commit(clones, "app", "Fix\n\nCo-authored-by: aider (openai/gpt-4o) <noreply@aider.chat>")
        let aider = try clones.run(["log", "--for-commit", "HEAD"], in: "app")
        #expect(aider.status == 1 && aider.stdout.isEmpty, "\(aider)")
        #expect(aider.stderr.contains("was written with aider (openai/gpt-4o) (its Co-authored-by: trailer)") && aider.stderr.contains(".aider.chat.history.md"), "\(aider.stderr)")
        try Self.commit(clones, "app", "Fix\n\nClaude-Session: 5e55a0a1\nCo-authored-by: aider <noreply@aider.chat>")
        let twice = try clones.run(["log", "--for-commit", "HEAD"], in: "app")
        let lines = twice.stderr.split(separator: "\n")
        #expect(twice.status == 1 && lines.count == 2 && lines.allSatisfy { $0.hasPrefix("threadai: commit HEAD ") }, "each on its own line: \(twice.stderr)")
        try Self.commit(clones, "app", "Fix\n\nCo-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>")
        let claude = try clones.run(["log", "--for-commit", "HEAD"], in: "app")
        #expect(claude.status == 1 && claude.stderr.hasSuffix(" Its Co-authored-by: Claude Opus 4.5 names an agent, not a session.\n"), "\(claude)")
        try Self.commit(clones, "app", "Fix\n\nAssisted-by: Claude:claude-opus-4-5 coccinelle")
        let assisted = try clones.run(["log", "--for-commit", "HEAD"], in: "app")
        #expect(assisted.status == 1 && assisted.stderr.contains("made with the help of Claude:claude-opus-4-5 coccinelle (its Assisted-by: trailer names no conversation)"), "\(assisted)")
        #expect(assisted.stderr.contains("names no conversation: its message has no 'Thread: NAME@ID' trailer"))
    }

    @Test("trailer.assisted-by adds 'Assisted-by: AGENT:MODEL' to trailer and the commit hook; off by default")
    func assistedByTrailer() throws {
        let (clones, _, _) = try CaptureAnchorTests.captured()
        try clones.threadai(["send", "design the parser"], in: "app")
        let model = try #require(try JSON.array(try clones.threadai(["log", "--json", "-n", "1"], in: "app"))
            .first.flatMap { ($0["fields"] as? [String: Any])?["model"] as? String })
        let head = try clones.threadai(["log", "--oneline", "-n", "1"], in: "app").stdout.prefix(8)
        #expect(try clones.threadai(["trailer"], in: "app").stdout == "Thread: main@\(head)\n", "off by default")

        try clones.threadai(["config", "set", "trailer.assisted-by", "true"], in: "app")
        #expect(try clones.threadai(["trailer"], in: "app").stdout == "Thread: main@\(head)\nAssisted-by: threadai:\(model)\n")
        try clones.threadai(["hooks", "install"], in: "app")
        try CodeLinkTests.commitCode(clones, "app", file: "parser.swift", message: "Add the parser")
        let text = try clones.git(["log", "-1", "--format=%B"], in: clones.path("app"))
        #expect(text.hasSuffix("\n\nThread: main@\(head)\nAssisted-by: threadai:\(model)\n\n"), "\(text)")
        let found = try clones.threadai(["log", "--oneline", "--for-commit", "HEAD"], in: "app")
        #expect(found.stdout.hasPrefix(String(head)) && found.stderr.contains("with the help of threadai:\(model)"), "\(found)")
        // A message with an Assisted-by: line of its own keeps it.
        try "b\n".write(toFile: clones.path("app") + "/b.swift", atomically: false, encoding: .utf8)
        try clones.git(["add", "b.swift"], in: clones.path("app"))
        try clones.git(["commit", "-q", "-m", "B\n\nAssisted-by: Cursor:gpt-5"], in: clones.path("app"))
        let own = try clones.git(["log", "-1", "--format=%B"], in: clones.path("app"))
        #expect(own.contains("Assisted-by: Cursor:gpt-5") && !own.contains("threadai:") && own.contains("Thread: main@"), "\(own)")

        try clones.threadai(["checkout", CaptureAnchorTests.thread], in: "app")
        #expect(try clones.threadai(["trailer"], in: "app").stdout.hasSuffix("\nAssisted-by: claude-code:claude-opus-4-5\n"))
        try clones.threadai(["config", "set", "trailer.assisted-by", "false"], in: "app")
        #expect(!(try clones.threadai(["trailer"], in: "app").stdout.contains("Assisted-by")))
    }
}
