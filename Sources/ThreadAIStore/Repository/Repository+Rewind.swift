extension Repository {
    /// How git moved a thread away from where this working copy last left it (`.threadai` is
    /// tracked, so a checkout, reset or pull rewrites its ref).
    public enum Rewind: Sendable, Equatable {
        /// The thread's head is an ancestor of where it was left (a checkout or reset of an older
        /// code commit), or where it was left is gone from the store.
        case behind(head: ObjectID, left: ObjectID)
        /// Where it was left is stored but no longer in the thread's history: git brought another
        /// line of it (another clone settled a diverged thread keeping its own head).
        case elsewhere(head: ObjectID, left: ObjectID)
    }

    /// Whether git moved `thread` away from where this working copy last left it: its reflog's last
    /// value (`left`) is not in the history of its one head.
    /// - Returns: nil when it was not moved away (the head is where it was left, or descends from it:
    ///   a pull brought more), or when that cannot be told for sure (a writer is between logging a
    ///   change and moving the ref: it holds the ref's lock then).
    public func rewind(of thread: ThreadName) -> Rewind? {
        // Read in this order (`RefStore.isLocked` says why).
        guard let left = (try? refs.reflog(of: thread).entries())?.last?.new, !refs.isLocked(thread),
              let heads = try? refs.heads(of: thread), heads.count == 1, let head = heads.first, head != left
        else { return nil }
        guard objects.contains(left) else { return .behind(head: head, left: left) }
        let walker = walker()
        // First the usual case, a pull that brought k messages: k steps back from the head. Ahead,
        // or unreadable: nothing to say.
        guard let ahead = try? walker.isAncestor(left, of: head), !ahead else { return nil }
        let isBehind = (try? walker.isAncestor(head, of: left)) == true
        return isBehind ? .behind(head: head, left: left) : .elsewhere(head: head, left: left)
    }
}
