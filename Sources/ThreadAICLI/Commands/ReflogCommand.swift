import ThreadAI

/// `threadai reflog [THREAD|HEAD]`: the local history of a thread's ref, or of `HEAD`'s checkouts.
enum ReflogCommand: Command {
    static let name = "reflog"
    static let spec = CommandSpec(
        name: name,
        abstract: "Show where a thread's head has been (or HEAD's checkouts), to recover lost messages.",
        discussion: """
            Lists the changes of THREAD's ref (default: the current thread), newest first, as \
            'ID NAME@{N}: DATE what changed': every send, retry, fork, rename, reconcile and delete \
            done in this working copy (a git pull writes none). 'reflog HEAD' lists the checkouts. \
            A deleted thread's reflog is kept: 'threadai reflog NAME' shows its last head, and \
            'threadai checkout -b NAME NAME@{1}' makes it again. NAME@{N} works wherever a revision does.
            """,
        arguments: [
            .option("max-count", short: "n", valueName: "N", help: "Show at most N entries."),
            .flag("json", help: "Print a JSON array of {selector, old, new, date, message}, newest first."),
            .positional("thread", valueName: "THREAD|HEAD", arity: .optional, help: "Whose reflog (default: the current thread)."),
        ],
        examples: [
            .init("threadai reflog"), .init("threadai reflog HEAD"),
            .init("threadai checkout -b restored main@{1}", explanation: "Keep what main held before its last change."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        let limit = try arguments.int("max-count", in: 0...Int.max)
        let base: Revision.Base = switch arguments.positional("thread") {
        case nil: try isDetached(repository) ? .head : .currentThread  // A detached HEAD has no thread's reflog.
        case "HEAD"?, "@"?: .head
        case let word?: .name(word)
        }
        let (label, log) = try repository.reflog(forRevisionBase: base)
        let entries = Array(try log.entries().reversed().prefix(limit ?? Int.max))
        if entries.isEmpty, case .name(let word) = base, (try? ThreadName(word)).map(repository.refs.exists) != true {
            throw CLIError(TerminalSafe.text("'\(word)' has no reflog in this working copy: no thread of that name was changed here. 'threadai threads' lists threads."))
        }
        if arguments.flag("json") {
            try JSONOutput.write(entries.enumerated().map { ReflogJSON(label: label, index: $0.offset, entry: $0.element) }, to: context.output)
            return .success
        }
        let none = String(repeating: "0", count: 8)
        for (index, entry) in entries.enumerated() {
            let shown = entry.new?.short ?? none
            context.output.line(context.style.id(shown) + " " + context.style.thread(TerminalSafe.text("\(label)@{\(index)}")) + ": "
                + context.style.dim(entry.date.rfc3339) + " " + TerminalSafe.text(entry.message))
        }
        return .success
    }
}

private func isDetached(_ repository: Repository) throws -> Bool {
    if case .detached = try repository.head.read() { return true }
    return false
}

/// One reflog entry as `reflog --json` prints it.
struct ReflogJSON: Encodable {
    var selector: String
    var old: String?
    var new: String?
    var date: String
    var message: String

    init(label: String, index: Int, entry: Reflog.Entry) {
        selector = "\(label)@{\(index)}"
        old = entry.old?.hex
        new = entry.new?.hex
        date = entry.date.rfc3339
        message = entry.message
    }

    func encode(to encoder: any Encoder) throws {
        // `null` for "none" (created, deleted), so every item has the same keys.
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(selector, forKey: .selector)
        try container.encode(old, forKey: .old)
        try container.encode(new, forKey: .new)
        try container.encode(date, forKey: .date)
        try container.encode(message, forKey: .message)
    }

    enum CodingKeys: String, CodingKey {
        case selector, old, new, date, message
    }
}
