import ThreadAI

/// `threadai tag`: bookmarks on messages (docs/FORMAT.md §5.6), as `git tag`.
enum TagCommand: Command {
    static let name = "tag"
    static let traits: CommandTraits = [.writesThreads]
    static let spec = CommandSpec(
        name: name,
        abstract: "Bookmark a message with a name (and a note); list or delete bookmarks.",
        discussion: """
            'tag NAME [REV]' names the message REV (default: HEAD) NAME, with -m a note. A tag never \
            moves by itself (-f moves it) and can be used wherever a revision is taken: 'threadai show \
            NAME', 'threadai checkout -b NEW NAME'. Tags live in .threadai/refs/tags/, so they travel \
            through git with the conversation. A thread of the same name wins over a tag; 'tags/NAME' \
            names the tag. Without NAME, or with -l, lists the tags.
            """,
        arguments: [
            .flag("list", short: "l", help: "List the tags: name, message id, note (the default without NAME)."),
            .flag("delete", short: "d", help: "Delete the tag NAME (its id is printed so it can be made again)."),
            .option("message", short: "m", valueName: "NOTE", help: "A note to keep with the tag."),
            .flag("force", short: "f", help: "Move an existing tag NAME to REV instead of refusing."),
            .flag("json", help: "With -l: a JSON array of {name, id, date, note, thread, role, title}."),
            .positional("name", valueName: "NAME", arity: .optional, help: "The tag's name (thread-name rules, docs/FORMAT.md §5.2)."),
        ] + SecretFlags.arguments + [
            .positional("revision", valueName: "REV", arity: .optional, help: "The message to tag (default: HEAD)."),
        ],
        examples: [
            .init("threadai tag good-answer", explanation: "Bookmark the current message."),
            .init("threadai tag -m \"the proof that works\" proof main~2"),
            .init("threadai tag -l"), .init("threadai tag -d proof"),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        let name = arguments.positional("name")
        let revision = arguments.positional("revision")
        if arguments.flag("delete") {
            guard let name, revision == nil, arguments.option("message") == nil, !arguments.flag("list") else {
                throw CLIError("tag -d takes one tag NAME and nothing else. See 'threadai tag --help'.", status: .usage)
            }
            let removed = try repository.deleteTag(try Self.tagName(name))
            context.output.line("Deleted tag '\(TerminalSafe.text(name))' (was \(context.style.id(removed.target.short)))")
            return .success
        }
        guard let name, !arguments.flag("list") else {
            guard revision == nil, name == nil, arguments.option("message") == nil, !arguments.flag("force") else {
                throw CLIError("tag -l lists tags and takes no NAME, -m or -f. See 'threadai tag --help'.", status: .usage)
            }
            return try list(repository, json: arguments.flag("json"), context)
        }
        guard !arguments.flag("json") else {
            throw CLIError("--json goes with -l (listing tags).", status: .usage)
        }
        let tagName = try Self.tagName(name)
        let target = try repository.resolve(revision ?? "HEAD")
        // A note travels through git like a message: a credential in it is refused or redacted alike.
        let note = try arguments.option("message").map { note in
            try SecretFlags.policy(arguments).apply(to: note, item: "the note of tag '\(name)'")
        }
        let (tag, replaced) = try repository.createTag(tagName, at: target, note: note, force: arguments.flag("force"))
        let moved = replaced.map { " (was \(context.style.id($0.target.short)))" } ?? ""
        context.errors.line("Tagged \(context.style.id(tag.target.short)) as '\(TerminalSafe.text(name))'\(moved)")
        // The exclude block is rewritten after the command (CommandTraits.writesThreads); say why it holds the tag.
        if try LocalThreads(repository: repository).privateContent().tags.contains(tagName) {
            context.note(TerminalSafe.text("tag '\(name)' names a message of a local thread: it is kept out of git with it."))
        }
        return .success
    }

    private static func list(_ repository: Repository, json: Bool, _ context: CommandContext) throws -> ExitStatus {
        let (tags, unreadable) = try repository.tags.allReadable()
        // The others are listed; each one that does not read is named, and the status says damage.
        for problem in unreadable { context.errors.line(TerminalSafe.text("threadai: \(problem)")) }
        let status: ExitStatus = unreadable.isEmpty ? .success : .corrupt
        let walker = repository.walker()
        if json {
            let items = try tags.map { tag in try TagJSON(tag, message: try walker.message(tag.target)) }
            try JSONOutput.write(items, to: context.output)
            return status
        }
        let width = tags.map { TerminalWidth.columns(of: $0.name.rawValue) }.max() ?? 0
        for tag in tags {
            let padded = tag.name.rawValue + String(repeating: " ", count: width - TerminalWidth.columns(of: tag.name.rawValue))
            // One line per tag: a note of several lines shows its first, marked as cut (--json holds it whole).
            let note = tag.note.map { note in
                let lines = note.split(separator: "\n", omittingEmptySubsequences: false)
                return "  " + TerminalSafe.text(lines[0]) + (lines.count > 1 ? " …" : "")
            } ?? ""
            context.output.line(context.style.thread(TerminalSafe.text(padded)) + "  " + context.style.id(tag.target.short) + note)
        }
        return status
    }

    /// `name` as a tag's name: the rules of thread names, said of a tag.
    private static func tagName(_ name: String) throws -> ThreadName {
        do {
            return try ThreadName(name)
        } catch {
            throw error.naming("tag")
        }
    }
}

/// A tag as `tag -l --json` prints it, with what its message is.
struct TagJSON: Encodable {
    var name: String
    var id: String
    var date: String?
    var note: String?
    var thread: String
    var role: String
    var title: String

    init(_ tag: Tag, message: Message) throws {
        name = tag.name.rawValue
        id = tag.target.hex
        date = tag.date?.rfc3339
        note = tag.note
        thread = message.thread.rawValue
        role = message.role.rawValue
        title = Headline(of: message.content, limit: Headline.listingLimit).text
    }
}
