/// Where a new message goes: the thread `HEAD` names, checked against what a `git pull` may have
/// done to it behind this working copy's back (`HEAD` is local, refs and renames are shared).
extension Repository {
    /// The current thread, for a command about to write on it.
    ///
    /// - A thread that exists is returned as is.
    /// - An unborn thread whose name was renamed away (`renames`, docs/FORMAT.md §5.4) is followed:
    ///   `HEAD` moves to the new name, which is returned with the old one.
    /// - An unborn thread this working copy has seen with messages (its reflog names a head) was
    ///   deleted, here or in a clone: refused, with the way to continue. Writing would silently
    ///   start a new conversation under the old name.
    /// - Throws: `ThreadError.currentThread` for a detached `HEAD` or a deleted thread.
    public func currentThreadForWriting() throws(ThreadError) -> (thread: ThreadName, renamedFrom: ThreadName?) {
        let head: Head
        do {
            head = try self.head.read()
        } catch {
            throw .ref(error)
        }
        guard case .thread(let name) = head else { throw .detachedHead }
        if refs.exists(name) { return (name, nil) }
        if FilePaths.isDirectory(refs.path(of: name)) { throw .ref(.notAFile(name, path: refs.path(of: name))) }
        let renames = try renamesOrThrow()
        if renames.isRenamedAway(name) {
            guard let newName = existingThread(renamedFrom: name, in: renames) else {
                throw .deletedThread(name, lastHead: lastKnownHead(of: name))
            }
            try follow(name, renamedTo: newName)
            return (newName, name)
        }
        // A last head that is not stored (its messages on another git branch) is no way back.
        if let last = headBeforeDeletion(of: name) { throw .deletedThread(name, lastHead: objects.contains(last) ? last : nil) }
        return (name, nil)
    }

    /// When `HEAD` names a thread that a `git pull` renamed away (its ref gone, `renames` naming a
    /// thread that exists), points `HEAD` at the new name, as `currentThreadForWriting` does, so that
    /// every command, reading ones too, sees the thread where it went.
    /// - Returns: the old and the new name when `HEAD` moved; nil when there was nothing to follow,
    ///   or `HEAD` could not be read or written (the command then reports what it finds).
    public func followRenamedHead() -> (from: ThreadName, to: ThreadName)? {
        guard let head = try? head.read(), case .thread(let name) = head,
              case .thread(let newName) = followingRenames(head), newName != name,
              (try? follow(name, renamedTo: newName)) != nil
        else { return nil }
        return (name, newName)
    }

    /// Moves `HEAD` from `old`, renamed away by a pull, to `new`, and carries `old`'s reflog along
    /// as a rename made here does (FORMAT.md §7): without it this working copy would forget that
    /// `new` had messages, and on an older code commit, where `new` has no ref, a `send` would
    /// start a new conversation under it instead of saying where the thread went. Under the new
    /// ref's lock, then `HEAD`'s (FORMAT.md §10), and only while `HEAD` still names `old`: commands
    /// that start at once follow it once.
    private func follow(_ old: ThreadName, renamedTo new: ThreadName) throws(ThreadError) {
        do {
            let refLock = try refs.lock(new)
            let headLock = try head.lock()
            guard try head.read() == .thread(old) else { return }
            // The old name's lock too, for unpacking its reflog (§7.1) before it moves; not had,
            // its packed lines stay under the old name, which reads the same.
            let oldLock = try? refs.lock(old)
            let newReflog = refs.reflog(of: new)
            let lastHere = lastKnownHead(of: old)
            // A deleted thread's reflog under the new name goes aside first, as for a rename made here.
            if let last = try? newReflog.entries().last, last.new == nil { setAsideDeletedReflog(of: new) }
            if oldLock != nil { _ = try moveReflog(of: old, to: new) }
            _ = consume oldLock
            // Its lock may have made folders for a name with `/`, which no ref needs.
            RefFolder(path: refs.threadsDirectory).removeEmptyFolders(above: refs.path(of: old))
            let newHead = try refs.heads(of: new).first
            try newReflog.append(old: lastHere, new: newHead, message: "follow rename: from \(old)")
            _ = consume refLock
            try head.write(.thread(new), holding: headLock, from: lastHere, to: newHead, reflogMessage: "follow rename: \(old) to \(new)")
        } catch {
            throw ThreadError(wrapping: error)
        }
    }

    /// `head` as a command that reads sees it: a thread that a pull renamed away, to a thread that
    /// exists, is read as that thread even when `HEAD` could not be moved (a read-only repository, a
    /// lock held elsewhere), so reading never depends on being able to write.
    func followingRenames(_ head: Head) -> Head {
        guard case .thread(let name) = head, !refs.exists(name), let renames = try? renames(),
              let now = existingThread(renamedFrom: name, in: renames) else { return head }
        return .thread(now)
    }

    /// Refuses to start `name` as a new thread when it has no ref because it was renamed away or
    /// deleted (here, or by a pull) since the command chose it: the command must look again.
    public func checkUnbornForWriting(_ name: ThreadName) throws(ThreadError) {
        guard !refs.exists(name) else { return }
        let renames = try renamesOrThrow()
        if renames.isRenamedAway(name) { throw .renamedWhileWaiting(name, now: renames.currentName(of: name.rawValue)) }
        // A last head that is not stored (its messages on another git branch) is no way back.
        if let last = headBeforeDeletion(of: name) { throw .deletedThread(name, lastHead: objects.contains(last) ? last : nil) }
    }

    /// The last head the reflog of `name`, which has no ref, records: it had messages here and was
    /// deleted (or they are on another git branch). Nil when it never had one, and when another
    /// process is creating it right now: a writer logs under the ref's lock before the ref appears
    /// (FORMAT.md §10), so the lock, or the ref once the lock is gone, is checked after the log is read.
    func headBeforeDeletion(of name: ThreadName) -> ObjectID? {
        guard let last = lastKnownHead(of: name), !refs.isLocked(name), !refs.exists(name)
        else { return nil }
        return last
    }

    /// The thread `name` was renamed to, when `renames` says it was renamed away and that thread
    /// exists: where a writer that chose `name` follows it.
    public func existingThread(renamedFrom name: ThreadName, in renames: Renames) -> ThreadName? {
        guard renames.isRenamedAway(name), let now = try? ThreadName(renames.currentName(of: name.rawValue)), refs.exists(now)
        else { return nil }
        return now
    }

    /// The newest head the reflog of `name` records; for a thread this working copy only checked
    /// out (a pull brought it, with no reflog, since reflogs are local), the head it had when `HEAD`
    /// last moved to it or away from it (`logs/HEAD`). Nil when neither knows of one.
    func lastKnownHead(of name: ThreadName) -> ObjectID? {
        // A reflog is advisory: an unreadable one knows of no head.
        if let entries = try? refs.reflog(of: name).entries(),
           let last = entries.reversed().lazy.compactMap({ $0.new ?? $0.old }).first {
            return last
        }
        guard let entries = try? head.reflog.entries() else { return nil }
        for entry in entries.reversed() {
            guard let (from, to) = Self.checkoutEnds(entry.message) else { continue }
            if to == name.rawValue, let new = entry.new { return new }
            if from == name.rawValue, let old = entry.old { return old }
        }
        return nil
    }
}
