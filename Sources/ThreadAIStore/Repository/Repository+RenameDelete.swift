extension Repository {
    /// Renames thread `old` to `new`: the ref and its reflog move, the rename is recorded in
    /// `renames` (messages keep the name they were written under), and `HEAD` follows.
    public func renameThread(_ old: ThreadName, to new: ThreadName) throws(ThreadError) {
        guard let tip = try headForChange(of: old) else { throw .ref(.noSuchThread(old)) }
        if new == old { throw .ref(.threadExists(new)) }
        // `a` and `a/b` cannot exist together, not even for the moment a rename needs both (FORMAT.md §5.2).
        let (oldParts, newParts) = (old.components.map { $0.lowercased() }, new.components.map { $0.lowercased() })
        let shared = min(oldParts.count, newParts.count)
        if oldParts.count != newParts.count && oldParts.prefix(shared) == newParts.prefix(shared) {
            throw .ref(.conflictingName(new, existing: old))
        }
        try checkNewThreadName(new, ignoring: old)
        var renames = try renamesOrThrow()
        moveReflog(of: old, to: new)
        do {
            try refs.update(new, to: tip, expecting: .absent, reflogMessage: "rename: from \(old)")
            try renames.record(from: old, to: new)
            try refs.update(old, to: nil, expecting: .head(tip), reflogMessage: "rename: to \(new)")
        } catch {
            throw ThreadError(wrapping: error)
        }
        if case .thread(let current) = try currentHead(), current == old {
            try checkout(.thread(new), reflogMessage: "rename: \(old) to \(new)")
        }
    }

    /// Deletes thread `name`. Messages are never deleted; but unless `force` is set, a thread whose
    /// messages no other thread reaches is kept, so nothing disappears from view by accident.
    /// - Returns: how many messages only this thread reached (their ids stay in its reflog).
    @discardableResult
    public func deleteThread(_ name: ThreadName, force: Bool) throws(ThreadError) -> Int {
        if case .thread(let current) = try currentHead(), current == name {
            throw .currentThread(name, action: "delete")
        }
        guard let tip = try headForChange(of: name) else { throw .ref(.noSuchThread(name)) }
        let unique = try messagesOnlyReachedBy(name, tip: tip)
        if unique > 0 && !force { throw .wouldLoseMessages(name, count: unique, head: tip) }
        do {
            try refs.update(name, to: nil, expecting: .head(tip), reflogMessage: "delete")
        } catch {
            throw .ref(error)
        }
        return unique
    }

    private func currentHead() throws(ThreadError) -> Head {
        do {
            return try head.read()
        } catch {
            throw .ref(error)
        }
    }

    private func headForChange(of name: ThreadName) throws(ThreadError) -> ObjectID? {
        do {
            return try singleHead(of: name)
        } catch {
            throw .revision(error)
        }
    }

    /// Counts the messages of `name`'s history, newest first, until one that another thread reaches.
    private func messagesOnlyReachedBy(_ name: ThreadName, tip: ObjectID) throws(ThreadError) -> Int {
        let walker = walker()
        var reachedByOthers: Set<ObjectID> = []
        do {
            for other in try refs.names() where other != name {
                for head in try refs.heads(of: other) {
                    reachedByOthers.formUnion(try walker.chain(to: head))
                }
            }
            var count = 0
            var next: ObjectID? = tip
            while let current = next, !reachedByOthers.contains(current) {
                count += 1
                next = try walker.header(current).parent
            }
            return count
        } catch {
            throw ThreadError(wrapping: error)
        }
    }

    /// Moves the reflog with its thread. A reflog that cannot move stays under the old name,
    /// where it still finds the messages; the rename itself has succeeded.
    private func moveReflog(of old: ThreadName, to new: ThreadName) {
        let source = refs.reflog(of: old).path
        let destination = refs.reflog(of: new).path
        guard FilePaths.exists(source, followingLinks: true), !FilePaths.exists(destination, followingLinks: true) else {
            return
        }
        try? FilePaths.makeDirectories(FilePaths.directoryName(of: destination))
        try? FilePaths.rename(source, to: destination)
    }
}
