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
        // Read in this order: a writer logs under the ref's lock before it moves the ref, so a log
        // read before the lock was seen absent is never ahead of the ref read after it.
        guard let left = (try? refs.reflog(of: thread).entries())?.last?.new,
              !FilePaths.exists(refs.path(of: thread) + ".lock", followingLinks: false),
              let heads = try? refs.heads(of: thread), heads.count == 1, let head = heads.first, head != left
        else { return nil }
        guard objects.contains(left) else { return .behind(head: head, left: left) }
        let walker = walker()
        if (try? walker.chain(to: left).contains(head)) == true { return .behind(head: head, left: left) }
        // Back from the head until `left` (a pull that brought k messages walks k), or the root.
        var next: ObjectID? = head
        while let id = next {
            if id == left { return nil }
            guard let header = try? walker.header(id) else { return nil }  // unreadable: say nothing
            next = header.parent
        }
        return .elsewhere(head: head, left: left)
    }
}
