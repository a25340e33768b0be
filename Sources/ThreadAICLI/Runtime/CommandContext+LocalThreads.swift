import ThreadAI
import ThreadAIStore

extension CommandContext {
    /// The commands that can add messages to a thread, create one or rename one: after them, the
    /// local threads' block in git's exclude file is rewritten (docs/FORMAT.md §13).
    static let threadWritingCommands: Set<String> = [
        "send", "retry", "checkout", "threads", "import", "chat", "edit", "regenerate", "continue", "merge",
    ]

    /// Keeps local threads out of git after `command` ran (whether or not it succeeded: a failed send
    /// still stored the question). Costs nothing in a repository without local threads.
    func keepLocalThreadsOut(after command: String) {
        guard Self.threadWritingCommands.contains(command),
              let repository = try? optionalRepository(),  // The command itself reported a missing repository.
              FilePaths.exists(repository.directory + "/local-threads")
        else { return }
        do {
            try LocalThreads(repository: repository).refresh()
        } catch {
            note("could not keep the local threads out of git (\(error)); 'threadai local' tries again.")
        }
    }
}
