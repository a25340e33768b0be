import ThreadAI

/// `threadai retry`: asks again for the reply to the current thread's last user message.
enum RetryCommand: Command {
    static let name = "retry"
    static let traits: CommandTraits = [.writesThreads]
    static let spec = CommandSpec(
        name: name,
        abstract: "Ask again for the reply to the last user message of the current thread.",
        discussion: """
            Use it after a failed or interrupted reply; your message is not stored again. When the thread \
            ends with your message (the call failed before any text came), the reply is asked for and \
            stored after it. When it ends with a partial reply (finish: error or interrupted), the reply \
            is asked for again from your message and stored beside the partial one: the thread moves to \
            the new reply, and the partial one stays in the thread's reflog. A complete reply is not \
            retried: 'threadai regenerate' asks for another answer beside it, on a new fork.
            """,
        arguments: [ReplyRunner.modelOption] + ReplyRunner.streamOptions,
        examples: [
            .init("threadai retry"),
            .init("threadai retry -m haiku", explanation: "Ask a different model this time."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        try await ReplySetup.answerOnCurrentThread(arguments, context, preparedBy: prepare)
    }

    /// Reserves the turn and prepares to ask again on `thread`, saying which partial reply the new one
    /// replaces: `retry` and chat's `/retry`.
    static func prepare(
        on thread: ThreadName, budget: Int?, _ conversation: Conversation, _ context: CommandContext
    ) async throws -> Conversation.PreparedTurn {
        let prepared = try await conversation.prepareRetry(on: thread, budget: budget, onWait: context.noteWaiting(on: thread))
        if let replaced = prepared.replacing {
            context.note("asking again for the reply to \(prepared.userMessageID.short); "
                + "the partial reply \(replaced.short) stays in the reflog.")
        }
        return prepared
    }
}
