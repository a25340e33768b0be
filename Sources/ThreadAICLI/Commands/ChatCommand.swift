import ThreadAI

/// `threadai chat`: an interactive session on the current thread, each turn stored as `send` stores it.
enum ChatCommand: Command {
    static let name = "chat"
    static let traits: CommandTraits = [.writesThreads]
    static let spec = CommandSpec(
        name: name,
        abstract: "Talk on the current thread in a session: type, read the streamed reply, type again.",
        discussion: """
            Each message is stored exactly as 'threadai send' stores it: your message first, then the reply \
            as it streams. The prompt shows the thread. A line that is only \"\"\" starts a message of \
            several lines and another \"\"\" ends it. Ctrl-C stops the reply (what arrived is kept, marked \
            as interrupted) and keeps the session; at the prompt it clears the line. Ctrl-D, 'exit' or \
            'quit' leaves. At a terminal (TERM not dumb) the line edits as in a shell (arrows, Home/End, \
            Ctrl-W/U/K, Alt-B/F) and Up recalls earlier lines, kept in .threadai/logs/chat-history, \
            local (THREADAI_CHAT_HISTORY=0 turns that off; a line starting with a space is not kept). \
            In the session, /fork [NAME], /switch THREAD, /retry, /continue, /edit [TEXT], /regenerate, \
            /context, /model [NAME], /system [TEXT], /file PATH and /help do the common moves, each as the \
            command it is named after does.
            With standard input not a terminal, each line (or \"\"\" block) is a turn and no prompt is \
            shown; the session stops at the first turn or command that fails, with its exit status.
            """,
        arguments: [
            .option("system", short: "s", valueName: "PROMPT", help: "Set the thread's system prompt with your first message."),
            .option("model", short: "m", valueName: "MODEL", help: "The model to ask (a name or an alias; see 'threadai models')."),
            .repeatableOption("file", short: "f", valueName: "PATH", help: "Attach the file at PATH to your first message, as send -f does (repeatable)."),
        ] + ReplyRunner.streamOptions + SecretFlags.arguments,
        examples: [
            .init("threadai chat"),
            .init("threadai chat -m haiku -s \"Answer in one sentence.\""),
            .init("printf 'Hi\\n/fork other\\nAnd here?\\n' | threadai chat", explanation: "Two turns and a fork, without a terminal."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let interactive = context.input.isTerminal
        let session = try ChatSession(arguments, context, interactive: interactive)
        let choice = session.choice
        if interactive {
            context.errors.line(context.style.dim("Chatting on '\(session.thread)' with \(choice.model) (\(choice.providerName)). "
                + "\"\"\" for several lines, /help for commands, Ctrl-D or exit to leave."))
        }
        // The line editor, with the history of this working copy (docs/FORMAT.md §14), where the terminal can show it.
        let editing = interactive && ChatLineEditing.available(environment: context.environment)
            ? ChatLineEditing(output: context.errors, history: ChatHistoryKeeper(repository: session.repository, context))
            : nil
        return try await loop(session, reader: try ChatLineReader(input: context.input, editing: editing), interactive: interactive)
    }

    /// Reads and answers until the input ends, the user leaves, or (without a terminal) a turn fails.
    private static func loop(_ session: ChatSession, reader: ChatLineReader, interactive: Bool) async throws -> ExitStatus {
        let context = session.context
        var composer = ChatComposer()
        while true {
            var input: ChatComposer.Input?
            var ended = false
            let event: ChatLineReader.Event
            if interactive && reader.editing != nil {
                context.output.flush()
                event = try reader.nextEdited(prompt: prompt(session, continuing: composer.isInBlock))
            } else {
                if interactive { showPrompt(session, continuing: composer.isInBlock) }
                event = try reader.next()
            }
            switch event {
            case .line(let line):
                if interactive && reader.lastLineUnterminated {
                    context.errors.write("\n")
                    context.errors.flush()
                }
                // Without the line editor (TERM=dumb), an arrow key or Ctrl-L typed at the prompt arrives
                // as control bytes, which a stored message would keep for good. Such a line is not sent.
                if interactive, reader.editing == nil, line.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" }) {
                    context.note(TerminalSafe.text("that line holds control keys (\(line)): this prompt does not edit with "
                        + "arrow keys or Ctrl-L, so it was not sent. Type it again."))
                    continue
                }
                input = composer.feed(line)
            case .interrupted:
                guard interactive else { return .interrupted }
                composer.reset()
                context.errors.write("\n")
            case .stopped(let status):
                return status
            case .endOfInput:
                input = composer.finish()
                ended = true
                if interactive { context.errors.write("\n") }
            }
            if let input {
                guard let status = await perform(input, session) else { return .success }
                if let stop = reader.takeStopSignal() { return stop }
                if status == .terminated || status == .hungUp { return status }
                if status != .success && !interactive { return status }
            }
            if ended { return .success }
        }
    }

    /// Does what one input asks and returns its exit status, or nil to leave. Failures are told here
    /// (or by `ReplyRunner`, for a reply) and the session goes on.
    private static func perform(_ input: ChatComposer.Input, _ session: ChatSession) async -> ExitStatus? {
        do {
            switch input {
            case .leave:
                return nil
            case .message(let text):
                return try await session.send(text)
            case .command(let name, let argument):
                switch try await ChatSlashCommands.run(name, argument, session) {
                case .done: return .success
                case .replied(let status): return status
                case .leave: return nil
                }
            }
        } catch {
            session.context.output.flush()
            session.context.errors.line(error is ArgumentError ? "\(error)" : "threadai: \(error)")
            return ExitStatus(for: error)
        }
    }

    /// `THREAD> `, or `... ` inside a `"""` block; shown on stderr so a reply redirected to a file holds no prompts.
    private static func prompt(_ session: ChatSession, continuing: Bool) -> String {
        continuing ? "... " : session.context.style.thread(session.thread.rawValue) + "> "
    }

    private static func showPrompt(_ session: ChatSession, continuing: Bool) {
        let context = session.context
        context.output.flush()
        context.errors.write(prompt(session, continuing: continuing))
        context.errors.flush()
    }
}
