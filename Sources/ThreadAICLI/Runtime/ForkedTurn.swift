import ThreadAI

/// What `edit` and `regenerate` share: naming the new fork, switching to it, and streaming the
/// reply on it as `send` does.
enum ForkedTurn {
    /// What the fork is best compared with: where HEAD was, when its history holds the revised
    /// message; else the thread that message was written on, by its current name, when it exists
    /// (`edit main~1` from another thread forks main's history, not the current one's).
    static func comparison(for revised: (id: ObjectID, message: Message), from head: Head, repository: Repository) -> String {
        let from = CheckoutCommand.describe(head)
        let walker = repository.walker()
        var next = (try? repository.currentPosition())?.tip
        var steps = 0
        while let id = next, steps < 10_000 {
            if id == revised.id { return from }
            next = (try? walker.header(id))?.parent
            steps += 1
        }
        guard let renames = try? repository.renames(),
              let written = try? ThreadName(renames.currentName(of: revised.message.thread.rawValue)),
              repository.refs.exists(written) else { return from }
        return written.rawValue
    }

    /// The options both commands take besides their own.
    static let replyArguments: [ArgumentSpec] = [
        .option("branch", short: "b", valueName: "NAME", help: "Name the new fork (default: the current thread's name with -2, -3, …)."),
    ] + ReplyRunner.streamOptions

    /// The thread the revised turn goes on: `-b NAME`, or the first free `BASE-N` (N ≥ 2) where BASE
    /// is the current thread (with a detached HEAD, the thread `message` was written on).
    static func forkName(
        _ arguments: ParsedArguments, head: Head, message: Message, conversation: Conversation
    ) throws -> ThreadName {
        if let name = arguments.option("branch") { return try ThreadName(name) }
        switch head {
        case .thread(let name): return try conversation.forkName(of: name)
        case .detached: return try conversation.forkName(of: message.thread)
        }
    }

    /// Switches HEAD to the fork `prepared` writes on, then streams and stores its reply.
    /// - Parameter revised: the message the fork revises (the edited question, the question
    ///   answered again), to name the thread to compare the fork with; nil for one in HEAD's history.
    static func run(
        _ prepared: Conversation.PreparedTurn, from head: Head, revising revised: (id: ObjectID, message: Message)? = nil,
        conversation: Conversation, setup: ReplySetup, arguments: ParsedArguments, _ context: CommandContext
    ) async throws -> ExitStatus {
        let fork = prepared.thread
        let original = revised.map { comparison(for: $0, from: head, repository: conversation.repository) }
            ?? CheckoutCommand.describe(head)
        do {
            try conversation.repository.checkout(.thread(fork), reflogMessage: "checkout: new thread \(fork)")
        } catch {
            prepared.release()
            throw error
        }
        let from = CheckoutCommand.describe(head)
        context.errors.line("Switched to a new thread '\(fork)' ('\(from)' is unchanged; compare with 'threadai diff \(original) \(fork)')")
        return await setup.answer(prepared, conversation: conversation, arguments: arguments, context)
    }
}
