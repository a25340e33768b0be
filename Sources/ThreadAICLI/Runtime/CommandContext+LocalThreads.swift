import ThreadAI
import ThreadAIStore

extension CommandContext {
    /// The repository and its threads before a command that may add messages to a thread, create,
    /// rename or tag (`CommandTraits.writesThreads`) runs, when the repository has local threads: after
    /// it, the local threads' block in git's exclude file is rewritten (docs/FORMAT.md §13), and
    /// `keepLocalThreadsOut` needs to tell the threads the command made. nil otherwise.
    func threadsBefore() -> (repository: Repository, names: Set<ThreadName>)? {
        guard let repository = try? optionalRepository(),  // The command itself reports a missing repository.
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
