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
        return thread
    }

    /// Said once when another sender holds the turn on `thread`.
    func noteWaiting(on thread: ThreadName) -> (TurnLockOwner) -> Void {
        { owner in
            self.note("waiting for the turn on '\(thread)': \(owner) is sending on it. "
                + "Ctrl-C stops waiting; nothing is written until the turn is free.")
        }
    }
}
