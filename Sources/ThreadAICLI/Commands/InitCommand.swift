import ThreadAI

/// `threadai init [DIR]`: creates `.threadai/` in DIR (default: the current directory).
enum InitCommand: Command {
    static let name = "init"
    static let spec = CommandSpec(
        name: name,
        abstract: "Create a ThreadAI repository (.threadai/) in a folder.",
        discussion: """
            Creates DIR/.threadai with its objects and refs folders, a .gitattributes that stops git from \
            rewriting hashed files, and a .gitignore for local state. HEAD is left on the thread 'main', \
            which has no messages until the first 'threadai send'. Running it again is safe.
            """,
        arguments: [
            .positional("dir", valueName: "DIR", arity: .optional, help: "The folder to create .threadai in (default: the current folder)."),
            .flag("quiet", short: "q", help: "Print nothing but errors, as 'git init -q'."),
        ],
        examples: [.init("threadai init"), .init("threadai init ~/notes")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        // `--repo DIR init` creates the repository it names, as `git --git-dir=DIR init` does, rather
        // than one in the current folder.
        var named = arguments.positional("dir") ?? context.repositoryOverride ?? "."
        if arguments.positional("dir") == nil, context.repositoryOverride != nil, (named == ".threadai" || named.hasSuffix("/.threadai")) {
            named = FilePaths.directoryName(of: named)
        }
        let folder = context.absolutePath(named)
        let (repository, created) = try Repository.initialize(in: folder)
        guard !arguments.flag("quiet") else { return .success }
        context.output.line(
            "\(created ? "Initialized empty" : "Reinitialized existing") ThreadAI repository in \(repository.directory)")
        return .success
    }
}
