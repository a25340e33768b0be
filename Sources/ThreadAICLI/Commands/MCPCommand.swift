import ThreadAI

/// `threadai mcp`: serves the repository's history to agents over the Model Context Protocol.
enum MCPCommand: Command {
    static let name = "mcp"
    static let spec = CommandSpec(
        name: name,
        abstract: "Serve the history to agents: a Model Context Protocol server on standard input and output.",
        discussion: """
            Speaks MCP (JSON-RPC 2.0, one message per line) until the client closes standard input. Tools: \
            search, list_threads, read_thread, show_message, thread_context, diff_forks, code_history (read \
            only), and fork, tag, add_note (they write; none sends to a model). Resources: \
            threadai://thread/NAME and threadai://message/ID. Each tool answers with what the matching \
            threadai command prints. Register it once per agent, in the repository: \
            claude mcp add threadai -- threadai mcp (Claude Code); codex mcp add threadai -- threadai mcp \
            (Codex CLI); gemini mcp add threadai threadai mcp (Gemini CLI). With --repo, every tool reads \
            that repository instead of the one the client starts the server in.
            """,
        arguments: [],
        examples: [.init("claude mcp add threadai -- threadai mcp")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let server = MCPServer(invocation: CommandInvocation(
            environment: context.environment, currentDirectory: context.currentDirectory, repository: context.repositoryOverride))
        await server.serve(input: 0, output: context.output)
        return .success
    }
}
