import ThreadAI

/// `threadai trace [REV]`: the Agent Trace 0.1.0 record of a commit (docs/CLI.md, `trace`).
enum TraceCommand: Command {
    static let name = "trace"
    static let spec = CommandSpec(
        name: name,
        abstract: "Print the Agent Trace record of a git commit: which of its lines came from which messages.",
        discussion: """
            The lines the commit added or changed, each attributed as 'threadai blame' attributes it, written as \
            an Agent Trace 0.1.0 record (JSON): each message a conversation whose url is threadai://message/ID.
            """,
        arguments: [
            .positional("revision", valueName: "REV", arity: .optional, help: "The git commit (default: HEAD)."),
        ],
        examples: [.init("threadai trace"), .init("threadai trace HEAD~1 > trace.json")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        let commit: CommitBlame
        do {
            commit = try CommitBlame.of(arguments.positional("revision") ?? "HEAD", in: repository)
        } catch {
            throw CLIError(TerminalSafe.text(error.description))
        }
        var ranges: [AttributedRange] = []
        for file in commit.files {
            for line in file.lines {
                guard let attribution = line.attribution, let message = file.messages[attribution.message] else { continue }
                ranges.append(AttributedRange(path: file.path, lines: line.number...line.number, message: attribution.message,
                                              thread: message.thread, model: message.model, agent: message.agent))
            }
        }
        let date = try Timestamp(secondsSinceEpoch: commit.committed)
        context.output.write(bytes: try AgentTraceRecord.bytes(
            commit: commit.commit, committerDate: date, toolVersion: ThreadAICLI.version, attribution: ranges))
        return .success
    }
}
