/// Where the coding agents keep their sessions, as each agent itself decides it from the environment
/// (the library reads none): `capture --all` reads there and `export claude-code` writes there.
enum AgentFolders {
    /// Claude Code's folder: `$CLAUDE_CONFIG_DIR`, by default `HOME/.claude`; nil without either.
    static func claude(_ context: CommandContext) -> String? {
        nonEmpty(context.environment["CLAUDE_CONFIG_DIR"]) ?? nonEmpty(context.environment["HOME"]).map { $0 + "/.claude" }
    }

    /// Codex's folder: `$CODEX_HOME`, by default `HOME/.codex`.
    static func codex(_ context: CommandContext, home: String) -> String {
        nonEmpty(context.environment["CODEX_HOME"]) ?? home + "/.codex"
    }

    /// Gemini CLI's folder: `$GEMINI_CLI_HOME/.gemini`, by default `HOME/.gemini`.
    static func gemini(_ context: CommandContext, home: String) -> String {
        (nonEmpty(context.environment["GEMINI_CLI_HOME"]) ?? home) + "/.gemini"
    }

    static func nonEmpty(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }
}
