import ThreadAISupport
/// Runs a `threadai` command line inside this process, its output and errors kept in memory: how
/// the MCP server answers a tool call with exactly what the CLI prints, and fails with its words.
/// Never colours, never pages, never reads standard input (which carries the protocol).
struct CommandInvocation: Sendable {
    let environment: [String: String]
    let currentDirectory: String
    /// `--repo DIR` given to `threadai mcp`, passed on to every command.
    let repository: String?

    struct Result: Sendable {
        let status: Int32
        let output: String
        let errors: String
    }

    func run(_ arguments: [String]) async -> Result {
        let output = BufferOutput(), errors = BufferOutput()
        let globals = ["--no-color", "--no-pager"] + (repository.map { ["--repo", $0] } ?? [])
        let status = await ThreadAICLI.run(
            arguments: globals + arguments, output: output, errors: errors, input: NoInput(), environment: environment,
            currentDirectory: currentDirectory, stdoutIsTerminal: false, providers: .live)
        return Result(status: status, output: output.text, errors: errors.text)
    }
}

/// Standard input for a command the MCP server runs: empty, since the protocol owns the real one.
final class NoInput: TextInput {
    var isTerminal: Bool { false }
    func readAll() throws -> String { "" }
}
