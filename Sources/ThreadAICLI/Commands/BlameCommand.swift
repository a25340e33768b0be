import ThreadAI

/// `threadai blame FILE [-L START,END] [REV]`: git's blame of a file, each line with the conversation
/// behind it (docs/CLI.md, `blame`).
enum BlameCommand: Command {
    static let name = "blame"
    static let traits: CommandTraits = [.paged]
    static let spec = CommandSpec(
        name: name,
        abstract: "Show, for each line of a file, the commit and the message that wrote it.",
        discussion: """
            Runs git blame (ignoring whitespace, following lines moved within the file) and names, for each \
            line, the message behind it and the evidence used: 'tool' (an agent's edit of the file, in a \
            captured session), 'reply' (a code block of a reply to a question that attached the file, \
            send -f), 'attached' (the file as a question attached it), 'trailer' (a message of the \
            conversation the commit's Thread: trailer names, or of the imported aider session that reported \
            the commit), 'anchor' (a reply's code block, written while the \
            code stood at the commit's parent). A line no conversation holds gets nothing; \
            dates alone never name a message.
            """,
        arguments: [
            .option("lines", short: "L", valueName: "START,END", help: "Only lines START to END (1-based, inclusive)."),
            .flag("json", help: "Print the lines and their messages as JSON."),
            .flag("porcelain", help: "Print a format for scripts, like git blame --porcelain."),
            .positional("file", valueName: "FILE", help: "The file to blame, inside the code's work tree."),
            .positional("revision", valueName: "REV", arity: .optional, help: "The git revision to blame at (default: the file in the work tree)."),
        ],
        examples: [.init("threadai blame Sources/App/main.swift"), .init("threadai blame -L 10,40 src/parser.c HEAD~2")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        guard !(arguments.flag("json") && arguments.flag("porcelain")) else {
            throw CLIError("--json and --porcelain are two forms of one listing: choose one.", status: .usage)
        }
        let range = try arguments.option("lines").map(lineRange)
        let file = arguments.positional("file") ?? ""
        let blame: CodeBlame
        do {
            blame = try CodeBlame.blame(file, revision: arguments.positional("revision"), range: range,
                                        currentDirectory: context.currentDirectory, in: repository)
        } catch {
            throw CLIError(TerminalSafe.text(error.description))
        }
        if arguments.flag("json") {
            try JSONOutput.write(BlameJSON(blame, revision: arguments.positional("revision")), to: context.output)
        } else if arguments.flag("porcelain") {
            BlameListing.porcelain(blame, to: context.output)
        } else {
            BlameListing.lines(blame, to: context.output)
        }
        return .success
    }

    /// `START,END` as git's `-L` takes it, numbers only.
    static func lineRange(_ text: String) throws -> ClosedRange<Int> {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Int(parts[0]), let end = Int(parts[1]), start >= 1, end >= start else {
            throw CLIError("-L takes START,END: two line numbers, 1 or more, the first not past the second (-L 10,40).", status: .usage)
        }
        return start...end
    }
}
