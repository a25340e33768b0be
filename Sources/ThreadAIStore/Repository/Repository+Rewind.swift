extension Repository {
    /// Whether git moved `thread` back behind where this working copy last left it: `.threadai` is
    /// tracked, and a `git checkout` or `reset` of an older code commit checked out the thread as it
    /// was then. Its reflog's last value (`left`) is then a descendant of its one head, or a message
    /// git took away.
    /// - Returns: nil when it was not moved back, or when that cannot be told for sure (a writer is
    ///   between logging a change and moving the ref: it holds the ref's lock then).
    public func rewind(of thread: ThreadName) -> (head: ObjectID, left: ObjectID)? {
        // Read in this order: a writer logs under the ref's lock before it moves the ref, so a log
        // read before the lock was seen absent is never ahead of the ref read after it.
        guard let left = (try? refs.reflog(of: thread).entries())?.last?.new,
              !FilePaths.exists(refs.path(of: thread) + ".lock", followingLinks: false),
              let heads = try? refs.heads(of: thread), heads.count == 1, let head = heads.first, head != left
        else { return nil }
        let behind = !objects.contains(left) || (try? walker().chain(to: left).contains(head)) == true
        return behind ? (head, left) : nil
    }
}
