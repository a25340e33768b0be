import ThreadAI

/// `threadai regenerate [REV]`: another answer to a question, beside the first, on a new fork.
enum RegenerateCommand: Command {
    static let name = "regenerate"
    static let traits: CommandTraits = [.writesThreads]
    static let spec = CommandSpec(
        name: name,
        abstract: "Ask for another answer to a question, beside the first one, on a new fork.",
        discussion: """
            REV is an answer, or the user message it answers (default: the last answer of the current \
            thread). A new thread is made at the question (named after the current one: main-2, \
            main-3, … or -b NAME) and becomes current; the new answer streams as with 'send' and is \
            stored beside the other answers to that question, so 'threadai diff main main-2' compares \
            them. Use -m to ask another model. The original thread is unchanged. A partial reply \
            (finish: error or interrupted) can be regenerated this way too; 'threadai retry' replaces \
            it in place instead, and 'threadai continue' completes it.
            """,
        arguments: [
            .positional("revision", valueName: "REV", arity: .optional, help: "An answer, or the question it answers (default: the last answer)."),
            ReplyRunner.modelOption,
        ] + ForkedTurn.replyArguments,
        examples: [
            .init("threadai regenerate", explanation: "Another answer to the last question, on main-2."),
            .init("threadai regenerate -m haiku -b haiku-take", explanation: "Ask another model; compare with 'threadai diff main haiku-take'."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let setup = try ReplySetup(arguments, context)
        let repository = setup.repository
        let conversation = try context.conversation(repository)
        let (head, tip) = try repository.currentPosition()
        let target: ObjectID
        if let revision = arguments.positional("revision") {
            target = try repository.resolve(revision)
        } else {
            target = try lastAnswer(at: tip, repository)
        }
        let question = try conversation.question(for: target)
        let message = try repository.objects.message(question)
        let fork = try ForkedTurn.forkName(arguments, head: head, message: message, conversation: conversation)
        let prepared = try await conversation.prepareRegenerate(
            answering: question, fork: fork, budget: setup.budget, onWait: context.noteWaiting(on: fork))
        return try await ForkedTurn.run(
            prepared, from: head, revising: (question, message), conversation: conversation, setup: setup, arguments: arguments, context)
    }

    /// The answer at `tip`: what a regeneration answers again by default (`regenerate`, chat's
    /// `/regenerate`); refused when the thread ends with a question, or is empty.
    static func lastAnswer(at tip: ObjectID?, _ repository: Repository) throws -> ObjectID {
        guard let tip else {
            throw ReviseError.nothingToRevise(nil, what: "no answer to regenerate", hint: "Start with 'threadai send'.")
        }
        guard try repository.objects.header(tip).role == .user else { return tip }
        throw ReviseError.nothingToRevise(
            nil, what: "your message \(tip.short) at its end, with no answer yet",
            hint: "'threadai retry' asks for its answer; 'threadai regenerate REV' answers an earlier question again.")
    }
}
