import ThreadAI

/// `threadai show REV`: one message in full.
enum ShowCommand: Command {
    static let spec = CommandSpec(
        name: "show",
        abstract: "Show one message: its frontmatter and its content.",
        arguments: [
            .flag("raw", help: "Print the object's exact bytes (what its id is the SHA-256 of)."),
            .flag("json", help: "Print the message as a JSON object."),
            .positional("revision", valueName: "REV", arity: .optional, help: "The message (default: HEAD)."),
        ],
        examples: [.init("threadai show HEAD~1"), .init("threadai show --raw 3f2a9c1e")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        let id = try repository.resolve(arguments.positional("revision") ?? "HEAD")
        if arguments.flag("raw") {
            context.output.write(bytes: try repository.objects.bytes(of: id))
            return .success
        }
        let message = try repository.objects.message(id)
        if arguments.flag("json") {
            try JSONOutput.write(MessageJSON(id: id, message: message), to: context.output)
            return .success
        }
        MessageBlock.write(id: id, message: message, decorations: [], style: context.style, to: context.output)
        return .success
    }
}
