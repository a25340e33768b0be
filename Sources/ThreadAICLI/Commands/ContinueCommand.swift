import ThreadAI

/// `threadai continue`: completes the partial reply at the end of the current thread.
enum ContinueCommand: Command {
    static let name = "continue"
    static let traits: CommandTraits = [.writesThreads]
    static let spec = CommandSpec(
        name: name,
        abstract: "Complete the partial reply at the end of the current thread.",
        discussion: """
            For a reply that stopped early (finish: error or interrupted) or was cut off at the output \
            limit (finish: max_tokens or length). The model is given the \
            history, its partial reply, and the request: "\(Conversation.continueInstruction)" \
            (that request is not stored). The partial text and what the model adds are stored together \
            as one new, complete reply beside the partial one (same question); the thread moves to it, \
            and the partial reply stays in the thread's reflog — no message is changed. The partial \
            text is printed first, then the rest as it arrives. 'threadai retry' asks for a whole new \
            reply instead; 'threadai regenerate' asks for one on a new fork.
            """,
        arguments: [ReplyRunner.modelOption] + ReplyRunner.streamOptions,
        examples: [
            .init("threadai continue", explanation: "After Ctrl-C or a provider failure cut a reply short."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        try await ReplySetup.answerOnCurrentThread(arguments, context, preparedBy: prepare)
    }

    /// Reserves the turn and prepares to complete the partial reply at the end of `thread`, saying
    /// which: `continue` and chat's `/continue`.
    static func prepare(
        on thread: ThreadName, budget: Int?, _ conversation: Conversation, _ context: CommandContext
    ) async throws -> Conversation.PreparedTurn {
        let prepared = try await conversation.prepareContinue(on: thread, budget: budget, onWait: context.noteWaiting(on: thread))
        if let partial = prepared.replacing {
            context.note("continuing the reply \(partial.short); it stays in the reflog.")
        }
        return prepared
    }
}
