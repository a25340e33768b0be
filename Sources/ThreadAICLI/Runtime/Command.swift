/// One `threadai` command: a static description of its arguments, and what it does.
///
/// The shape is swift-argument-parser's: the spec drives parsing and `--help`; `run` receives the
/// parsed arguments and an injected context, returns a status, and throws errors for the CLI edge
/// to report.
protocol Command {
    static var spec: CommandSpec { get }
    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus
}
