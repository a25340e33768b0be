import ThreadAI

/// `threadai completion bash|zsh|fish`: a shell completion script generated from the command specs;
/// `completion --refs` lists the thread and tag names the scripts complete revisions with.
enum CompletionCommand: Command {
    static let name = "completion"
    static let spec = CommandSpec(
        name: name,
        abstract: "Print a completion script for bash, zsh or fish.",
        discussion: """
            The script completes commands, options, the words an option or argument takes, and thread \
            and tag names, which it reads as you type by running 'threadai completion --refs' (with the \
            --repo you typed, if any). It is made from the same descriptions as --help, so it knows every \
            command of the threadai that printed it.
            """,
        arguments: [
            .flag("refs", help: "Print the names of the threads, then of the tags, one a line (what the scripts complete a REV with)."),
            .positional("shell", valueName: "bash|zsh|fish", arity: .optional, help: "The shell to print the script for."),
        ],
        examples: [
            .init("source <(threadai completion bash)", explanation: "bash: in ~/.bashrc."),
            .init("threadai completion zsh > \"${fpath[1]}/_threadai\"", explanation: "zsh: once, into a folder of $fpath (then compinit)."),
            .init("threadai completion fish > ~/.config/fish/completions/threadai.fish", explanation: "fish: once."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let shell = arguments.positional("shell")
        if arguments.flag("refs") {
            guard shell == nil else { throw CLIError("completion --refs takes no SHELL.", status: .usage) }
            let repository = try context.repository()
            for name in try repository.refs.names() { context.output.line(name.rawValue) }
            for tag in try repository.tags.all() { context.output.line(tag.name.rawValue) }
            return .success
        }
        let model = CompletionModel(commands: ThreadAICLI.commands.map { $0.spec }, globalOptions: ThreadAICLI.globalOptions)
        switch shell {
        case "bash": context.output.write(BashCompletion.script(model))
        case "zsh": context.output.write(ZshCompletion.script(model))
        case "fish": context.output.write(FishCompletion.script(model))
        case nil: throw CLIError("completion needs a shell: bash, zsh or fish. See 'threadai completion --help'.", status: .usage)
        case let other?: throw CLIError("no completion for '\(TerminalSafe.text(other))': use bash, zsh or fish.", status: .usage)
        }
        return .success
    }
}
