import ThreadAI

/// `threadai threads`: the threads as a tree; `threads rename OLD NEW`; `threads delete NAME`.
enum ThreadsCommand: Command {
    static let name = "threads"
    static let traits: CommandTraits = [.writesThreads]
    static let spec = CommandSpec(
        name: name,
        abstract: "List threads as a tree of forks; create, rename, delete or reconcile a thread.",
        discussion: """
            'threads' lists every thread under the thread it was forked from, with its fork point, head, \
            message count and a title from its own messages (its first own question; else its first own \
            answer; a fork with no message yet: the question it was forked at); '*' marks the current thread. \
            'threads create NAME [REV]' makes the thread NAME at REV (default HEAD) without switching to it \
            (git branch NAME REV; 'checkout -b' forks and switches). \
            'threads rename OLD NEW' renames a thread (messages keep the name they were written under; the \
            rename is recorded in .threadai/renames). 'threads delete NAME' deletes a thread's ref; it \
            refuses when the thread has messages no other thread reaches, unless --force (the reflog keeps \
            their ids). Messages themselves are never deleted. 'threads reconcile NAME [KEEP]' settles a thread \
            that diverged in a git merge of two clones: KEEP (default: the newest head) stays NAME, and each \
            other head becomes the thread NAME-<id prefix>; a head already in another head's history gets no \
            thread (the thread fast-forwards past it).
            """,
        arguments: [
            .flag("json", help: "Print a JSON array of threads."),
            .flag("merged", help: "List only forks whose head is in their parent's history (deleting them loses nothing)."),
            .flag("force", short: "f", help: "With delete: delete even if messages would be reachable from no thread."),
            .positional("action", valueName: "create|rename|delete|reconcile", arity: .optional, help: "What to do (default: list)."),
            .positional("names", valueName: "NAME", arity: .rest, help: "create: NAME [REV]; rename: OLD NEW; delete: NAME; reconcile: NAME [KEEP-ID]."),
        ],
        examples: [.init("threadai threads"), .init("threadai threads rename alt shorter"), .init("threadai threads delete shorter")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        let names = arguments.positionals("names")
        switch arguments.positional("action") {
        case nil, "list":
            return try list(repository, json: arguments.flag("json"), onlyMerged: arguments.flag("merged"), context)
        case "create":
            guard names.count == 1 || names.count == 2 else { throw CLIError("usage: threadai threads create NAME [REV]", status: .usage) }
            let name = try ThreadName(names[0])
            let from = names.count == 2 ? names[1] : "HEAD"
            let start = try repository.resolve(from)
            try repository.createThread(name, at: start, reflogMessage: "fork: from \(from) at \(start.short)")
            context.errors.line("Created thread '\(name)' at \(context.style.id(start.short)) (HEAD stays where it is)")
        case "rename":
            guard names.count == 2 else { throw CLIError("usage: threadai threads rename OLD NEW", status: .usage) }
            let (old, new) = (try ThreadName(names[0]), try ThreadName(names[1]))
            try LocalThreads(repository: repository).renameThread(old, to: new)
            context.errors.line("Renamed thread '\(old)' to '\(new)'")
        case "delete":
            guard names.count == 1 else { throw CLIError("usage: threadai threads delete [--force] NAME", status: .usage) }
            let name = try ThreadName(names[0])
            // Only for the report: a ref that cannot be read is deleteThread's to refuse, or with
            // --force to delete.
            let head = (try? repository.singleHead(of: name)) ?? nil
            let unreached = try repository.deleteThread(name, force: arguments.flag("force"))
            let kept = unreached > 0 ? "; \(unreached) messages now reached by no thread, head \(head?.short ?? "?") is in its reflog" : ""
            context.errors.line("Deleted thread '\(name)'\(kept)")
        case "reconcile":
            guard names.count == 1 || names.count == 2 else {
                throw CLIError("usage: threadai threads reconcile NAME [KEEP-ID]", status: .usage)
            }
            let name = try ThreadName(names[0])
            let keep = try names.count == 2 ? repository.resolve(names[1]) : nil
            let result = try repository.reconcile(name, keep: keep)
            context.errors.line(ReconcileReport.text(name, result))
        case let other?:
            throw CLIError("unknown action '\(other)'; use create, rename, delete or reconcile. See 'threadai threads --help'.", status: .usage)
        }
        return .success
    }

    /// The threads whose histories read; each other one is named on standard error with why, and
    /// the status is then the first one's error's (a damaged repository, exit 3).
    private static func list(_ repository: Repository, json: Bool, onlyMerged: Bool, _ context: CommandContext) throws -> ExitStatus {
        var (summaries, unreadable) = try repository.readableThreadSummaries()
        let merged = repository.mergedForks(summaries)
        if onlyMerged { summaries = summaries.filter { merged[$0.name] != nil } }
        let current: ThreadName? = if case .thread(let name) = try repository.head.read() { name } else { nil }
        let local = Set(try LocalThreads(repository: repository).names())
        if json {
            // What the text view marks (`*`, `local`), as fields.
            try JSONOutput.write(summaries.map { ThreadJSON($0, current: $0.name == current, local: local.contains($0.name)) }, to: context.output)
        } else if summaries.isEmpty && unreadable.isEmpty && onlyMerged {
            context.output.line("No merged forks.")
        } else if summaries.isEmpty && unreadable.isEmpty {
            context.output.line("No threads yet. Start one with: threadai send \"…\"")
        } else {
            // `renames` read once for every thread listed (a listing may hold thousands).
            let renames = try? repository.renames()
            let renamedAway = Dictionary(uniqueKeysWithValues: summaries.compactMap { summary in
                renames.flatMap { Repository.renamedAwayButPresent(summary.name, $0) }.map { (summary.name, $0) }
            })
            ThreadTreeRenderer.write(
                summaries, current: current, local: local, merged: merged, renamedAway: renamedAway, style: context.style, to: context.output)
        }
        for (name, error) in unreadable {
            ReadableThreads.reportLeftOut(name, error, context)
        }
        return unreadable.first.map { ExitStatus(for: $0.error) } ?? .success
    }
}

/// `threads --json`.
struct ThreadJSON: Encodable {
    var name: String
    var heads: [String]
    var parent: String?
    var forkPoint: String?
    var messageCount: Int
    var ownMessageCount: Int
    var title: String
    var lastDate: String?
    var current: Bool
    var local: Bool

    init(_ summary: ThreadSummary, current: Bool, local: Bool) {
        self.current = current
        self.local = local
        name = summary.name.rawValue
        heads = summary.heads.map(\.hex)
        parent = summary.parent
        forkPoint = summary.forkPoint?.hex
        messageCount = summary.messageCount
        ownMessageCount = summary.ownMessageCount
        title = summary.title
        lastDate = summary.lastDate?.rfc3339
    }
}
