import ThreadAI
import ThreadAISupport

/// `threadai trailer`: the `Thread: NAME@ID` line that links a code commit to the conversation.
enum TrailerCommand: Command {
    static let name = "trailer"
    static let spec = CommandSpec(
        name: name,
        abstract: "Print a 'Thread: NAME@ID' commit trailer for the current thread.",
        discussion: """
            Prints one line, 'Thread: NAME@ID8', naming the current thread and the first 8 hex digits of its \
            head, for a commit message (git interpret-trailers, or the prepare-commit-msg hook of \
            'threadai hooks install' adds it for you). 'threadai log --for-commit GITREV' finds the \
            conversation back. Exits 1, printing nothing, when no thread with a message is checked out \
            (a detached HEAD, an unborn or diverged thread), and for a local thread, whose name a shared \
            commit must not carry. With 'threadai config set trailer.assisted-by true', a second line, \
            'Assisted-by: AGENT:MODEL' (the Linux kernel's form), names the model of the thread's newest \
            reply: AGENT is 'threadai', or the agent of a captured session ('claude-code').
            """,
        arguments: [],
        examples: [.init("git commit -m \"Fix the parser\" -m \"$(threadai trailer)\"")])

    static let key = ThreadTrailer.key

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        let (head, tips) = try repository.currentHeads()
        guard case .thread(let name) = head else {
            throw CLIError("HEAD is detached: a trailer names a thread; check one out (threadai checkout NAME).")
        }
        guard tips.count == 1, let tip = tips.first else {
            throw CLIError(tips.isEmpty
                ? "thread \(name) has no messages yet: there is nothing to link a commit to."
                : "thread \(name) has diverged (\(tips.count) heads): settle it with 'threadai threads reconcile \(name)' first.")
        }
        // A commit is shared; a local thread's name and id in its message would tell what is kept out.
        if try LocalThreads(repository: repository).names().contains(name) {
            throw CLIError(TerminalSafe.text("thread \(name) is local (kept out of git): a trailer would name it in a shared commit, so none is written."))
        }
        context.output.line(TerminalSafe.text("\(key): \(name)@\(tip.short)"))
        let layers = try SettingsLayers.load(flags: [:], environment: context.environment, repositoryDirectory: repository.directory)
        if try layers.assistedByTrailer(), let assisted = try AssistedBy.value(at: tip, in: repository) {
            context.output.line(TerminalSafe.text("\(AssistedBy.key): \(assisted)"))
        }
        return .success
    }
}
