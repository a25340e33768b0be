import ThreadAI
import ThreadAIStore

extension CommandContext {
    /// The commands that can add messages to a thread, create one or rename one, or tag a message:
    /// after them, the local threads' block in git's exclude file is rewritten (docs/FORMAT.md §13).
    static let threadWritingCommands: Set<String> = [
        "send", "retry", "checkout", "threads", "import", "chat", "edit", "regenerate", "continue", "merge", "tag",
    ]

    /// The repository and its threads before `command` runs, when it may write and the repository
    /// has local threads (what `keepLocalThreadsOut` needs to tell the threads the command made);
    /// nil otherwise.
    func threadsBefore(_ command: String) -> (repository: Repository, names: Set<ThreadName>)? {
        guard Self.threadWritingCommands.contains(command),
              let repository = try? optionalRepository(),  // The command itself reports a missing repository.
              FilePaths.exists(repository.directory + "/local-threads"),
              let names = try? repository.refs.names()  // Unreadable refs: the command says why.
        else { return nil }
        return (repository, Set(names))
    }

    /// Keeps local threads out of git after a command ran (whether or not it succeeded: a failed send
    /// still stored the question), given what `threadsBefore` found. A thread it made whose history
    /// holds messages kept out of git (a fork of a local thread) becomes local too, and a note says
    /// so. Costs nothing in a repository without local threads.
    func keepLocalThreadsOut(after before: (repository: Repository, names: Set<ThreadName>)?) {
        guard let (repository, names) = before else { return }
        do {
            let new = Set(try repository.refs.names()).subtracting(names)
            guard let report = try LocalThreads(repository: repository).refresh(adopting: new) else { return }
            for name in report.adopted {
                note(TerminalSafe.text("\(name) is local, as the messages it forks from are: kept out of git. 'threadai local --unset \(name)' shares it, and them."))
            }
        } catch {
            note("could not keep the local threads out of git (\(error)); 'threadai local' tries again.")
        }
    }
}
