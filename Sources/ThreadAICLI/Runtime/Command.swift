/// One `threadai` command: a static description of its arguments, and what it does.
///
/// The shape is swift-argument-parser's: the spec drives parsing and `--help`; `run` receives the
/// parsed arguments and an injected context, returns a status, and throws errors for the CLI edge
/// to report.
protocol Command {
    /// What the user types (`log`); the spec's name.
    static var name: String { get }
    /// How the CLI runs it, beyond its arguments; none unless it says.
    static var traits: CommandTraits { get }
    static var spec: CommandSpec { get }
    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus
}

extension Command {
    static var traits: CommandTraits { [] }
}

/// What the CLI does around a command, declared by the command itself.
struct CommandTraits: OptionSet, Sendable {
    let rawValue: Int

    /// Its output goes through a pager on a terminal (docs/CLI.md, "Pager"): commands that print long text.
    static let paged = CommandTraits(rawValue: 1 << 0)
    /// It may add messages to a thread, create, rename or tag one: afterwards the local threads'
    /// block in git's exclude file is brought up to date (docs/FORMAT.md §13).
    static let writesThreads = CommandTraits(rawValue: 1 << 1)
}
