extension Repository {
    /// Moves `thread` from `question` (the message a reply answers, or the partial reply it replaces)
    /// to the stored reply `id`, by compare-and-swap, following what a `git pull` may have done to the
    /// thread while the reply was written:
    ///
    /// - the same reply, byte for byte, is already the head: nothing to do (content addressing stored
    ///   it once);
    /// - the pull made the thread diverge, `question` one of its heads: the reply replaces that head,
    ///   so it follows its question;
    /// - the pull renamed the thread, and the new name's ref holds `question` alone: the reply goes
    ///   where the thread went.
    ///
    /// Any other change is the compare-and-swap's `concurrentChange`, thrown as it is.
    public func advance(
        _ thread: ThreadName, to id: ObjectID, _ message: Message, after question: ObjectID, reflogMessage: String
    ) throws(RefError) {
        do {
            try advance(thread, to: id, message, expecting: .head(question), reflogMessage: reflogMessage)
        } catch {
            guard case .concurrentChange(_, _, let found) = error else { throw error }
            if found == [id] { return }
            if found.count > 1, found.contains(question) {
                try refs.replaceHead(question, with: id, of: thread, reflogMessage: reflogMessage)
            } else if let moved = renamedThread(thread, at: question) {
                try refs.update(moved, to: id, expecting: .head(question), reflogMessage: reflogMessage)
            } else {
                throw error
            }
        }
    }

    /// The name `thread` was renamed to, when its ref is gone and that name's ref holds `head` alone.
    private func renamedThread(_ thread: ThreadName, at head: ObjectID) -> ThreadName? {
        // Each failure to read means "not followed": the caller then reports its own error.
        guard !refs.exists(thread), let renames = try? renames(),
              let moved = existingThread(renamedFrom: thread, in: renames),
              (try? refs.heads(of: moved)) == [head] else { return nil }
        return moved
    }
}
