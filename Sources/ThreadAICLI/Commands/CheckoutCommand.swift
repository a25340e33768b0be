import ThreadAI

/// `threadai checkout THREAD` and `threadai checkout -b NEW [REV]`.
enum CheckoutCommand: Command {
    static let name = "checkout"
    static let traits: CommandTraits = [.writesThreads]
    static let spec = CommandSpec(
        name: name,
        abstract: "Switch to a thread, or fork a new thread at any message.",
        discussion: """
            'checkout THREAD' makes THREAD current: the next send continues it. 'checkout -b NEW [REV]' \
            creates the thread NEW at the message REV (default: the current message) and switches to it; \
            its history is the history of REV, and its own messages follow from there. \
            'checkout REV' with a message id detaches HEAD at that message (fork from there with -b). \
            'checkout -' (or @{-1}) goes back to the thread checked out before, as in git.
            """,
        arguments: [
            .option("branch", short: "b", valueName: "NEW", help: "Create the thread NEW at REV and switch to it."),
            .positional("revision", valueName: "THREAD|REV", arity: .optional, help: "The thread to switch to, or with -b the message to fork at."),
        ],
        examples: [
            .init("threadai checkout -b shorter main~2", explanation: "Fork 'shorter' two messages before main's head."),
            .init("threadai checkout main"), .init("threadai checkout -", explanation: "Back to the previous thread."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        let target = arguments.positional("revision")
        if let newName = arguments.option("branch") {
            try fork(try ThreadName(newName), at: target, repository, context)
            return .success
        }
        guard let target else {
            throw CLIError("say which thread to switch to, or use -b NEW to fork. See 'threadai checkout --help'.", status: .usage)
        }
        if let previous = try previousCheckout(target, repository) {
            if case .thread(let name) = previous, !repository.refs.exists(name) {
                throw RevisionError.previousThreadGone(name)
            }
            return try switchTo(previous, repository, context)
        }
        if let name = repository.threadNamed(target) ?? (try? ThreadName(target)).flatMap({ isUnbornCurrent($0, repository) ? $0 : nil }) {
            return try switchTo(.thread(name), repository, context)
        }
        // `HEAD` and `@` alone name where HEAD is: on a thread, checking them out stays there, as in git.
        if target == "HEAD" || target == "@", case .thread(let name) = try repository.head.read() {
            context.errors.line("Already on '\(TerminalSafe.text(name.rawValue))'")
            return .success
        }
        return try switchTo(.detached(try repository.resolve(target)), repository, context)
    }

    /// `-` and `@{-N}` (exactly, without suffixes) name what was checked out before, as in git:
    /// a thread is switched to, not detached at.
    private static func previousCheckout(_ target: String, _ repository: Repository) throws -> Head? {
        if target == "-" { return try repository.previousCheckout(1) }
        guard let revision = try? Revision(parsing: target), revision.base == .currentThread, revision.generations == 0,
              case .previousCheckout(let count)? = revision.reflog else { return nil }
        return try repository.previousCheckout(count)
    }

    /// Makes `head` current, saying so on stderr: `checkout THREAD|REV` and chat's `/switch`.
    static func switchTo(_ head: Head, _ repository: Repository, _ context: CommandContext) throws -> ExitStatus {
        let before = try repository.checkout(head)
        guard case .detached(let id) = head else {
            // As git: the move is logged all the same, and said for what it is.
            context.errors.line("\(before == head ? "Already on" : "Switched to thread") '\(TerminalSafe.text(describe(head)))'")
            return .success
        }
        context.errors.line("HEAD is now detached at \(context.style.id(id.short)). Fork here with 'threadai checkout -b NAME'.")
        return .success
    }

    /// Creates the thread `name` at the message `target` (nil: the current message) and switches to
    /// it, saying so on stderr: `checkout -b` and chat's `/fork`.
    static func fork(_ name: ThreadName, at target: String?, _ repository: Repository, _ context: CommandContext) throws {
        // A target is resolved on its own: the current thread need not have one head (a diverged
        // thread forks from a head named by its id).
        let (start, from): (ObjectID?, String)
        if let target {
            (start, from) = (try repository.resolve(target), target)
        } else {
            let (head, tip) = try repository.currentPosition()
            (start, from) = (tip, describe(head))
        }
        if let start {
            try repository.createThreadAndCheckOut(
                name, at: start, reflogMessage: "fork: from \(from) at \(start.short)", checkoutMessage: "new thread")
        } else {
            try repository.checkNewThreadName(name)  // Forking an unborn thread: a new unborn thread.
            try repository.checkout(.thread(name), reflogMessage: "new thread")
        }
        let at = start.map { " at \(context.style.id($0.short))" } ?? ""
        context.errors.line("Switched to a new thread '\(name)'\(at)")
        // FORMAT.md §5.6: a thread SHOULD NOT take a tag's name; the bare name now means the thread.
        if (try? repository.tags.tag(name)) != nil {
            context.note(TerminalSafe.text("a tag is also named '\(name)': the bare name now means the thread; 'tags/\(name)' names the tag."))
        }
    }

    private static func isUnbornCurrent(_ name: ThreadName, _ repository: Repository) -> Bool {
        (try? repository.head.read()) == .thread(name)
    }

    static func describe(_ head: Head) -> String {
        switch head {
        case .thread(let name): return name.rawValue
        case .detached(let id): return id.short
        }
    }
}
