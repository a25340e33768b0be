import Foundation
import Testing

/// `threadai capture` (docs/CLI.md): a Claude Code transcript grown line by line, captured by hook
/// calls as the agent makes them, comes out exactly as `import --redact` of the finished file.
@Suite("capture")
struct CaptureTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/capture/claude-code/growing.jsonl").path
    static let session = "c0ffee00-1111-4222-8333-444455556666"
    static let realExports = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/real-exports/claude-code").path

    /// The fixture's lines, each with its line feed.
    static func lines(of path: String = fixture) throws -> [Data] {
        try Data(contentsOf: URL(fileURLWithPath: path)).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .dropLast().map { Data($0) + Data([UInt8(ascii: "\n")]) }
    }

    static func hookInput(_ transcript: String, event: String = "Stop") -> String {
        #"{"session_id":"\#(session)","transcript_path":"\#(transcript)","cwd":"/home/ada/src/app","hook_event_name":"\#(event)"}"#
    }

    /// Runs the hook's capture, which must exit 0 whatever happens.
    @discardableResult
    static func hook(_ sandbox: CLISandbox, _ transcript: String, event: String = "Stop") throws -> CLIResult {
        let result = try sandbox.run(["capture"], stdin: hookInput(transcript, event: event))
        #expect(result.status == 0, "\(result)")
        return result
    }

    /// What the repository holds, as the export writes it (every object's bytes and every head),
    /// and its thread refs.
    static func contents(_ sandbox: CLISandbox) throws -> (export: String, refs: [String: String]) {
        let export = try sandbox.succeed(["export", "json"]).stdout
        let refsFolder = sandbox.repository + "/refs/threads"
        var refs: [String: String] = [:]
        for name in FileManager.default.enumerator(atPath: refsFolder)?.allObjects as? [String] ?? [] {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: refsFolder + "/" + name, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            refs[name] = try String(contentsOfFile: refsFolder + "/" + name, encoding: .utf8)
        }
        return (export, refs)
    }

    /// The same transcript imported whole into another repository, with credentials redacted.
    static func imported(_ transcript: String) throws -> (export: String, refs: [String: String]) {
        let other = try CLISandbox.initialized()
        try other.succeed(["import", "--redact", "claude-code", transcript])
        return try contents(other)
    }

    /// Grows `source` into a transcript line by line, a Stop hook after each, SessionEnd at the end.
    static func grow(_ source: String, in sandbox: CLISandbox) throws -> String {
        let transcript = try sandbox.folder.folder("claude") + "/\(session).jsonl"
        try Data().write(to: URL(fileURLWithPath: transcript))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: transcript))
        defer { try? handle.close() }
        for line in try lines(of: source) {
            try handle.write(contentsOf: line)
            try hook(sandbox, transcript)
        }
        try hook(sandbox, transcript, event: "SessionEnd")
        return transcript
    }

    @Test("grown line by line with a hook call after each, the result is import's; calling again adds nothing")
    func grownLineByLine() throws {
        let sandbox = try CLISandbox.initialized()
        let transcript = try Self.grow(Self.fixture, in: sandbox)
        let captured = try Self.contents(sandbox)
        #expect(captured.refs.keys.sorted() == ["claude-code/inspect-the-environment-c0ffee00"])
        let whole = try Self.imported(transcript)
        #expect(captured.export == whole.export)
        #expect(captured.refs == whole.refs)
        let before = try DirectorySnapshot(sandbox.repository + "/objects")
        try Self.hook(sandbox, transcript, event: "SessionEnd")
        try Self.hook(sandbox, transcript)
        #expect(try DirectorySnapshot(sandbox.repository + "/objects") == before)
        #expect(try Self.contents(sandbox) == captured)
        try sandbox.succeed(["fsck"])
        // A transcript only grew: no capture may take it for rewritten (and read it whole for that).
        let log = try String(contentsOfFile: sandbox.repository + "/logs/capture.log", encoding: .utf8)
        #expect(!log.contains("rewritten or truncated"), "\(log)")
    }

    @Test("the import fixture's sidechain, rewind and compaction, grown line by line, come out as import gives them")
    func grownBranchingSession() throws {
        let sandbox = try CLISandbox.initialized()
        let transcript = try Self.grow(ImportClaudeCodeTests.session, in: sandbox)
        let captured = try Self.contents(sandbox)
        #expect(captured.refs.count == 3)
        #expect(captured == (try Self.imported(transcript)))
    }

    @Test("a canary credential in a tool result appears nowhere under .threadai; the log counts it")
    func canaryRedacted() throws {
        let sandbox = try CLISandbox.initialized()
        _ = try Self.grow(Self.fixture, in: sandbox)
        let canary = Array("AKIACAPTURECANARY123".utf8)
        for (path, entry) in try DirectorySnapshot(sandbox.repository).entries.sorted(by: { $0.key < $1.key }) {
            #expect(entry.bytes.firstRange(of: canary) == nil, "the canary is in .threadai/\(path)")
        }
        let log = try String(contentsOfFile: sandbox.repository + "/logs/capture.log", encoding: .utf8)
        #expect(log.contains("1 credential stored redacted"))
        #expect(try sandbox.succeed(["log", "--all"]).stdout.contains("[REDACTED:aws-access-key-id]"))
    }

    @Test("a line cut in half at the end is read whole by the next call; a damaged line is named and skipped")
    func halfLineAndDamagedLine() throws {
        let sandbox = try CLISandbox.initialized()
        var lines = try Self.lines()
        lines[5] = Data("{\"type\":\"user\",\"uuid\":\"broken\n".utf8)  // a crash's remains, in the middle
        let transcript = try sandbox.folder.folder("claude") + "/\(Self.session).jsonl"
        let upToHalf = lines[..<9].reduce(Data(), +) + lines[9].prefix(30)
        try upToHalf.write(to: URL(fileURLWithPath: transcript))
        try Self.hook(sandbox, transcript)
        let record = try String(contentsOfFile: sandbox.repository + "/logs/captures/\(Self.session)", encoding: .utf8)
        #expect(record.contains("offset: \(lines[..<9].reduce(0) { $0 + $1.count })\n"), "\(record)")
        try lines.reduce(Data(), +).write(to: URL(fileURLWithPath: transcript))
        #expect(try sandbox.succeed(["status"]).stdout.contains("Held back: the newest reply of 1 transcript waits"))
        try Self.hook(sandbox, transcript, event: "SessionEnd")
        #expect(!(try sandbox.succeed(["status"]).stdout.contains("Held back")))
        let log = try String(contentsOfFile: sandbox.repository + "/logs/capture.log", encoding: .utf8)
        #expect(log.contains("\(transcript) line 6: left out"))
        let captured = try Self.contents(sandbox)
        let whole = try Self.imported(transcript)
        #expect(captured.export == whole.export)
        #expect(captured.refs == whole.refs)
    }

    @Test("a transcript truncated or rewritten since its last capture is read whole again, and said so")
    func rewrittenTranscript() throws {
        let sandbox = try CLISandbox.initialized()
        let transcript = try sandbox.folder.folder("claude") + "/\(Self.session).jsonl"
        let lines = try Self.lines()
        try lines.reduce(Data(), +).write(to: URL(fileURLWithPath: transcript))
        try Self.hook(sandbox, transcript, event: "SessionEnd")
        let captured = try Self.contents(sandbox)
        try lines[..<6].reduce(Data(), +).write(to: URL(fileURLWithPath: transcript))  // truncated
        try Self.hook(sandbox, transcript)
        try lines.reduce(Data(), +).write(to: URL(fileURLWithPath: transcript))  // and written again
        try Self.hook(sandbox, transcript, event: "SessionEnd")
        let log = try String(contentsOfFile: sandbox.repository + "/logs/capture.log", encoding: .utf8)
        #expect(log.contains("note: \(transcript) was rewritten or truncated since its last capture: read whole again"))
        #expect(try Self.contents(sandbox) == captured, "nothing stored twice, nothing lost")
    }

    @Test("at SubagentStop the subagent's transcript is complete: captured whole, as its import")
    func subagentStop() throws {
        let sandbox = try CLISandbox.initialized()
        let folder = try sandbox.folder.folder("claude/\(Self.session)/subagents")
        let agent = folder + "/agent-a1b2c3.jsonl"
        let text = try String(contentsOfFile: Self.fixture, encoding: .utf8)
            .replacingOccurrences(of: "\"isSidechain\":false", with: "\"isSidechain\":true,\"agentId\":\"a1b2c3\"")
        try text.write(toFile: agent, atomically: false, encoding: .utf8)
        let main = try sandbox.folder.folder("claude") + "/\(Self.session).jsonl"
        try Self.lines()[..<3].reduce(Data(), +).write(to: URL(fileURLWithPath: main))
        let input = #"{"session_id":"\#(Self.session)","transcript_path":"\#(main)","agent_transcript_path":"\#(agent)","hook_event_name":"SubagentStop"}"#
        #expect(try sandbox.run(["capture"], stdin: input).status == 0)
        let subthread = "claude-code/inspect-the-environment-c0ffee00-agent-a1b2c3"
        let captured = try Self.contents(sandbox)
        #expect(captured.refs[subthread] != nil)
        #expect(captured.refs[subthread] == (try Self.imported(agent)).refs[subthread])
    }

    @Test("eight captures of one session at once neither duplicate nor lose a message")
    func concurrentCaptures() throws {
        let sandbox = try CLISandbox.initialized()
        let transcript = try sandbox.folder.folder("claude") + "/\(Self.session).jsonl"
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: transcript)
        let statuses = Mutex8()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let result = try? sandbox.run(["capture"], stdin: Self.hookInput(transcript, event: "SessionEnd"))
            statuses.set(index, result?.status ?? -1)
        }
        #expect(statuses.values == Array(repeating: 0, count: 8))
        // A capture that found the session busy leaves it to the next call, as the agent's next hook is.
        try Self.hook(sandbox, transcript, event: "SessionEnd")
        let captured = try Self.contents(sandbox)
        let whole = try Self.imported(transcript)
        #expect(captured.export == whole.export)
        #expect(captured.refs == whole.refs)
        try sandbox.succeed(["fsck"])
    }

    @Test("four sessions captured at once each come out as their import")
    func concurrentSessions() throws {
        let sandbox = try CLISandbox.initialized()
        let text = try String(contentsOfFile: Self.fixture, encoding: .utf8)
        let sessions = (1...4).map { "c0ffee0\($0)-1111-4222-8333-444455556666" }
        let folder = try sandbox.folder.folder("claude")
        for session in sessions {
            try text.replacingOccurrences(of: Self.session, with: session).write(toFile: folder + "/\(session).jsonl", atomically: false, encoding: .utf8)
        }
        let statuses = Mutex8()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let session = sessions[index % 4]
            let input = #"{"session_id":"\#(session)","transcript_path":"\#(folder)/\#(session).jsonl","hook_event_name":"SessionEnd"}"#
            statuses.set(index, (try? sandbox.run(["capture"], stdin: input))?.status ?? -1)
        }
        #expect(statuses.values == Array(repeating: 0, count: 8))
        let captured = try Self.contents(sandbox)
        #expect(captured.refs.count == 4)
        let other = try CLISandbox.initialized()
        try other.succeed(["import", "--redact", "claude-code"] + sessions.map { folder + "/\($0).jsonl" })
        #expect(captured == (try Self.contents(other)))
        try sandbox.succeed(["fsck"])
    }

    @Test("whatever goes wrong the hook exits 0; the log and status say so, and --session redoes it")
    func failuresNeverReachTheAgent() throws {
        let sandbox = try CLISandbox.initialized()
        let outside = try sandbox.folder.folder("no-repository")
        #expect(try sandbox.run(["capture"], stdin: "{}", in: outside).status == 0)
        #expect(try sandbox.run(["capture"], stdin: "not json").status == 0)
        #expect(try sandbox.succeed(["status"]).stdout.contains("Last capture failed"))
        let transcript = try sandbox.folder.folder("claude") + "/\(Self.session).jsonl"
        try Self.hook(sandbox, transcript)  // not written yet
        let status = try sandbox.succeed(["status"]).stdout
        #expect(status.contains("Capture failed: \(transcript): no such file; 'threadai capture --session \(Self.session)' redoes it"))
        let fsck = try sandbox.run(["fsck"])
        #expect(fsck.status == 0, "a failed capture is a warning")
        #expect(fsck.stdout.contains("Capture failed: \(transcript): no such file"))
        #expect(fsck.stderr.contains("1 warning"))
        let byHand = try sandbox.run(["capture", "--transcript", transcript])
        #expect(byHand.status != 0)
        #expect(byHand.stderr.contains("no such file"))
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: transcript)
        try sandbox.succeed(["capture", "--session", Self.session])
        #expect(!(try sandbox.succeed(["status"]).stdout.contains("Capture failed")))
        #expect(try Self.contents(sandbox).refs == (try Self.imported(transcript)).refs)
    }

    @Test("a damaged repository fails the capture, never the agent: exit 0, the log and status say so")
    func damagedRepository() throws {
        let sandbox = try CLISandbox.initialized()
        let transcript = try sandbox.folder.folder("claude") + "/\(Self.session).jsonl"
        let lines = try Self.lines()
        try lines[..<12].reduce(Data(), +).write(to: URL(fileURLWithPath: transcript))
        try Self.hook(sandbox, transcript)
        let ref = sandbox.repository + "/refs/threads/claude-code/inspect-the-environment-c0ffee00"
        try "not an id\n".write(toFile: ref, atomically: false, encoding: .utf8)
        try lines.reduce(Data(), +).write(to: URL(fileURLWithPath: transcript))
        try Self.hook(sandbox, transcript, event: "SessionEnd")
        let status = try sandbox.run(["status"]).stdout
        #expect(status.contains("Capture failed: \(transcript): "), "\(status)")
        let log = try String(contentsOfFile: sandbox.repository + "/logs/capture.log", encoding: .utf8)
        #expect(log.contains("error: cannot capture \(transcript): "))
        try "feature from-the-future\n".write(toFile: sandbox.repository + "/format", atomically: false, encoding: .utf8)
        #expect(try sandbox.run(["capture"], stdin: Self.hookInput(transcript)).status == 0)
    }

    @Test("a capture that finds its session's record locked by a live process exits 0 and logs it")
    func lockHeld() throws {
        let sandbox = try CLISandbox.initialized()
        let transcript = try sandbox.folder.folder("claude") + "/\(Self.session).jsonl"
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: transcript)
        let lock = try sandbox.folder.folder("work/.threadai/logs/captures") + "/\(Self.session).lock"
        // This test process holds the lock's flock, as a live capture would.
        let descriptor = open(lock, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        #expect(descriptor >= 0)
        #expect(flock(descriptor, LOCK_EX) == 0)
        defer { unlink(lock); close(descriptor) }
        try Self.hook(sandbox, transcript)
        let log = try String(contentsOfFile: sandbox.repository + "/logs/capture.log", encoding: .utf8)
        #expect(log.contains("busy: cannot capture \(transcript): another capture of it is running"))
        #expect(try Self.contents(sandbox).refs.isEmpty)
    }

    @Test("--all captures every session Claude Code keeps for this project, found under HOME")
    func backfill() throws {
        let sandbox = try CLISandbox.initialized()
        let encoded = String(sandbox.work.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
        let folder = try sandbox.folder.folder("home/.claude/projects/\(encoded)")
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: folder + "/\(Self.session).jsonl")
        let result = try sandbox.succeed(["capture", "--all"])
        #expect(result.stderr.contains("captured \(folder)/\(Self.session).jsonl: 12 new messages, 1 credential stored redacted"))
        #expect(try Self.contents(sandbox).refs == (try Self.imported(folder + "/\(Self.session).jsonl")).refs)
        // Named through a symbolic link, the project is still the folder Claude Code named.
        let link = sandbox.folder.path + "/link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: sandbox.work)
        let again = try sandbox.succeed(["--repo", link + "/.threadai", "capture", "--all"])
        #expect(again.stderr.contains("captured \(folder)/\(Self.session).jsonl: nothing new"), "\(again)")
    }

    @Test("real transcripts no one here wrote, grown a few lines at a time, come out as import gives them")
    func realTranscripts() throws {
        let names = ["spotter-short.jsonl", "spotter-tool_heavy.jsonl", "spotter-subagent.jsonl"]
        guard FileManager.default.fileExists(atPath: Self.realExports) else {
            print("note: \(Self.realExports) is absent: real transcripts not tried")
            return
        }
        for name in names {
            let sandbox = try CLISandbox.initialized()
            let transcript = try Self.grow(Self.realExports + "/" + name, in: sandbox)
            let captured = try Self.contents(sandbox)
            let whole = try Self.imported(transcript)
            #expect(captured.export == whole.export, "\(name)")
            #expect(captured.refs == whole.refs, "\(name)")
        }
    }
}

/// Eight exit statuses set from concurrent threads.
private final class Mutex8: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses = Array(repeating: Int32(-2), count: 8)

    func set(_ index: Int, _ status: Int32) { lock.withLock { statuses[index] = status } }
    var values: [Int32] { lock.withLock { statuses } }
}
