import Foundation
import Testing

/// `threadai hooks install|uninstall|status --agent NAME` with the real binary in a git repository
/// whose `.claude/settings.json` already holds other hooks and settings (docs/CLI.md, `hooks`).
@Suite("CLI: agent hooks")
struct AgentHooksTests {
    static let settings = """
        {
          "permissions": {
            "allow": [
              "Bash(swift build:*)",
              "Read(~/notes/**)"
            ]
          },
          "hooks": {
            "PreToolUse": [
              {
                "matcher": "Bash",
                "hooks": [
                  {
                    "type": "command",
                    "command": "\\"$CLAUDE_PROJECT_DIR\\"/scripts/check.sh",
                    "timeout": 12.5
                  }
                ]
              }
            ],
            "Stop": [
              {
                "hooks": [
                  {
                    "type": "command",
                    "command": "say d\\u00f6ne"
                  }
                ]
              }
            ]
          },
          "cleanupPeriodDays": 99999,
          "statusLine": {
            "type": "command",
            "command": "~/bin/status"
          }
        }

        """

    /// A clone `a` with `settings` in `.claude/settings.json`; returns the clones and the file's path.
    static func project() throws -> (GitClones, String) {
        let clones = try GitClones()
        try clones.start("a")
        let path = clones.path("a") + "/.claude/settings.json"
        try FileManager.default.createDirectory(atPath: clones.path("a") + "/.claude", withIntermediateDirectories: true)
        try settings.write(toFile: path, atomically: false, encoding: .utf8)
        return (clones, path)
    }

    /// Runs `command` as the agent would, with `sh -c` in `folder` and hook JSON on standard input.
    static func runHook(
        _ command: String, in folder: String, input: String = #"{"session_id":"s","hook_event_name":"Stop"}"#
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = ["PATH": "/usr/bin:/bin"]
        let stdin = Pipe(), output = Pipe()
        process.standardInput = stdin
        process.standardOutput = output
        process.standardError = output
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: bytes, as: UTF8.self))
    }

    /// The command of ThreadAI's `Stop` hook in the Claude Code settings file at `path`.
    static func stopCommand(in path: String) throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let groups = (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            .flatMap { ($0["hooks"] as? [String: Any])?["Stop"] as? [[String: Any]] } ?? []
        let commands = groups.flatMap { $0["hooks"] as? [[String: Any]] ?? [] }.compactMap { $0["command"] as? String }
        return try #require(commands.first { $0.contains(" capture") })
    }

    @Test("install keeps the rest, a second install changes no byte, status lists it, uninstall gives the file back")
    func claudeCodeRoundTrip() throws {
        let (clones, path) = try Self.project()
        let installed = try clones.threadai(["hooks", "install", "--agent", "claude-code"], in: "a")
        #expect(installed.stderr.contains("installed 'threadai capture' in \(path)"), "\(installed)")
        let once = try String(contentsOfFile: path, encoding: .utf8)
        for kept in [#""Read(~/notes/**)""#, #""timeout": 12.5"#, #""command": "say d\u00f6ne""#, #""cleanupPeriodDays": 99999,"#] {
            #expect(once.contains(kept), "\(kept)")
        }
        #expect(once.hasSuffix("  \"statusLine\": {\n    \"type\": \"command\",\n    \"command\": \"~/bin/status\"\n  }\n}\n"))
        let order = ["\"PreToolUse\"", "\"Stop\"", "say d", "threadai", "\"SubagentStop\"", "\"SessionEnd\"", "\"PreCompact\"", "cleanupPeriodDays"]
        let positions = order.compactMap { once.range(of: $0)?.lowerBound }
        #expect(positions.count == order.count && positions == positions.sorted(), "\(once)")

        let again = try clones.threadai(["hooks", "install", "--agent", "claude-code"], in: "a")
        #expect(again.stderr.contains("was installed already"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == once)

        let status = try clones.threadai(["hooks", "status"], in: "a").stdout
        #expect(status.contains("prepare-commit-msg: not installed"))
        #expect(status.contains("claude-code: installed (\(path): Stop, SubagentStop, SessionEnd, PreCompact)\n"), "\(status)")
        #expect(status.contains("codex: not installed") && status.contains("gemini: not installed"))

        try clones.threadai(["hooks", "uninstall", "--agent", "claude-code"], in: "a")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.settings)
        #expect(try clones.threadai(["hooks", "status", "--agent", "claude-code"], in: "a").stdout.hasPrefix("claude-code: not installed"))
    }

    @Test("the installed command exits 0 and prints nothing, even when threadai cannot be found")
    func neverBlocks() throws {
        let (clones, path) = try Self.project()
        let local = try clones.threadai(["hooks", "install", "--agent", "claude-code", "--local"], in: "a")
        #expect(local.stderr.contains("settings.local.json is yours alone only while git ignores it"), "\(local)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.settings, "--local leaves settings.json alone")
        let command = try Self.stopCommand(in: clones.path("a") + "/.claude/settings.local.json")
        let real = try Self.runHook(command, in: clones.path("a"))
        #expect(real.status == 0 && real.output.isEmpty, "\(real)")
        let missing = try Self.runHook(command.replacingOccurrences(of: "t='/", with: "t='/no/such/"), in: clones.path("a"))
        #expect(missing.status == 0 && missing.output.isEmpty, "\(missing)")

        try clones.threadai(["hooks", "uninstall", "--agent", "claude-code"], in: "a")
        #expect(!FileManager.default.fileExists(atPath: clones.path("a") + "/.claude/settings.local.json"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.settings)
    }

    @Test("a settings file that is not JSON is named and left unchanged; bad options are usage errors")
    func refusals() throws {
        let (clones, path) = try Self.project()
        let broken = Self.settings.replacingOccurrences(of: "\"cleanupPeriodDays\": 99999,", with: "\"cleanupPeriodDays\": 99999,,")
        try broken.write(toFile: path, atomically: false, encoding: .utf8)
        let refused = try clones.run(["hooks", "install", "--agent", "claude-code"], in: "a")
        #expect(refused.status != 0 && refused.stderr.contains("\(path) is not valid JSON at byte"), "\(refused)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == broken)
        #expect(try FileManager.default.contentsOfDirectory(atPath: clones.path("a") + "/.claude") == ["settings.json"])

        let unknown = try clones.run(["hooks", "install", "--agent", "cursor"], in: "a")
        #expect(unknown.status == 2 && unknown.stderr.contains("claude-code, codex, gemini"), "\(unknown)")
        let codexLocal = try clones.run(["hooks", "install", "--agent", "codex", "--local"], in: "a")
        #expect(codexLocal.status != 0 && codexLocal.stderr.contains("codex has no per-user project settings file"), "\(codexLocal)")
        let preCommit = try clones.run(["hooks", "install", "--agent", "gemini", "--pre-commit"], in: "a")
        #expect(preCommit.status == 2, "\(preCommit)")
        #expect(!FileManager.default.fileExists(atPath: clones.path("a") + "/.codex")
            && !FileManager.default.fileExists(atPath: clones.path("a") + "/.gemini"))
    }
}
