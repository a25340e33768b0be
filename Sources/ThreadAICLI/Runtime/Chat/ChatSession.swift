import ThreadAI

/// What a `chat` session carries from one turn to the next: the thread it talks on, the provider
/// and model, and a system prompt to set with the next message. Every turn goes through the same
/// code as `send` (`Conversation.prepare`, `ReplySetup.answer`), `/retry` as `retry`, `/edit` and
/// `/regenerate` as `edit` and `regenerate` (`ForkedTurn`).
final class ChatSession {
    let context: CommandContext
    /// The `chat` command's own arguments: its `--provider`, `--budget` and `--no-stream` hold for
    /// every turn, as they would for `send`.
    let arguments: ParsedArguments
    private(set) var thread: ThreadName
    private(set) var setup: ReplySetup
    /// Set by `-s` or `/system`: stored (when it differs from the prompt in force) before the next message.
    var pendingSystem: String?
    /// Set by `-f` or `/file`: the files attached to the next message (docs/FORMAT.md §4.7).
    private(set) var pendingFiles: [String] = []
    let secrets: SecretPolicy
    /// Whether a person types at a terminal (an editor may be opened then).
    let interactive: Bool

    var repository: Repository { setup.repository }
    var choice: ProviderChoice { setup.choice }

    init(_ arguments: ParsedArguments, _ context: CommandContext, interactive: Bool) throws {
        self.context = context
        self.arguments = arguments
        let repository = try context.repository()
        let budget = try arguments.int("budget", in: 1...100_000_000)
        setup = try Self.setup(choosing: arguments.option("model"), repository, budget, arguments, context)
        thread = try context.threadForWriting(repository)
        secrets = try SecretFlags.policy(arguments)
        self.interactive = interactive
        pendingSystem = try arguments.option("system").map { try secrets.apply(to: $0, item: "the system prompt") }
        for path in arguments.options("file") { try attach(path) }
    }

    /// Attaches the file at `path` to the next message, as `send -f` would; it is read and checked
    /// now (size, text, secrets), so a file that cannot go is refused at once, and read again when
    /// the message is sent.
    func attach(_ path: String) throws {
        guard path != "-" else {
            throw CLIError("in chat, standard input is the session: attach a file by its path (-f PATH, /file PATH).", status: .usage)
        }
        _ = try FileAttachments.message(text: "", paths: [path], secrets: secrets, repository: repository, context)
        pendingFiles.append(path)
    }

    /// Sends `text` as `send` would, streams the reply and returns the exit status `send` would
    /// (its failure already told).
    func send(_ text: String) async throws -> ExitStatus {
        // `prepare` checks the text for credentials; the attached files are checked here, by name.
        let (content, fields) = try FileAttachments.message(
            text: text, paths: pendingFiles, secrets: secrets, repository: repository, context)
        let conversation = try context.conversation(repository, secrets: secrets)
        let prepared = try await conversation.prepare(
            text: content, on: thread, system: pendingSystem, budget: setup.budget, userFields: fields,
            onWait: context.noteWaiting(on: thread))
        pendingSystem = nil
        pendingFiles = []
        return await setup.answer(prepared, conversation: conversation, arguments: arguments, context)
    }

    /// A reply prepared by `prepare` on the session's thread, with its budget — `RetryCommand.prepare`
    /// or `ContinueCommand.prepare` — asked for and stored as that command does.
    func answer(
        preparedBy prepare: (ThreadName, Int?, Conversation, CommandContext) async throws -> Conversation.PreparedTurn
    ) async throws -> ExitStatus {
        let conversation = try context.conversation(repository)
        let prepared = try await prepare(thread, setup.budget, conversation, context)
        return await setup.answer(prepared, conversation: conversation, arguments: arguments, context)
    }

    /// Asks for the reply to `prepared`, a turn on a new fork, as `edit` and `regenerate` do, and
    /// continues on the fork.
    func answerOnFork(_ prepared: Conversation.PreparedTurn, conversation: Conversation) async throws -> ExitStatus {
        let status = try await ForkedTurn.run(
            prepared, from: .thread(thread), conversation: conversation, setup: setup, arguments: arguments, context)
        move(to: prepared.thread)
        return status
    }

    /// Chooses `model` from here on (as `-m` would, with the session's `--provider` and
    /// `--budget`), telling its notice, if any, now.
    func choose(model: String) throws {
        setup = try Self.setup(
            choosing: model, repository, try arguments.int("budget", in: 1...100_000_000), arguments, context)
    }

    /// Continues on `name` from here on (HEAD follows, as after `checkout`).
    func move(to name: ThreadName) {
        thread = name
        pendingSystem = nil
    }

    /// The single head the next message extends, nil on a thread with no messages yet.
    func head() throws -> ObjectID? {
        try repository.singleHead(of: thread)
    }

    /// The setup for `model` with the session's `--provider`, as `ReplySetup(arguments, context)`
    /// makes it for `send`; the provider's notice is told here, once, not with every turn.
    private static func setup(
        choosing model: String?, _ repository: Repository, _ budget: Int?, _ arguments: ParsedArguments, _ context: CommandContext
    ) throws -> ReplySetup {
        var choice = try context.chooseProvider(provider: arguments.option("provider"), model: model, repository: repository)
        let notice = choice.notice
        choice.notice = nil
        let setup = try ReplySetup(repository: repository, choice: choice, budget: budget, context)
        if let notice { context.note(notice) }
        return setup
    }
}
