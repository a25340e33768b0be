import ThreadAI

/// What `edit` and `regenerate` share: naming the new fork, switching to it, and streaming the
/// reply on it as `send` does.
enum ForkedTurn {
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
    static func run(
        _ prepared: Conversation.PreparedTurn, from head: Head, conversation: Conversation, setup: ReplySetup,
        arguments: ParsedArguments, _ context: CommandContext
    ) async throws -> ExitStatus {
        let fork = prepared.thread
        do {
            try conversation.repository.checkout(.thread(fork), reflogMessage: "checkout: new thread \(fork)")
        } catch {
            prepared.release()
            throw error
        }
        let from = CheckoutCommand.describe(head)
        context.errors.line("Switched to a new thread '\(fork)' ('\(from)' is unchanged; compare with 'threadai diff \(from) \(fork)')")
        return await setup.answer(prepared, conversation: conversation, arguments: arguments, context)
    }
}
