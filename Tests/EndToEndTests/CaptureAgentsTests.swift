import Foundation
import Testing
import ThreadAIStore

/// `threadai capture` of Codex CLI and Gemini CLI sessions (docs/CLI.md): a rollout or session file
/// grown as the agent writes it, captured by its hooks' calls, comes out exactly as
/// `import --redact codex|gemini` of the finished file; `--all` finds the sessions each agent keeps.
@Suite("capture codex and gemini")
struct CaptureAgentsTests {
    static let codexRollout = ImportCodexTests.rollout
    static let codexSession = "019a2d7a-41c4-78b1-b7cc-a45d62a89cd5"
    static let geminiSession = ImportGeminiTests.session
    static let geminiLegacy = ImportGeminiTests.project + "/chats/session-2026-01-12T09-30-7d41b0c3.json"
    /// Neither agent's home may come from the test's own environment.
    static let homes = ["CODEX_HOME": "", "GEMINI_CLI_HOME": ""]

    static func hookInput(session: String, transcript: String?, event: String) -> String {
        let path = transcript.map { #""\#($0)""# } ?? "null"
        return #"{"session_id":"\#(session)","transcript_path":\#(path),"cwd":"/home/ada/src/ledger","hook_event_name":"\#(event)"}"#
    }

    /// Runs the hook's command as installed for `agent`, which must exit 0.
    static func hook(_ sandbox: CLISandbox, agent: String, session: String, transcript: String?, event: String) throws {
        let result = try sandbox.run(["capture", "--agent", agent], stdin: hookInput(session: session, transcript: transcript, event: event),
                                     environment: homes)
        #expect(result.status == 0, "\(result)")
    }

    static func imported(_ format: String, _ transcript: String) throws -> (export: String, refs: [String: String]) {
        let other = try CLISandbox.initialized()
        try other.succeed(["import", "--redact", format, transcript])
        return try CaptureTests.contents(other)
    }

    /// Writes `source`'s lines one at a time to `transcript`, calling the hook after each, then
    /// `SessionEnd`.
    static func grow(_ source: String, into transcript: String, in sandbox: CLISandbox, agent: String, session: String,
                     event: String, named: Bool = true) throws {
        try FileManager.default.createDirectory(atPath: (transcript as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: transcript))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: transcript))
        defer { try? handle.close() }
        for line in try CaptureTests.lines(of: source) {
            try handle.write(contentsOf: line)
            try hook(sandbox, agent: agent, session: session, transcript: named ? transcript : nil, event: event)
        }
        try hook(sandbox, agent: agent, session: session, transcript: named ? transcript : nil, event: "SessionEnd")
    }

    @Test("a Codex rollout grown line by line, Stop after each, is its import; a hook without the rollout's path finds it")
    func codexGrown() throws {
        for named in [true, false] {
            let sandbox = try CLISandbox.initialized()
            let transcript = sandbox.home + "/.codex/sessions/2025/10/29/" + (Self.codexRollout as NSString).lastPathComponent
            try Self.grow(Self.codexRollout, into: transcript, in: sandbox, agent: "codex", session: Self.codexSession, event: "Stop", named: named)
            let captured = try CaptureTests.contents(sandbox)
            #expect(captured.refs.keys.sorted() == [ImportCodexTests.main])
            #expect(captured == (try Self.imported("codex", transcript)))
            try sandbox.succeed(["fsck"])
        }
    }

    @Test("a Gemini CLI session grown line by line, AfterAgent after each, is its import: messages written again, the rewind's fork")
    func geminiGrown() throws {
        let sandbox = try CLISandbox.initialized()
        let transcript = sandbox.home + "/.gemini/tmp/ledger/chats/" + (Self.geminiSession as NSString).lastPathComponent
        try Self.grow(Self.geminiSession, into: transcript, in: sandbox, agent: "gemini", session: "0f3c9a2e-5b7d-4e21-9c4a-1d2e3f405162",
                      event: "AfterAgent")
        let captured = try CaptureTests.contents(sandbox)
        #expect(captured.refs.keys.sorted() == [ImportGeminiTests.main, ImportGeminiTests.main + "-2"])
        #expect(captured == (try Self.imported("gemini", transcript)))
        let before = try DirectorySnapshot(sandbox.repository + "/objects")
        try Self.hook(sandbox, agent: "gemini", session: "0f3c9a2e", transcript: transcript, event: "SessionEnd")
        #expect(try DirectorySnapshot(sandbox.repository + "/objects") == before)
        try sandbox.succeed(["fsck"])
    }

    @Test("a Gemini line cut in half (the agent writing it, or a crash) waits for the rest; the result is still the import's")
    func geminiHalfLine() throws {
        let sandbox = try CLISandbox.initialized()
        let transcript = try sandbox.folder.folder("home/.gemini/tmp/ledger/chats") + "/" + (Self.geminiSession as NSString).lastPathComponent
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.geminiSession))
        for cut in [whole.count / 3, whole.count / 2, whole.count] {
            try whole.prefix(cut).write(to: URL(fileURLWithPath: transcript))
            try Self.hook(sandbox, agent: "gemini", session: "0f3c9a2e", transcript: transcript, event: cut == whole.count ? "SessionEnd" : "PreCompress")
        }
        #expect(try CaptureTests.contents(sandbox) == (try Self.imported("gemini", transcript)))
        let log = try String(contentsOfFile: sandbox.repository + "/logs/capture.log", encoding: .utf8)
        #expect(!log.contains("error") && !log.contains("left out"), "\(log)")
    }

    /// A Gemini CLI subagent writes a file of its own, `chats/SESSION/ID.jsonl`, which no hook names:
    /// each hook of its session captures it too.
    @Test func aGeminiHookCapturesTheSessionsSubagents() throws {
        let sandbox = try CLISandbox.initialized()
        let chats = try sandbox.folder.folder("home/.gemini/tmp/ledger/chats")
        let session = "0f3c9a2e-5b7d-4e21-9c4a-1d2e3f405162"
        let transcript = chats + "/" + (Self.geminiSession as NSString).lastPathComponent
        try FileManager.default.copyItem(atPath: Self.geminiSession, toPath: transcript)
        try FileManager.default.copyItem(atPath: ImportGeminiTests.project + "/chats/" + session, toPath: chats + "/" + session)
        try Self.hook(sandbox, agent: "gemini", session: session, transcript: transcript, event: "SessionEnd")
        let subagent = chats + "/" + session + "/a7e4c2d0-1b3f-4c5d-8e9f-0a1b2c3d4e5f.jsonl"
        #expect(try CaptureTests.contents(sandbox).refs["gemini/find-where-total-is-tested-a7e4c2d0-agent"] != nil)
        let other = try CLISandbox.initialized()
        try other.succeed(["import", "--redact", "gemini", transcript, subagent])
        #expect(try CaptureTests.contents(sandbox) == (try CaptureTests.contents(other)))
    }

    /// Gemini CLI before April 2026 rewrote one JSON object at each change: nothing of it is stored
    /// before the session ends (its newest message may still change), then all of it.
    @Test func aGeminiSessionRewrittenWholeIsStoredWhenItEnds() throws {
        let sandbox = try CLISandbox.initialized()
        let transcript = sandbox.home + "/.gemini/tmp/abc/chats/session-2026-01-12T09-30-7d41b0c3.json"
        try FileManager.default.createDirectory(atPath: (transcript as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.geminiLegacy))
        try whole.prefix(200).write(to: URL(fileURLWithPath: transcript))  // Being written: not JSON yet.
        try Self.hook(sandbox, agent: "gemini", session: "7d41b0c3", transcript: transcript, event: "AfterAgent")
        try whole.write(to: URL(fileURLWithPath: transcript))
        try Self.hook(sandbox, agent: "gemini", session: "7d41b0c3", transcript: transcript, event: "AfterAgent")
        #expect(try CaptureTests.contents(sandbox).refs.isEmpty)
        try Self.hook(sandbox, agent: "gemini", session: "7d41b0c3", transcript: transcript, event: "SessionEnd")
        #expect(try CaptureTests.contents(sandbox) == (try Self.imported("gemini", transcript)))
        let log = try String(contentsOfFile: sandbox.repository + "/logs/capture.log", encoding: .utf8)
        #expect(!log.contains("error") && !log.contains("rewritten"), "\(log)")
    }

    @Test("--all finds Codex's rollouts whose cwd is this project and Gemini CLI's project folders, old and new")
    func backfill() throws {
        let sandbox = try CLISandbox.initialized()
        let rollout = try String(contentsOfFile: Self.codexRollout, encoding: .utf8)
        let day = try sandbox.folder.folder("home/.codex/sessions/2025/10/29")
        let mine = day + "/" + (Self.codexRollout as NSString).lastPathComponent
        try rollout.replacingOccurrences(of: "/home/ada/src/ledger", with: sandbox.work).write(toFile: mine, atomically: false, encoding: .utf8)
        try rollout.replacingOccurrences(of: "019a2d7a-41c4", with: "019a2d7a-5555").write(
            toFile: day + "/rollout-2025-10-29T01-00-00-019a2d7a-5555-78b1-b7cc-a45d62a89cd5.jsonl", atomically: false, encoding: .utf8)
        let slug = try sandbox.folder.folder("home/.gemini/tmp/work/chats")
        try sandbox.work.write(toFile: sandbox.home + "/.gemini/tmp/work/.project_root", atomically: false, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Self.geminiSession, toPath: slug + "/" + (Self.geminiSession as NSString).lastPathComponent)
        let hashed = try sandbox.folder.folder("home/.gemini/tmp/\(SHA256.hexDigest(Array(sandbox.work.utf8)))/chats")
        try FileManager.default.copyItem(atPath: Self.geminiLegacy, toPath: hashed + "/" + (Self.geminiLegacy as NSString).lastPathComponent)
        try FileManager.default.copyItem(atPath: Self.geminiLegacy, toPath: try sandbox.folder.folder("home/.gemini/tmp/other/chats") + "/session-x.json")

        let result = try sandbox.succeed(["capture", "--all"], environment: Self.homes)
        #expect(result.stderr.contains("no Claude Code session of \(sandbox.work)"), "\(result)")
        #expect(result.stderr.contains("captured \(mine): 5 new messages"), "\(result)")
        #expect(result.stderr.contains("10 new messages") && result.stderr.contains("2 new messages"), "\(result)")
        let threads = try CaptureTests.contents(sandbox).refs.keys.sorted()
        #expect(threads == [ImportCodexTests.main, ImportGeminiTests.main, ImportGeminiTests.main + "-2",
                            "gemini/which-python-does-this-project-need-7d41b0c3"])
        let codexOnly = try sandbox.succeed(["capture", "--all", "--agent", "codex"], environment: Self.homes)
        #expect(codexOnly.stderr.contains("captured \(mine): nothing new") && !codexOnly.stderr.contains("gemini"), "\(codexOnly)")
    }

    @Test("--all looks for Claude Code's sessions in $CLAUDE_CONFIG_DIR when it is set, as Claude Code keeps them there")
    func claudeConfigDirectory() throws {
        let sandbox = try CLISandbox.initialized()
        let project = URL(fileURLWithPath: sandbox.work).resolvingSymlinksInPath().path
        let encoded = String(project.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
        let folder = try sandbox.folder.folder("claude-config/projects/" + encoded)
        try FileManager.default.copyItem(atPath: StubProviderServer.fixtures.appendingPathComponent("import/claude-code/session.jsonl").path,
                                         toPath: folder + "/session.jsonl")
        let without = try sandbox.succeed(["capture", "--all", "--agent", "claude-code"], environment: Self.homes)
        #expect(without.stderr.contains("no Claude Code session of \(project) in \(sandbox.home)/.claude/projects/"), "\(without)")
        let configured = sandbox.folder.path + "/claude-config"
        let with = try sandbox.succeed(["capture", "--all", "--agent", "claude-code"], environment: Self.homes.merging(["CLAUDE_CONFIG_DIR": configured]) { $1 })
        #expect(with.stderr.contains("captured \(folder)/session.jsonl"), "\(with)")
        #expect(!(try CaptureTests.contents(sandbox).refs.isEmpty))
    }

    @Test("the hooks installed for Codex and Gemini CLI name their agent; Claude Code's command is as before")
    func installedCommandsNameTheAgent() throws {
        let sandbox = try CLISandbox.initialized()
        for agent in ["codex", "gemini", "claude-code"] { try sandbox.succeed(["hooks", "install", "--agent", agent]) }
        #expect(try String(contentsOfFile: sandbox.work + "/.codex/hooks.json", encoding: .utf8).contains(" capture --agent codex >"))
        #expect(try String(contentsOfFile: sandbox.work + "/.gemini/settings.json", encoding: .utf8).contains(" capture --agent gemini >"))
        #expect(!(try String(contentsOfFile: sandbox.work + "/.claude/settings.json", encoding: .utf8).contains("--agent")))
        #expect(try sandbox.run(["capture", "--agent", "cursor", "--all"]).stderr.contains("'cursor' is not an agent capture reads"))
    }
}
