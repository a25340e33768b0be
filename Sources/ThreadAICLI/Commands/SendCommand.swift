import ThreadAI

/// `threadai send [TEXT]`: adds a user message to the current thread and stores the model's reply.
enum SendCommand: Command {
    static let name = "send"
    static let traits: CommandTraits = [.writesThreads]
    static let spec = CommandSpec(
        name: name,
        abstract: "Send a message on the current thread and stream the reply.",
        discussion: """
            The text is the arguments and, when standard input is piped, what it holds after a blank \
            line (with '-f -', standard input is the attached file instead); with neither, $VISUAL or \
            $EDITOR opens. Your message is stored and the thread advanced before the model is called, \
            so nothing you write is lost if the call fails. The reply streams as it arrives and is stored \
            when complete; Ctrl-C stops it and keeps what arrived, marked as interrupted.
            The model receives the thread's whole history from its root, through every thread it was \
            forked from ('threadai context' shows exactly what).
            """,
        arguments: [
            .positional("text", valueName: "TEXT", arity: .rest, help: "The message (several words are joined with spaces)."),
            .option("system", short: "s", valueName: "PROMPT", help: "Set the thread's system prompt from here on (a fork inherits it)."),
            .option("model", short: "m", valueName: "MODEL", help: "The model to ask (a name or an alias; see 'threadai models')."),
            .option("provider", valueName: "NAME", help: ProviderKind.allNames + "."),
            .flag("no-stream", help: "Print the reply when it is complete instead of as it arrives."),
            .option("budget", valueName: "TOKENS", help: "Token budget for the context; the oldest turns are dropped to fit."),
            .flag("no-context", help: "Send without history, as a new root on a new thread 'oneoff/…'."),
            .repeatableOption("file", short: "f", valueName: "PATH",
                              help: "Attach a text file (repeatable; '-' is standard input), fenced with its path after your text."),
        ] + SecretFlags.arguments,
        examples: [
            .init("threadai send \"Explain Merkle trees in two sentences\""),
            .init("git diff | threadai send -s \"You review code.\""),
            .init("cat notes.md | threadai send \"Summarize this:\"", explanation: "The arguments, a blank line, then the input."),
            .init("threadai send --provider anthropic -m sonnet \"And now in one?\""),
            .init("threadai send -f Sources/main.swift -f Package.swift \"Why does this not build?\""),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let setup = try ReplySetup(arguments, context)
        let repository = setup.repository
        let files = arguments.options("file")
        let secrets = try SecretFlags.policy(arguments)
        // The text and the prompt are checked for credentials by `prepare`; attached files here, by name.
        let typed = try messageText(arguments, context, attaching: !files.isEmpty, stdinIsAFile: files.contains("-"))
        let system = arguments.option("system")
        let (text, fields) = try FileAttachments.message(text: typed, paths: files, secrets: secrets, repository: repository, context)
        let conversation = try context.conversation(repository, secrets: secrets)
        let thread = arguments.flag("no-context") ? try oneOffThread() : try context.threadForWriting(repository)
        if arguments.flag("no-context") {
            // Said first, so that it stands above the reply: HEAD does not move there.
            context.note("sending without history on a new thread '\(thread)'; 'threadai checkout \(thread)' goes on there.")
        }
        let prepared = try await conversation.prepare(
            text: text, on: thread, system: system, budget: setup.budget,
            newRoot: arguments.flag("no-context"), userFields: fields, onWait: context.noteWaiting(on: thread))
        let turns = prepared.context.turns
        if turns.count >= 2, turns[turns.count - 2].role == .user {
            // A fork made at a question, or a send whose reply failed: both questions go to the model.
            context.note("'\(thread)' ended with a question that had no answer; the model is sent both. "
                + "('threadai retry' answers such a question alone, before another is sent.)")
        }
        return await setup.answer(prepared, conversation: conversation, arguments: arguments, context)
    }

    /// The typed text: the arguments, then piped standard input after a blank line (unless `-f -`
    /// attaches it: then standard input is only the attachment); with neither, the editor. With
    /// files attached, no text is needed.
    private static func messageText(
        _ arguments: ParsedArguments, _ context: CommandContext, attaching: Bool = false, stdinIsAFile: Bool = false
    ) throws -> String {
        var text = arguments.positionals("text").joined(separator: " ")
        if !context.input.isTerminal && !stdinIsAFile {
            // llm's convention: the arguments, a blank line, then what was piped in.
            let piped = try context.input.readAll()
            if text.isEmpty {
                text = piped
            } else if !piped.allSatisfy(\.isWhitespace) {
                text += "\n\n" + piped
            }
        } else if text.isEmpty && !stdinIsAFile {
            text = try Editor.compose(environment: context.environment)
        }
        if attaching { return text.allSatisfy(\.isWhitespace) ? "" : text }
        guard !text.allSatisfy(\.isWhitespace) else {
            throw CLIError("the message is empty; nothing was sent.", status: .usage)
        }
        return text
    }

    /// A new thread for a message sent without history: `oneoff/YYYYMMDD-HHMMSS-XXXXXX`, the six
    /// random hex digits keeping two one-offs of the same second apart.
    private static func oneOffThread() throws -> ThreadName {
        let now = Timestamp.now().rfc3339.filter { $0.isNumber }
        let suffix = String(UInt32.random(in: 0...0xFF_FFFF), radix: 16)
        let padded = String(repeating: "0", count: 6 - suffix.count) + suffix
        return try ThreadName("oneoff/" + now.prefix(8) + "-" + now.dropFirst(8) + "-" + padded)
    }
}
