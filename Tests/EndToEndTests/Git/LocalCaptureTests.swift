import Foundation
import Testing

/// `hooks install --agent claude-code --local` (docs/CLI.md, `hooks`; issue 37): the installed hook
/// runs `capture --local`, so the captured session is a local thread (docs/FORMAT.md §13) and a
/// `git add -A` commits none of it; a shared install captures into shared threads.
@Suite("CLI: local captures")
struct LocalCaptureTests {
    /// The hook's JSON for the capture fixture's transcript, copied to `transcript`, at its end.
    static func sessionEnd(_ transcript: String) throws -> String {
        try FileManager.default.copyItem(atPath: CaptureTests.fixture, toPath: transcript)
        return CaptureTests.hookInput(transcript, event: "SessionEnd")
    }

    @Test("a --local install captures into a local thread that git add -A leaves out")
    func localInstall() throws {
        let (clones, _) = try AgentHooksTests.project()
        try clones.threadai(["hooks", "install", "--agent", "claude-code", "--local"], in: "a")
        let command = try AgentHooksTests.stopCommand(in: clones.path("a") + "/.claude/settings.local.json")
        #expect(command.contains(" capture --local "), "\(command)")
        let transcript = clones.sandbox.work + "/\(CaptureTests.session).jsonl"
        let hook = try AgentHooksTests.runHook(command, in: clones.path("a"), input: try Self.sessionEnd(transcript))
        #expect(hook.status == 0 && hook.output.isEmpty, "\(hook)")

        let thread = "claude-code/inspect-the-environment-c0ffee00"
        #expect(try clones.threadai(["log", thread], in: "a").stdout.contains("What is in the environment?"))
        #expect(try clones.threadai(["local"], in: "a").stdout.contains(thread))
        try clones.git(["add", "-A"], in: clones.path("a"))
        try clones.commit("a", "a day of captures")
        let committed = try clones.git(["ls-tree", "-r", "--name-only", "HEAD"], in: clones.path("a"))
        #expect(!committed.contains("refs/threads/claude-code"), "\(committed)")
        let grep = Process()
        grep.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        grep.arguments = ["git", "grep", "-q", "What is in the environment", "HEAD"]
        grep.currentDirectoryURL = URL(fileURLWithPath: clones.path("a"))
        try grep.run()
        grep.waitUntilExit()
        #expect(grep.terminationStatus == 1, "no committed file holds the captured conversation")
    }

    @Test("a shared install captures into a shared thread, which git add -A commits")
    func sharedInstall() throws {
        let (clones, path) = try AgentHooksTests.project()
        try clones.threadai(["hooks", "install", "--agent", "claude-code"], in: "a")
        let command = try AgentHooksTests.stopCommand(in: path)
        #expect(!command.contains("--local"), "\(command)")
        let transcript = clones.sandbox.work + "/\(CaptureTests.session).jsonl"
        #expect(try AgentHooksTests.runHook(command, in: clones.path("a"), input: try Self.sessionEnd(transcript)).status == 0)
        #expect(!(try clones.threadai(["local"], in: "a").stdout.contains("claude-code/")))
        try clones.git(["add", "-A"], in: clones.path("a"))
        try clones.commit("a", "a day of captures")
        let committed = try clones.git(["ls-tree", "-r", "--name-only", "HEAD"], in: clones.path("a"))
        #expect(committed.contains(".threadai/refs/threads/claude-code/inspect-the-environment-c0ffee00"))
        // The session ended: its messages are one pack, not a file each.
        #expect(committed.contains(".threadai/packs/") && !committed.contains(".threadai/objects/"), "\(committed)")
    }
}
