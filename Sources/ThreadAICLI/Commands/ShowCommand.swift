import ThreadAI

/// `threadai show REV`: one message in full.
enum ShowCommand: Command {
    static let name = "show"
    static let traits: CommandTraits = [.paged]
    static let spec = CommandSpec(
        name: name,
        abstract: "Show one message: its frontmatter and its content.",
        arguments: [
            .flag("raw", help: "Print the object's exact bytes (what its id is the SHA-256 of)."),
            .flag("json", help: "Print the message as a JSON object."),
        ] + Decorations.arguments + [
            .positional("revision", valueName: "REV", arity: .optional, help: "The message (default: HEAD)."),
        ],
        examples: [.init("threadai show HEAD~1"), .init("threadai show --raw 3f2a9c1e")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        let revision = arguments.positional("revision")
        try CLIError.refuseRange(revision, command: "show", in: repository)
        guard !(arguments.flag("raw") && arguments.flag("json")) else {
            throw CLIError("--raw and --json are two forms of one message: choose one.", status: .usage)
        }
        let decorate = try Decorations.wanted(arguments, context)
        if !arguments.flag("raw"), !arguments.flag("json") {
            // A diverged thread shows the message at each head; --raw and --json want exactly one.
            let ids = try repository.resolveEach(revision ?? "HEAD")
            if ids.count > 1 {
                context.errors.line(context.style.dim(DivergedNote.text(
                    try DivergedNote.thread(named: revision, in: repository), heads: ids, showing: "Showing the message at each head.")))
            }
            let decorations = decorate ? try Decorations(repository: repository, walker: repository.walker(), shown: Set(ids)) : .none
            let merges = try MergeLabels(repository: repository)
            let anchors = repository.anchors()
            for id in ids {
                MessageBlock.write(
                    id: id, message: try repository.objects.message(id), decorations: decorations[id], merges: merges, anchors: anchors,
                    style: context.style, to: context.output)
            }
            return .success
        }
        let id = try repository.resolve(revision ?? "HEAD")
        if arguments.flag("raw") {
            context.output.write(bytes: try repository.objects.bytes(of: id))
            return .success
        }
        // The same keys as `log --json`: the threads forked at the message and its tags.
        let decorations = try Decorations(repository: repository, walker: repository.walker(), shown: [id])
        try JSONOutput.write(
            MessageJSON(id: id, message: try repository.objects.message(id), forks: decorations.forks(at: id), tags: decorations.tags(at: id)),
            to: context.output)
        return .success
    }
}
