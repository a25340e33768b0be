/// What ThreadAI knows of one coding agent's project hooks (docs/CLI.md, `hooks --agent`): which
/// file holds them, on which events it hooks `threadai capture`, and the entry it writes. All three
/// agents keep hooks in the same shape, an object `hooks` of event names, each an array of groups
/// `{"matcher"?, "hooks": [handler, …]}`, so `HookSettingsEdit` edits any of them.
protocol AgentHookFormat: Sendable {
    /// The settings file, relative to the project's top; with `local`, the one the agent keeps out
    /// of git, or nil when the agent has none.
    func settingsFile(local: Bool) -> String?
    /// The events `threadai capture` runs on: together they see every turn's end and the session's.
    var events: [String] { get }
    /// ThreadAI's handler, which runs `command`.
    func handler(command: String) -> EditableJSON
}

/// Claude Code: `.claude/settings.json`, or `.claude/settings.local.json`, which Claude Code keeps
/// out of git. `Stop` ends each turn, `SubagentStop` each subagent's, `SessionEnd` a session that
/// ends mid-turn (`/clear`, exit), `PreCompact` comes before compaction rewrites the context. The
/// timeout is in seconds.
struct ClaudeCodeHookFormat: AgentHookFormat {
    func settingsFile(local: Bool) -> String? { local ? ".claude/settings.local.json" : ".claude/settings.json" }
    let events = ["Stop", "SubagentStop", "SessionEnd", "PreCompact"]
    func handler(command: String) -> EditableJSON {
        .object([.init("type", .string("command")), .init("command", .string(command)), .init("timeout", .scalar("30"))])
    }
}

/// Codex CLI: `.codex/hooks.json`, the project's hooks file (Codex reads it in a trusted project,
/// and asks once to trust each new hook); Codex has no per-user project file. Its events are named
/// as Claude Code's, and its timeout is in seconds too.
struct CodexHookFormat: AgentHookFormat {
    func settingsFile(local: Bool) -> String? { local ? nil : ".codex/hooks.json" }
    let events = ["Stop", "SubagentStop", "SessionEnd", "PreCompact"]
    func handler(command: String) -> EditableJSON { ClaudeCodeHookFormat().handler(command: command) }
}

/// Gemini CLI: `.gemini/settings.json`; it has no per-user project file. `AfterAgent` ends each
/// turn, `SessionEnd` the session, `PreCompress` comes before the history is compressed. Its
/// timeout is in milliseconds, and a handler has a `name` (`hooks.disabled` lists names).
struct GeminiHookFormat: AgentHookFormat {
    func settingsFile(local: Bool) -> String? { local ? nil : ".gemini/settings.json" }
    let events = ["AfterAgent", "SessionEnd", "PreCompress"]
    func handler(command: String) -> EditableJSON {
        .object([
            .init("name", .string("threadai-capture")), .init("type", .string("command")),
            .init("command", .string(command)), .init("timeout", .scalar("30000")),
        ])
    }
}
