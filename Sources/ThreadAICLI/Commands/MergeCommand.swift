import ThreadAI

/// `threadai merge SUBTHREAD`: brings a sub-thread's outcome back to the current thread.
enum MergeCommand: Command {
    static let name = "merge"
    static let traits: CommandTraits = [.writesThreads]
    static let spec = CommandSpec(
        name: name,
        abstract: "Bring a sub-thread's outcome back to the current thread.",
        discussion: """
            Appends to the current thread one user message carrying SUBTHREAD's outcome: its last \
            answer as it is, or with --summarize a summary the model writes of the whole sub-thread \
            (streamed as it arrives). The message records the answer it came from (merged-from, \
            docs/FORMAT.md §4.8): 'log' and 'log --graph' show the link, and the model is told where \
            the outcome came from. The message is yours (a user message), so the thread must end with \
            an answer, and the next reply answers it: --send asks for that reply at once, otherwise \
            'threadai retry' asks for it later. SUBTHREAD must end with a complete answer.
            """,
        arguments: [
            .positional("subthread", valueName: "SUBTHREAD", arity: .required, help: "The thread whose outcome to bring back."),
            .flag("summarize", help: "Merge a summary the model writes instead of the last answer."),
            .flag("send", help: "Ask for the reply to the merged message at once."),
            .option("model", short: "m", valueName: "MODEL", help: "The model that summarizes and replies (a name or an alias)."),
        ] + ReplyRunner.streamOptions,
        examples: [
            .init("threadai merge research", explanation: "Bring research's last answer back to the current thread."),
            .init("threadai merge research --summarize --send", explanation: "Merge a summary and ask for the reply."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        let budget = try arguments.int("budget", in: 1...100_000_000)
        let subthread = try ThreadName(arguments.positional("subthread") ?? "")
        let usesModel = arguments.flag("summarize") || arguments.flag("send")
        let choice = usesModel ? try context.chooseProvider(arguments, repository: repository) : nil
        let provider = try choice.map { try ReplyRunner.makeProvider($0, context) }
        let thread = try context.threadForWriting(repository)
        let conversation = try context.conversation(repository)
        let plan = try await conversation.planMerge(subthread, into: thread, onWait: context.noteWaiting(on: thread))
        if let notice = choice?.notice { context.note(notice) }
        var summary: String?
        if let choice, let provider, arguments.flag("summarize") {
            let budget = budget ?? choice.contextBudget
            let (written, stoppedBy) = await ReplyRunner.streaming(live: !arguments.flag("no-stream"), context) { sink in
                await conversation.summarize(
                    plan, provider: provider, model: choice.model, budget: budget, maxOutputTokens: choice.maxOutputTokens
                ) { sink.write($0) }
            }
            if written.interrupted || stoppedBy != nil {
                plan.release()
                context.note("interrupted; nothing was merged.")
                return ReplyRunner.interruptedStatus(stoppedBy: stoppedBy)
            }
            guard written.failure == nil, !written.text.allSatisfy(\.isWhitespace) else {
                plan.release()
                context.errors.line("threadai: the summary failed (\(written.failure.map { "\($0)" } ?? "the model wrote nothing")); nothing was merged.")
                return .providerFailed
            }
            summary = written.text
        }
        let prepared = try conversation.commitMerge(plan, summary: summary, budget: budget ?? choice?.contextBudget)
        let what = summary == nil ? "last answer \(plan.source.short)" : "summary (up to \(plan.source.short))"
        context.errors.line("Merged \(subthread)'s \(what) into '\(thread)' as \(context.style.id(prepared.userMessageID.short))")
        guard let choice, let provider, arguments.flag("send") else {
            prepared.release()
            context.note("'threadai retry' asks for the reply to it.")
            return .success
        }
        let streamed = await ReplyRunner.stream(
            prepared, conversation: conversation, provider: provider, choice: choice,
            live: !arguments.flag("no-stream"), context)
        return ReplyRunner.report(streamed, prepared: prepared, context)
    }
}
