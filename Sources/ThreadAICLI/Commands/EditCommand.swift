import ThreadAI

/// `threadai edit [REV]`: an edited question on a new fork beside the original, and its reply.
enum EditCommand: Command {
    static let name = "edit"
    static let traits: CommandTraits = [.writesThreads]
    static let spec = CommandSpec(
        name: name,
        abstract: "Edit one of your earlier messages on a new fork, and send it.",
        discussion: """
            REV is a user message (default: the last one of the current thread). It opens in $VISUAL or \
            $EDITOR as stored; or give the new text with -m, or pipe it to standard input. The edited \
            message is stored beside the original — same parent — on a new thread named after the \
            current one (main-2, main-3, … or -b NAME), which becomes current, and the reply streams as \
            with 'send'. The original thread keeps its question and answers: 'threadai diff ORIGINAL \
            FORK' shows what the edit changed. An empty or unchanged text aborts the edit and writes \
            nothing. To get another answer to the same question, use 'threadai regenerate'.
            """,
        arguments: [
            .positional("revision", valueName: "REV", arity: .optional, help: "The user message to edit (default: the last one)."),
            .option("message", short: "m", valueName: "TEXT", help: "The new text, instead of opening the editor."),
            .option("system", short: "s", valueName: "PROMPT", help: "Set the fork's system prompt from here on."),
            .option("model", valueName: "MODEL", help: "The model to ask (a name or an alias; see 'threadai models')."),
        ] + ForkedTurn.replyArguments + SecretFlags.arguments,
        examples: [
            .init("threadai edit", explanation: "Edit your last message in the editor; the reply goes on main-2."),
            .init("threadai edit main~2 -m \"Explain it for a child\" -b simpler"),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let setup = try ReplySetup(arguments, context)
        let repository = setup.repository
        let secrets = try SecretFlags.policy(arguments)
        let conversation = try context.conversation(repository, secrets: secrets)
        let (head, tip) = try repository.currentPosition()
        let original: ObjectID
        if let revision = arguments.positional("revision") {
            original = try repository.resolve(revision)
        } else {
            original = try lastQuestion(from: tip, conversation)
        }
        let message = try repository.objects.message(original)
        guard message.role == .user else { throw ReviseError.notAQuestion(original, message.role) }
        let typed = try arguments.option("message") ?? pipedText(context) ?? Editor.revise(message.content, environment: context.environment)
        let fork = try ForkedTurn.forkName(arguments, head: head, message: message, conversation: conversation)
        // `prepare` checks the text and the prompt for credentials, under the conversation's policy.
        let prepared = try await conversation.prepareEdit(
            of: original, text: typed, fork: fork, system: arguments.option("system"), budget: setup.budget,
            onWait: context.noteWaiting(on: fork))
        return try await ForkedTurn.run(
            prepared, from: head, revising: (original, message), conversation: conversation, setup: setup, arguments: arguments, context)
    }

    /// The new text piped to standard input (`echo … | threadai edit`), or nil when it is a terminal
    /// or nothing but white space came (then the editor opens).
    private static func pipedText(_ context: CommandContext) throws -> String? {
        guard !context.input.isTerminal else { return nil }
        var piped = try context.input.readAll()
        while piped.last?.isNewline == true { piped.removeLast() }  // As from the editor: `echo` ends with one.
        return piped.allSatisfy(\.isWhitespace) ? nil : piped
    }

    /// The newest user message in the history of `tip`: what an edit changes by default (`edit`,
    /// chat's `/edit`).
    static func lastQuestion(from tip: ObjectID?, _ conversation: Conversation) throws -> ObjectID {
        guard let last = try conversation.newest(.user, from: tip) else {
            throw ReviseError.nothingToRevise(nil, what: "no message of yours to edit", hint: "Start with 'threadai send'.")
        }
        return last
    }
}
