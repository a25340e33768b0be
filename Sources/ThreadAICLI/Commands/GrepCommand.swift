import ThreadAI

/// `threadai grep PATTERN [REV]`: the lines of messages that match, across every thread (like
/// `git grep` over a work tree, and `git log --all --grep` over history).
enum GrepCommand: Command {
    static let name = "grep"
    static let traits: CommandTraits = [.paged]
    static let spec = CommandSpec(
        name: name,
        abstract: "Search the content of messages across every thread, or one history.",
        discussion: """
            Prints each matching line as THREAD ID ROLE: LINE, grouped by thread (threads by name, \
            oldest message first). A message is listed once, under the thread that owns it. PATTERN \
            is plain text (as for grep -F) unless -E makes it a POSIX extended regular expression; \
            either way it is matched against one line at a time, as UTF-8 text. Matches are \
            coloured on a terminal and written as »match« otherwise (or with --no-color). Exits \
            with 1 when nothing matches, 2 when the pattern is not valid.
            """,
        arguments: [
            .flag("fixed-strings", short: "F", help: "PATTERN is plain text (the default)."),
            .flag("extended-regexp", short: "E", help: "PATTERN is a POSIX extended regular expression, as for grep -E."),
            .flag("ignore-case", short: "i", help: "Ignore case (É matches é too)."),
            .repeatableOption("role", valueName: "ROLE", help: "Only messages of this role: user, assistant or system (repeatable)."),
            .option("thread", valueName: "NAME", help: "Only the history of thread NAME (as REV would)."),
            .flag("all", help: "Every thread (the default)."),
            .option("at-code", valueName: "GITREV", help: "Only messages written while the code was at this git commit, or in a range A..B."),
            .flag("name-only", short: "l", help: "Print only the names of the threads with matches."),
            .flag("json", help: "Print a JSON array: thread, id, role, date and the matching lines of each message."),
            .positional("pattern", valueName: "PATTERN", arity: .required, help: "What to look for."),
            .positional("revision", valueName: "REV", arity: .optional, help: "Only the history of REV (a thread, a message), or a range A..B, A...B as for log."),
        ],
        examples: [
            .init("threadai grep zeppelin"), .init("threadai grep -i -F 'todo:' --role user"),
            .init("threadai grep -l -E 'retry|backoff'"), .init("threadai grep --at-code v1.2..HEAD cache"),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        do {
            return try search(arguments, context)
        } catch {
            // As grep(1): 1 says only that nothing matched, so any other failure (an unknown
            // revision, say) is 2; damage keeps its own status (3).
            guard ExitStatus(for: error) == .failure else { throw error }
            throw CLIError("\(error)", status: .usage)
        }
    }

    private static func search(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let repository = try context.repository()
        var query = try query(arguments, repository: repository)
        query.wantsLines = !arguments.flag("name-only")
        var hits: [SearchHit] = []
        var lastThread: String?
        let json = arguments.flag("json"), namesOnly = arguments.flag("name-only")
        let threads = try ReadableThreads(repository, context)
        let found = try repository.search(query, in: threads.threads) { hit in
            if json {
                hits.append(hit)
            } else if namesOnly {
                if hit.thread != lastThread { context.output.line(context.style.thread(hit.thread)) }
                lastThread = hit.thread
            } else {
                for line in hit.lines { context.output.line(render(hit, line, style: context.style)) }
            }
        }
        if json { try JSONOutput.write(hits.map(GrepHitJSON.init), to: context.output) }
        guard threads.status == .success else { return threads.status }
        return found > 0 ? .success : .failure
    }

    /// The search the options ask for; usage errors for a bad pattern or contradicting options.
    static func query(_ arguments: ParsedArguments, repository: Repository) throws -> SearchQuery {
        guard let text = arguments.positional("pattern") else {
            throw CLIError("give a PATTERN to search for, as in 'threadai grep zeppelin'.", status: .usage)
        }
        if arguments.flag("name-only") && arguments.flag("json") {
            throw CLIError("-l and --json contradict each other: -l lists thread names, --json every matching message.", status: .usage)
        }
        let revision = arguments.positional("revision"), thread = arguments.option("thread")
        if [revision != nil, thread != nil, arguments.flag("all")].filter({ $0 }).count > 1 {
            throw CLIError("give one of REV, --thread NAME and --all: they each say which messages to search.", status: .usage)
        }
        let range = try revision.flatMap { try repository.selection(of: $0, walker: repository.walker()) }
        var query = SearchQuery(
            pattern: try pattern(text, arguments, ignoringCase: arguments.flag("ignore-case"), option: nil), roles: try roles(arguments.options("role")),
            codeCommits: try arguments.option("at-code").map { try CodeCommits.resolve($0, threadaiDirectory: repository.directory) },
            within: try range?.heads ?? (revision ?? thread).map { try repository.resolveEach($0) })
        query.excluded = range?.excluded ?? []
        return query
    }

    /// `text` as a pattern with `-F`/`-E` and `-i` (`ignoringCase`: `ignore-case`, or for `log`
    /// `regexp-ignore-case`); usage errors for a bad pattern, and for -F and -E together.
    static func pattern(_ text: String, _ arguments: ParsedArguments, ignoringCase: Bool, option: String?) throws -> SearchPattern {
        if arguments.flag("fixed-strings") && arguments.flag("extended-regexp") {
            throw CLIError("-F and -E contradict each other: give one.", status: .usage)
        }
        do {
            return try SearchPattern(text, syntax: arguments.flag("extended-regexp") ? .extended : .fixed,
                                     ignoringCase: ignoringCase)
        } catch {
            throw CLIError(TerminalSafe.text((option.map { $0 + ": " } ?? "") + error.description), status: .usage)
        }
    }

    static func roles(_ names: [String]) throws -> Set<Role>? {
        guard !names.isEmpty else { return nil }
        return Set(try names.map { name in
            guard let role = Role(rawValue: name) else {
                throw CLIError(TerminalSafe.text("--role \(name): the roles are user, assistant and system."), status: .usage)
            }
            return role
        })
    }

    /// `main 3f2a9c1e user: the line, with »the match« marked`.
    static func render(_ hit: SearchHit, _ line: SearchLine, style: Style) -> String {
        var text = ""
        var position = 0
        for mark in line.marks {
            text += TerminalSafe.text(String(decoding: line.text[position..<mark.lowerBound], as: UTF8.self))
            let matched = TerminalSafe.text(String(decoding: line.text[mark], as: UTF8.self))
            text += style.enabled ? style.match(matched) : "»" + matched + "«"
            position = mark.upperBound
        }
        text += TerminalSafe.text(String(decoding: line.text[position...], as: UTF8.self))
        return style.thread(hit.thread) + " " + style.id(hit.id.short) + " " + style.role(hit.role.rawValue + ":") + " " + text
    }
}

/// One message of `grep --json`.
struct GrepHitJSON: Encodable {
    struct Line: Encodable {
        var number: Int
        var text: String
    }

    var thread: String
    var id: String
    var role: String
    var date: String
    var lines: [Line]

    init(_ hit: SearchHit) {
        thread = hit.thread
        id = hit.id.hex
        role = hit.role.rawValue
        date = hit.date.rfc3339
        lines = hit.lines.map { Line(number: $0.number, text: String(decoding: $0.text, as: UTF8.self)) }
    }
}
