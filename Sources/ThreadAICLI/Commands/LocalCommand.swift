import ThreadAI

/// `threadai local [--unset] [NAME…]`: threads this working copy keeps out of git.
enum LocalCommand: Command {
    static let name = "local"
    static let spec = CommandSpec(
        name: name,
        abstract: "Keep threads out of git (never shared), or list the local threads.",
        discussion: """
            'threadai local NAME' marks a thread local: its ref and the messages it owns are kept out of git \
            through a block of patterns in git's own exclude file (.git/info/exclude), which git never shares \
            and ThreadAI rewrites after every command that adds to a thread. Messages a shared thread's \
            history needs (a shared fork of the local thread) stay shared. Git keeps tracking what was \
            committed before: the files are named, with the command that stops tracking them. \
            --unset shares the thread again. Without a name, lists the local threads.
            """,
        arguments: [
            .flag("unset", help: "Share the named threads again."),
            .positional("names", valueName: "NAME", arity: .rest, help: "The threads."),
        ],
        examples: [.init("threadai local scratch"), .init("threadai local"), .init("threadai local --unset scratch")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        let local = LocalThreads(repository: repository)
        let names = try arguments.positionals("names").map { try ThreadName($0) }
        for name in names {
            guard repository.refs.exists(name) else {
                throw CLIError(TerminalSafe.text("no thread \(name): only a thread with messages can be made local or shared."))
            }
            try local.set(name, local: !arguments.flag("unset"))
        }
        for name in names {
            let shown = TerminalSafe.text(name.rawValue)
            context.output.line(arguments.flag("unset") ? "Thread '\(shown)' is shared again (git sees its files)." : "Thread '\(shown)' is local: kept out of git.")
        }
        if names.isEmpty && arguments.flag("unset") { throw CLIError("--unset needs the threads to share again.", status: .usage) }
        let report = try local.refresh()
        if names.isEmpty {
            for name in try local.names() { context.output.line(TerminalSafe.text(name.rawValue)) }
        }
        guard let report else {
            if !names.isEmpty { context.note("\(repository.directory) is not inside a git work tree: nothing is shared anyway.") }
            return .success
        }
        if !report.published.isEmpty {
            context.note("\(CountedNoun.phrase(report.published.count, "message")) of local threads stay shared: the history of a shared thread forked from them needs them.")
        }
        if !names.isEmpty && !arguments.flag("unset") {
            let tracked = try TrackedFiles.among(report.excluded, repository: repository)
            if !tracked.isEmpty {
                context.note("git already tracks \(tracked.count) of these files (committed before); to stop sharing them, from the top of the work tree: git rm --cached -- " + tracked.joined(separator: " "))
            }
        }
        return .success
    }
}
