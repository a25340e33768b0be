import ThreadAI

/// The commands typed inside a `chat` session (`/fork`, `/switch`, `/retry`, …): the common moves,
/// each done by the same code as the command it stands for.
enum ChatSlashCommands {
    struct Entry {
        var name: String
        var usage: String
        var help: String
    }

    static let all: [Entry] = [
        Entry(name: "fork", usage: "/fork [NAME]", help: "Fork a new thread here and continue on it (default name: THREAD-2, -3, …)."),
        Entry(name: "switch", usage: "/switch THREAD", help: "Continue on another thread (its last message)."),
        Entry(name: "retry", usage: "/retry", help: "Ask again for the reply to your last message (after a failure or Ctrl-C)."),
        Entry(name: "continue", usage: "/continue", help: "Complete the partial reply at the end (after a failure, Ctrl-C or the output limit)."),
        Entry(name: "edit", usage: "/edit [TEXT]", help: "Ask TEXT instead of your last message, on a new fork beside it (no TEXT: in the editor)."),
        Entry(name: "regenerate", usage: "/regenerate", help: "Another answer to your last message, on a new fork beside the first."),
        Entry(name: "context", usage: "/context", help: "The size of the context the next message is sent with, in tokens."),
        Entry(name: "model", usage: "/model [NAME]", help: "Ask NAME from here on (without NAME: the model in use)."),
        Entry(name: "system", usage: "/system [TEXT]", help: "Set the system prompt from your next message on (without TEXT: the prompt in force)."),
        Entry(name: "file", usage: "/file [PATH]", help: "Attach the file at PATH to your next message, as send -f (without PATH: the files attached so far)."),
        Entry(name: "help", usage: "/help", help: "This list."),
        Entry(name: "exit", usage: "/exit, exit, quit, Ctrl-D", help: "Leave the session."),
    ]

    /// What a command left to do.
    enum Outcome {
        case done
        /// A reply was asked for; its exit status.
        case replied(ExitStatus)
        case leave
    }

    static func run(_ name: String, _ argument: String, _ session: ChatSession) async throws -> Outcome {
        let context = session.context
        switch name {
        case "fork":
            let newName = argument.isEmpty ? try session.context.conversation(session.repository).forkName(of: session.thread)
                : try ThreadName(argument)
            try CheckoutCommand.fork(newName, at: try session.head()?.hex, session.repository, context)
            session.move(to: newName)
        case "switch":
            try switchThread(to: try required(argument, usage: "/switch THREAD"), session)
        case "retry":
            return .replied(try await session.answer(preparedBy: RetryCommand.prepare))
        case "continue":
            return .replied(try await session.answer(preparedBy: ContinueCommand.prepare))
        case "edit":
            return .replied(try await edit(with: argument, session))
        case "regenerate":
            return .replied(try await regenerate(session))
        case "context":
            try showContext(session)
        case "model":
            if !argument.isEmpty { try session.choose(model: argument) }
            context.errors.line("Model: \(session.choice.model) (\(session.choice.providerName))")
        case "system":
            try setSystem(argument, session)
        case "file":
            if !argument.isEmpty { try session.attach(argument) }
            let files = session.pendingFiles
            context.errors.line(files.isEmpty ? "No file attached to your next message."
                : "Attached to your next message: " + TerminalSafe.text(files.joined(separator: ", ")))
        case "help":
            let width = all.map(\.usage.count).max() ?? 0
            for entry in all {
                context.errors.line("  " + entry.usage + String(repeating: " ", count: width + 2 - entry.usage.count) + entry.help)
            }
            context.errors.line("  A line that is only \"\"\" starts a message of several lines; another \"\"\" ends it.")
        case "exit", "quit":
            return .leave
        default:
            let suggestion = OptionSuggestion.closestName(to: name, among: all.map(\.name) + ["quit"])
            throw CLIError("'/\(name)' is not a chat command." + (suggestion.map { " Did you mean '/\($0)'?" } ?? "")
                + " '/help' lists them; to send a message that starts with '/', put it in a \"\"\" block.", status: .usage)
        }
        return .done
    }

    private static func required(_ argument: String, usage: String) throws -> String {
        guard !argument.isEmpty else { throw CLIError("say what: \(usage).", status: .usage) }
        return argument
    }

    private static func switchThread(to argument: String, _ session: ChatSession) throws {
        let name = try ThreadName(argument)
        guard session.repository.refs.exists(name) else {
            throw CLIError("there is no thread '\(name)'; '/fork \(name)' makes one here, 'threadai threads' lists them.")
        }
        _ = try CheckoutCommand.switchTo(.thread(name), session.repository, session.context)
        session.move(to: name)
    }

    /// Your last message asked again with `text` (or what you write in the editor), as `edit` does:
    /// on a new fork beside it, where the session goes on.
    private static func edit(with argument: String, _ session: ChatSession) async throws -> ExitStatus {
        let conversation = try session.context.conversation(session.repository, secrets: session.secrets)
        let original = try EditCommand.lastQuestion(from: try session.head(), conversation)
        let typed: String
        if !argument.isEmpty {
            typed = argument
        } else if session.interactive {
            typed = try Editor.revise(try session.repository.objects.message(original).content, environment: session.context.environment)
        } else {
            throw CLIError("say what to ask instead: /edit TEXT (the editor opens only at a terminal).", status: .usage)
        }
        let fork = try conversation.forkName(of: session.thread)
        let prepared = try await conversation.prepareEdit(
            of: original, text: typed, fork: fork, system: nil, budget: session.setup.budget,
            onWait: session.context.noteWaiting(on: fork))
        return try await session.answerOnFork(prepared, conversation: conversation)
    }

    /// Another answer to your last message, as `regenerate` does: on a new fork beside the first.
    private static func regenerate(_ session: ChatSession) async throws -> ExitStatus {
        let conversation = try session.context.conversation(session.repository)
        let question = try conversation.question(for: try RegenerateCommand.lastAnswer(at: try session.head(), session.repository))
        let fork = try conversation.forkName(of: session.thread)
        let prepared = try await conversation.prepareRegenerate(
            answering: question, fork: fork, budget: session.setup.budget,
            onWait: session.context.noteWaiting(on: fork))
        return try await session.answerOnFork(prepared, conversation: conversation)
    }

    private static func showContext(_ session: ChatSession) throws {
        let budget = session.setup.budget
        guard let head = try session.head() else {
            session.context.errors.line("Context: empty (no messages on '\(session.thread)' yet)")
            return
        }
        let built = try session.repository.context(of: head, budget: budget)
        let of = built.budget.map { " of a \($0)-token budget" } ?? ""
        let left = built.droppedCount == 0 ? "" : "; the \(built.droppedCount) oldest messages are left out to fit"
        session.context.errors.line("Context: \(built.turns.count) messages, about \(built.estimatedTokens) tokens\(of) "
            + "(\(session.choice.model))\(left)")
    }

    private static func setSystem(_ argument: String, _ session: ChatSession) throws {
        guard !argument.isEmpty else {
            let inForce = Context.systemPrompt(
                in: try session.pendingSystem ?? session.head().flatMap { try session.repository.systemPrompt(at: $0) })
            session.context.errors.line(inForce.map { "System prompt: \(Summary.oneLine($0, limit: 70))" } ?? "No system prompt.")
            return
        }
        session.pendingSystem = try session.secrets.apply(to: argument, item: "the system prompt")
        session.context.errors.line("The system prompt is set with your next message.")
    }
}
