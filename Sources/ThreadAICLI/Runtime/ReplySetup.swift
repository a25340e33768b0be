import ThreadAI

/// What every command that asks for a reply does first: open the repository, then choose and build
/// the provider and read the budget before anything is stored, so a bad choice, a missing key or a
/// bad `--budget` changes nothing.
struct ReplySetup {
    let repository: Repository
    let choice: ProviderChoice
    let provider: any ChatProvider
    /// `--budget`, else the chosen model's.
    let budget: Int?

    init(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let repository = try context.repository()
        let explicitBudget = try arguments.int("budget", in: 1...100_000_000)
        try self.init(
            repository: repository, choice: try context.chooseProvider(arguments, repository: repository), budget: explicitBudget, context)
    }

    /// The setup for `choice`, with `budget` (nil: the model's): a `chat` session's, again after `/model`.
    init(repository: Repository, choice: ProviderChoice, budget: Int?, _ context: CommandContext) throws {
        self.repository = repository
        self.choice = choice
        provider = try ReplyRunner.makeProvider(choice, context)
        self.budget = budget ?? choice.contextBudget
    }

    /// `ReplyRunner.answer` with this provider.
    func answer(
        _ prepared: Conversation.PreparedTurn, conversation: Conversation, arguments: ParsedArguments, _ context: CommandContext
    ) async -> ExitStatus {
        let status = await ReplyRunner.answer(
            prepared, conversation: conversation, provider: provider, choice: choice, arguments: arguments, context)
        // Once the turn is stored and shown (docs/FORMAT.md §15.6).
        AutoPacking.startIfDue(repository, context)
        return status
    }

    /// What `retry` and `continue` do: the turn `prepare` makes on the current thread, with this
    /// setup's budget, answered.
    static func answerOnCurrentThread(
        _ arguments: ParsedArguments, _ context: CommandContext,
        preparedBy prepare: (ThreadName, Int?, Conversation, CommandContext) async throws -> Conversation.PreparedTurn
    ) async throws -> ExitStatus {
        let setup = try ReplySetup(arguments, context)
        let thread = try context.threadForWriting(setup.repository)
        let conversation = try context.conversation(setup.repository)
        let prepared = try await prepare(thread, setup.budget, conversation, context)
        return await setup.answer(prepared, conversation: conversation, arguments: arguments, context)
    }
}
