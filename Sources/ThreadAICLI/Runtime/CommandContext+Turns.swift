import ThreadAI

/// What `send` and `retry` share before a turn: which thread they write on, and what to say while
/// another process holds the turn.
extension CommandContext {
    /// The current thread for writing, following a rename pulled from a clone (with a note).
    func threadForWriting(_ repository: Repository) throws -> ThreadName {
        let (thread, renamedFrom) = try repository.currentThreadForWriting()
        if let renamedFrom {
            note("thread '\(renamedFrom)' was renamed to '\(thread)'; HEAD now follows it.")
        }
        noteIfRewound(thread, repository)
        if let now = repository.renamedAwayButPresent(thread) { note(PulledRename.advice(thread, now: now)) }
        return thread
    }

    /// Says when git moved `thread` back behind where this working copy last left it (docs/CLI.md,
    /// send). Only a note: the send goes on from the thread as it is.
    private func noteIfRewound(_ thread: ThreadName, _ repository: Repository) {
        switch repository.rewind(of: thread) {
        case .behind(let head, let left):
            note("thread '\(thread)' is at \(head.short), behind \(left.short) where this working copy last left it: git "
                + "changed .threadai (a checkout or reset of an older commit?). This message continues from \(head.short); "
                + "\(left.short) is still in git's history: check the newer commit out again to get it back.")
        case .elsewhere(let head, let left):
            note("thread '\(thread)' no longer holds \(left.short), where this working copy last left it: git brought "
                + "another line of it (another clone settled it with 'threads reconcile'?). This message continues from "
                + "\(head.short); \(left.short) is still stored ('threadai checkout -b NAME \(left.short)' keeps it).")
        case nil:
            break
        }
    }

    /// Said once when another sender holds the turn on `thread`.
    func noteWaiting(on thread: ThreadName) -> (TurnLockOwner) -> Void {
        { owner in
            self.note("waiting for the turn on '\(thread)': \(owner) is sending on it. "
                + "Ctrl-C stops waiting; nothing is written until the turn is free.")
        }
    }
}
