import Foundation
import Testing
@testable import ThreadAI

/// ThreadAI's hooks in coding agents' settings files (docs/CLI.md, `hooks --agent`): added and
/// removed without changing anything else in the file, in real files of a temporary folder.
@Suite("Agent hooks in settings files")
struct AgentHookSettingsTests {
    static let command = "t='/opt/my tools/threadai'; [ -x \"$t\" ] || t=threadai; \"$t\" --repo . capture >/dev/null 2>&1 || true"

    /// A Claude Code settings file as users have them: other hooks and settings, numbers and escapes
    /// spelled in ways a rewrite would change.
    static let typical = """
        {
          "permissions": {
            "allow": [
              "Bash(npm run test:*)"
            ],
            "deny": []
          },
          "env": {
            "RATIO": 1.50,
            "NAME": "caf\\u00e9 \\"quoted\\" \\/ slash"
          },
          "hooks": {
            "Stop": [
              {
                "matcher": "",
                "hooks": [
                  {
                    "type": "command",
                    "command": "echo done",
                    "timeout": 5e1
                  }
                ]
              }
            ],
            "PreToolUse": [
              {
                "matcher": "Bash",
                "hooks": [
                  {
                    "type": "command",
                    "command": "./check.sh"
                  }
                ]
              }
            ]
          },
          "model": "opus"
        }

        """

    /// A new project folder, with `files` (relative path: text) written in it.
    static func project(_ files: [String: String] = [:]) throws -> AgentHooks {
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("agent-hooks-" + UUID().uuidString).path
        for (path, text) in files {
            let full = top + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: false, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: top, withIntermediateDirectories: true)
        return AgentHooks(top: top)
    }

    static func read(_ hooks: AgentHooks, _ path: String) -> String? {
        try? String(contentsOfFile: hooks.top + "/" + path, encoding: .utf8)
    }

    @Test("install keeps every other member in order and spelling; a second install changes no byte; uninstall gives the original bytes")
    func typicalRoundTrip() throws {
        let hooks = try Self.project([".claude/settings.json": Self.typical])
        defer { try? FileManager.default.removeItem(atPath: hooks.top) }
        let change = try hooks.install(.claudeCode, local: false, command: Self.command)
        #expect(change.changed && change.path == hooks.top + "/.claude/settings.json")
        let installed = try #require(Self.read(hooks, ".claude/settings.json"))
        #expect(installed.contains(#""RATIO": 1.50,"#) && installed.contains(#""NAME": "caf\u00e9 \"quoted\" \/ slash""#))
        #expect(installed.contains(#""timeout": 5e1"#) && installed.hasSuffix("  \"model\": \"opus\"\n}\n"))
        let document = try EditableJSON.parse(Array(installed.utf8))
        #expect(document.members?.map(\.key) == ["permissions", "env", "hooks", "model"])
        #expect(document["hooks"]?.members?.map(\.key) == ["Stop", "PreToolUse", "SubagentStop", "SessionEnd", "PreCompact"])
        let stop = try #require(document["hooks"]?["Stop"]?.elements)
        #expect(stop.count == 2 && stop[0]["hooks"]?.elements?.first?["command"]?.string == "echo done")
        #expect(stop[1]["hooks"]?.elements?.first?["command"]?.string == Self.command)
        #expect(stop[1]["hooks"]?.elements?.first?["timeout"] == .scalar("30"))

        let again = try hooks.install(.claudeCode, local: false, command: Self.command)
        #expect(!again.changed && Self.read(hooks, ".claude/settings.json") == installed)
        #expect(try hooks.status(.claudeCode).map(\.events) == [["Stop", "SubagentStop", "SessionEnd", "PreCompact"]])

        let removed = try hooks.uninstall(.claudeCode)
        #expect(removed.map(\.removedFile) == [false])
        #expect(Self.read(hooks, ".claude/settings.json") == Self.typical)
        #expect(try hooks.status(.claudeCode).isEmpty && hooks.uninstall(.claudeCode).isEmpty)
    }

    @Test("an older ThreadAI command is replaced in its place, not added beside it")
    func refreshInPlace() throws {
        let hooks = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: hooks.top) }
        _ = try hooks.install(.claudeCode, local: false, command: "/old/threadai --repo . capture || true")
        _ = try hooks.install(.claudeCode, local: false, command: Self.command)
        let document = try EditableJSON.parse(Array(try #require(Self.read(hooks, ".claude/settings.json")).utf8))
        for event in ["Stop", "SubagentStop", "SessionEnd", "PreCompact"] {
            let handlers = (document["hooks"]?[event]?.elements ?? []).flatMap { $0["hooks"]?.elements ?? [] }
            #expect(handlers.compactMap { $0["command"]?.string } == [Self.command], "\(event)")
        }
    }

    @Test("a file install created is removed by uninstall; a folder it created stays")
    func createdFile() throws {
        let hooks = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: hooks.top) }
        _ = try hooks.install(.claudeCode, local: true, command: Self.command)
        let text = try #require(Self.read(hooks, ".claude/settings.local.json"))
        #expect(text.hasPrefix("{\n  \"hooks\": {\n    \"Stop\": [\n      {\n        \"hooks\": [\n") && text.hasSuffix("}\n"))
        #expect(Self.read(hooks, ".claude/settings.json") == nil)
        #expect(try hooks.status(.claudeCode).map(\.path) == [hooks.top + "/.claude/settings.local.json"])
        #expect(try hooks.uninstall(.claudeCode).map(\.removedFile) == [true])
        #expect(!FileManager.default.fileExists(atPath: hooks.top + "/.claude/settings.local.json"))
    }

    @Test("a file that is not JSON, or whose hooks are not an object, is refused and left as it was", arguments: [
        "{\n  \"model\": \"opus\",\n}\n", "{\"hooks\": []}", "[1, 2]", "{\"hooks\": {\"Stop\": {}}}", "",
    ])
    func refused(text: String) throws {
        let hooks = try Self.project([".claude/settings.json": text])
        defer { try? FileManager.default.removeItem(atPath: hooks.top) }
        #expect(throws: AgentHookError.self) { try hooks.install(.claudeCode, local: false, command: Self.command) }
        #expect(Self.read(hooks, ".claude/settings.json") == text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: hooks.top + "/.claude") == ["settings.json"])
    }

    @Test("a settings file that is a symbolic link is refused, not replaced by a file")
    func symbolicLink() throws {
        let hooks = try Self.project(["shared.json": "{}\n"])
        defer { try? FileManager.default.removeItem(atPath: hooks.top) }
        try FileManager.default.createDirectory(atPath: hooks.top + "/.claude", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: hooks.top + "/.claude/settings.json", withDestinationPath: hooks.top + "/shared.json")
        #expect(throws: AgentHookError.symbolicLink(path: hooks.top + "/.claude/settings.json")) {
            try hooks.install(.claudeCode, local: false, command: Self.command)
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: hooks.top + "/.claude/settings.json") == hooks.top + "/shared.json")
        #expect(Self.read(hooks, "shared.json") == "{}\n")
    }

    @Test("Gemini: its events, a name and a timeout in milliseconds; tab indentation is kept")
    func gemini() throws {
        let original = "{\n\t\"theme\": \"GitHub\",\n\t\"hooks\": {\n\t\t\"BeforeTool\": []\n\t}\n}"
        let hooks = try Self.project([".gemini/settings.json": original])
        defer { try? FileManager.default.removeItem(atPath: hooks.top) }
        _ = try hooks.install(.gemini, local: false, command: Self.command)
        let text = try #require(Self.read(hooks, ".gemini/settings.json"))
        #expect(text.hasPrefix("{\n\t\"theme\": \"GitHub\",\n\t\"hooks\": {\n\t\t\"BeforeTool\": [],\n\t\t\"AfterAgent\": [\n") && !text.hasSuffix("\n"))
        let handler = try EditableJSON.parse(Array(text.utf8))["hooks"]?["PreCompress"]?.elements?.first?["hooks"]?.elements?.first
        #expect(handler?["name"]?.string == "threadai-capture" && handler?["timeout"] == .scalar("30000"))
        #expect(try hooks.status(.gemini).map(\.events) == [["AfterAgent", "SessionEnd", "PreCompress"]])
        _ = try hooks.uninstall(.gemini)
        #expect(Self.read(hooks, ".gemini/settings.json") == original)
    }

    @Test("a file whose lines end in CR LF keeps them, and comes back whole")
    func carriageReturns() throws {
        let original = "{\r\n    \"model\": \"opus\",\r\n    \"hooks\": {\r\n        \"PreToolUse\": []\r\n    }\r\n}\r\n"
        let hooks = try Self.project([".claude/settings.json": original])
        defer { try? FileManager.default.removeItem(atPath: hooks.top) }
        _ = try hooks.install(.claudeCode, local: false, command: Self.command)
        let text = try #require(Self.read(hooks, ".claude/settings.json"))
        #expect(text.hasPrefix("{\r\n    \"model\": \"opus\",\r\n    \"hooks\": {\r\n        \"PreToolUse\": [],\r\n        \"Stop\": [\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        _ = try hooks.uninstall(.claudeCode)
        #expect(Self.read(hooks, ".claude/settings.json") == original)
    }

    @Test("Codex: .codex/hooks.json; neither Codex nor Gemini has a per-user project file")
    func codex() throws {
        let hooks = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: hooks.top) }
        #expect(try hooks.install(.codex, local: false, command: Self.command).path == hooks.top + "/.codex/hooks.json")
        #expect(try hooks.status(.codex).map(\.events) == [["Stop", "SubagentStop", "SessionEnd", "PreCompact"]])
        #expect(throws: AgentHookError.noLocalFile(.codex)) { try hooks.install(.codex, local: true, command: Self.command) }
        #expect(throws: AgentHookError.noLocalFile(.gemini)) { try hooks.install(.gemini, local: true, command: Self.command) }
        #expect(try hooks.status(.claudeCode).isEmpty)
    }

    @Test("a group holding a user's handler beside ours keeps it when ours goes")
    func sharedGroup() throws {
        let original = """
            {
              "hooks": {
                "Stop": [
                  {
                    "hooks": [
                      {
                        "type": "command",
                        "command": "echo mine"
                      },
                      {
                        "type": "command",
                        "command": "threadai --repo . capture || true"
                      }
                    ]
                  }
                ]
              }
            }
            """
        let hooks = try Self.project([".claude/settings.json": original])
        defer { try? FileManager.default.removeItem(atPath: hooks.top) }
        _ = try hooks.uninstall(.claudeCode)
        let text = try #require(Self.read(hooks, ".claude/settings.json"))
        #expect(text.contains("echo mine") && !text.contains("capture") && text.contains("\"Stop\": ["))
    }
}
