/// `threadai man`: the manual page threadai(1) in roff, made from the command specs (`ManPage`).
enum ManCommand: Command {
    static let name = "man"
    static let spec = CommandSpec(
        name: name,
        abstract: "Print the manual page threadai(1) (roff), made from the same descriptions as --help.",
        discussion: """
            Read it with 'threadai man | man -l -', or install it: 'threadai man > \
            /usr/local/share/man/man1/threadai.1'.
            """,
        examples: [.init("threadai man | man -l -"), .init("threadai man > ~/.local/share/man/man1/threadai.1")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        context.output.write(ManPage.render(
            commands: ThreadAICLI.commands.map { $0.spec }, globalOptions: ThreadAICLI.globalOptions,
            version: ThreadAICLI.version))
        return .success
    }
}
