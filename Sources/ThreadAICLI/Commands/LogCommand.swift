import ThreadAI

/// `threadai log [REV]`: a thread's history, newest first, like `git log`.
enum LogCommand: Command {
    static let name = "log"
    static let traits: CommandTraits = [.paged]
    static let spec = CommandSpec(
        name: name,
        abstract: "Show a thread's history, newest first; A..B a range; --all every thread.",
        discussion: """
            Shows the messages from REV (default: HEAD) back to the root, through the threads it was \
            forked from. Messages at which sub-threads were forked say so: (fork: NAME). \
            REV may be a range, as in git: A..B shows the messages in B's history that A's lacks \
            (A.. is A..HEAD, ..B is HEAD..B); A...B those in either history but not in both. \
            --all shows every thread's messages, each once, children before their parent.
            """,
        arguments: [
            .flag("oneline", help: "One line per message: id, labels, role and first line."),
            .option("max-count", short: "n", valueName: "N", help: "Show at most N messages."),
            .flag("reverse", help: "Oldest first."),
            .flag("json", help: "Print a JSON array of messages (id, parent, thread, role, date, content, fields, forks, tags)."),
            .flag("graph", help: "Draw the thread tree beside the messages (one line each)."),
            .flag("all", help: "Show every thread's messages, each once, not only REV's history (with --graph, --oneline, --json)."),
            .flag("code", help: "One line per message with its code anchor: [COMMIT12] ('+': uncommitted changes)."),
            .option("at-code", valueName: "GITREV", help: "Only messages written while the code was at this git commit, or in a range A..B (every thread unless REV is given)."),
            .option("for-commit", valueName: "GITREV", help: "The conversation a code commit's trailers name: Thread:, Claude-Session:, Entire-Checkpoint:; or the imported aider session that reported it."),
            .option("grep", valueName: "PATTERN", help: "Only messages with a line that contains PATTERN (as threadai grep does)."),
            .flag("extended-regexp", short: "E", help: "--grep's PATTERN is a POSIX extended regular expression."),
            .flag("fixed-strings", short: "F", help: "--grep's PATTERN is plain text (the default)."),
            .flag("regexp-ignore-case", short: "i", help: "--grep ignores case."),
        ] + Decorations.arguments + [
            .positional("revision", valueName: "REV", arity: .optional, help: "Where to start (default: HEAD), or a range A..B, A.., ..B, A...B."),
        ],
        examples: [
            .init("threadai log --oneline"), .init("threadai log --graph --all"), .init("threadai log -n 3 alt"),
            .init("threadai log main..alt"), .init("threadai log --all --json"),
            .init("threadai log --at-code v1.2..HEAD"), .init("threadai log --for-commit HEAD"), .init("threadai log --grep retry -i"),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        let walker = repository.walker()
        let limit = try arguments.int("max-count", in: 0...Int.max)
        let revision = arguments.positional("revision")
        let range = try revision.flatMap { try repository.selection(of: $0, walker: walker) }
        let codeOptions = arguments.flag("code") || arguments.option("at-code") != nil || arguments.option("for-commit") != nil
        let grep = try arguments.option("grep").map { try GrepCommand.pattern($0, arguments, ignoringCase: arguments.flag("regexp-ignore-case"), option: "--grep") }
        let decorate = try Decorations.wanted(arguments, context, byDefault: arguments.flag("all"))
        if arguments.flag("all") || arguments.flag("graph") {
            guard grep == nil else {
                throw CLIError("--grep does not go with --graph or --all: 'threadai grep PATTERN' searches every thread.", status: .usage)
            }
            guard !codeOptions else {
                throw CLIError("--code, --at-code and --for-commit do not go with --graph or --all (--at-code looks at every thread by itself).", status: .usage)
            }
            guard !arguments.flag("all") || range == nil else {
                throw CLIError("--all shows every thread; a range (\(revision ?? "")) does not go with it.", status: .usage)
            }
            guard !arguments.flag("graph") || (!arguments.flag("json") && !arguments.flag("reverse")) else {
                throw CLIError("--graph cannot be combined with --json or --reverse.", status: .usage)
            }
            // As git's `log --all REV`: REV's history too, which no ref may reach (a message from a reflog).
            let also = try arguments.flag("all") ? revision.map { try repository.resolveEach($0, walker: walker) } ?? [] : []
            if arguments.flag("all") && !arguments.flag("graph") {
                let form: AllMessagesLog.Form = arguments.flag("json") ? .json : arguments.flag("oneline") ? .oneline : .full
                let threads = try ReadableThreads(repository, context)
                try AllMessagesLog.write(
                    repository: repository, threads: threads, also: also, form: form, limit: limit, reverse: arguments.flag("reverse"),
                    decorate: decorate, style: context.style, to: context.output)
                return threads.status
            } else if arguments.flag("all") {
                let threads = try ReadableThreads(repository, context)
                try GraphLog.writeAll(
                    repository: repository, threads: threads, also: also, limit: limit, decorate: decorate, style: context.style,
                    to: context.output)
                return threads.status
            } else {
                let heads = try range?.heads ?? repository.resolveEach(revision ?? "HEAD", walker: walker)
                try GraphLog.write(
                    repository: repository, walker: walker, HistorySelection(heads: heads, excluding: range?.excluded ?? []),
                    limit: limit, decorate: decorate, style: context.style, to: context.output)
            }
            return .success
        }
        if let commit = arguments.option("for-commit"), revision != nil || arguments.option("at-code") != nil {
            throw CLIError("--for-commit \(commit) names where to start: give no REV and no --at-code with it.", status: .usage)
        }
        let atCode = try arguments.option("at-code").map { try CodeCommits.resolve($0, threadaiDirectory: repository.directory) }
        let anchors = repository.anchors()
        if let atCode, revision == nil {
            let entries = matching(grep, CodeLog.written(at: atCode, in: try repository.everyMessageByDate(walker: walker), anchors: anchors))
            return try write(
                Array(entries.prefix(limit ?? Int.max)), arguments, decorate: decorate, repository: repository, walker: walker, anchors: anchors, context)
        }
        let starts = try range?.heads ?? arguments.option("for-commit").map { try CodeLog.starts(forCommit: $0, repository, context) }
            ?? repository.resolveEach(revision ?? "HEAD", walker: walker)
        if starts.count > 1, arguments.option("for-commit") == nil, range == nil {
            let name = try DivergedNote.thread(named: revision, in: repository)
            context.errors.line(context.style.dim(DivergedNote.text(
                name, heads: starts, showing: "Showing the messages of every head, each head's line in turn.")))
        }
        if arguments.flag("oneline"), !codeOptions, grep == nil, range == nil, !arguments.flag("json"), starts.count == 1 {
            switch try repository.listing(from: starts[0], limit: limit, walker: walker) {
            case .messages(let entries):
                return try write(entries, arguments, decorate: decorate, repository: repository, walker: walker, anchors: anchors, context)
            case .records(let graph, let records):
                try writeOneLines(
                    records, of: graph, reverse: arguments.flag("reverse"), decorate: decorate, repository: repository, walker: walker, context)
                return .success
            }
        }
        let selection = HistorySelection(heads: starts, excluding: range?.excluded ?? [])
        if starts.count == 1, range == nil, atCode == nil, grep == nil, !codeOptions, !arguments.flag("oneline"), !arguments.flag("reverse") {
            return try writeStreamed(
                selection, limit: limit, json: arguments.flag("json"), decorate: decorate, repository: repository, walker: walker, context)
        }
        var entries = try repository.historyToShow(selection, limit: atCode == nil && grep == nil ? limit : nil, walker: walker)
        if let atCode { entries = CodeLog.written(at: atCode, in: entries, anchors: anchors) }
        if atCode != nil || grep != nil { entries = Array(matching(grep, entries).prefix(limit ?? Int.max)) }
        return try write(entries, arguments, decorate: decorate, repository: repository, walker: walker, anchors: anchors, context)
    }

    /// The entries whose content has a line that matches `pattern` (all of them without one).
    private static func matching(_ pattern: SearchPattern?, _ entries: [(id: ObjectID, message: Message)]) -> [(id: ObjectID, message: Message)] {
        guard let pattern else { return entries }
        return entries.filter { pattern.matches($0.message.content) }
    }

    /// Prints `entries` as `log` does: full blocks, one line each (`--oneline`, `--code`, `--at-code`), or
    /// JSON, whose `forks` and `tags` are always filled.
    private static func write(
        _ entries: [(id: ObjectID, message: Message)], _ arguments: ParsedArguments, decorate: Bool, repository: Repository,
        walker: HistoryWalker, anchors: MessageAnchors, _ context: CommandContext
    ) throws -> ExitStatus {
        var entries = entries
        if entries.isEmpty, let atCode = arguments.option("at-code") {
            context.note(TerminalSafe.text("no message was written while the code was at \(atCode)"
                + (arguments.option("grep").map { " and matches '\($0)'" } ?? "") + "."))
            return .failure
        }
        if entries.isEmpty, let grep = arguments.option("grep") {
            context.note(TerminalSafe.text("no message matches '\(grep)'."))
            return .failure
        }
        let decorations = decorate || arguments.flag("json")
            ? try Decorations(repository: repository, walker: walker, shown: Set(entries.map(\.id))) : .none
        if arguments.flag("reverse") { entries.reverse() }
        if arguments.flag("json") {
            let items = entries.map { MessageJSON(id: $0.id, message: $0.message, forks: decorations.forks(at: $0.id), tags: decorations.tags(at: $0.id)) }
            try JSONOutput.write(items, to: context.output)
            return .success
        }
        let code = arguments.flag("code") || arguments.option("at-code") != nil
        let merges = try MergeLabels(repository: repository)
        guard arguments.flag("oneline") || code else {
            MessageBlock.write(entries, decorations: decorations, merges: merges, anchors: anchors, style: context.style, to: context.output)
            return .success
        }
        for (id, message) in entries {
            context.output.line(OneLine.render(
                id: id, message: message, labels: decorations[id] + merges.from(message.mergeLink), style: context.style,
                code: code ? CodeLog.label(of: anchors.anchor(of: id, message)) : nil))
        }
        return .success
    }

    /// `--oneline` of a long history, from the message graph's records (`Repository.listing`): the
    /// same lines `write` prints from the messages; only a message that records a merge is read.
    private static func writeOneLines(
        _ records: [Int], of graph: MessageGraph, reverse: Bool, decorate: Bool, repository: Repository, walker: HistoryWalker,
        _ context: CommandContext
    ) throws {
        let decorations = decorate ? try Decorations(repository: repository, walker: walker, shown: Set(records.map(graph.id))) : .none
        let merges = try MergeLabels(repository: repository)
        for record in reverse ? records.reversed() : records {
            let id = graph.id(record)
            let link = graph.recordsMerge(record) ? try walker.header(id).mergeLink : nil
            context.output.line(OneLine.render(record: record, of: graph, labels: decorations[id] + merges.from(link), style: context.style))
        }
    }
}
