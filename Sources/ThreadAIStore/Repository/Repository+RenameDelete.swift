extension Repository {
    /// Renames thread `old` to `new`: the ref and its reflog move, the rename is recorded in
    /// `renames` (messages keep the name they were written under), and `HEAD` follows. The rename of
    /// a local thread is recorded in `local-renames` instead (`locally`, docs/FORMAT.md §13), so that
    /// its names stay out of git.
    public func renameThread(_ old: ThreadName, to new: ThreadName, locally: Bool = false) throws(ThreadError) {
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
        let turn = try turnForRefChange(of: old, action: "rename")
        defer { turn.release() }
        // Every lock before any write, as git's ref transactions do: a lock held elsewhere (or left
        // by a crash) stops the rename with nothing changed, never halfway.
        let oldLock = try taking { () throws(RefError) in try refs.lock(old) }
        let newLock = try taking { () throws(RefError) in try refs.lock(new) }
        let renamesLock = try taking { () throws(LockError) in try renames.lock(locally: locally) }
        var headLock: LockFile? = nil
        if try currentHead() == .thread(old) { headLock = try taking { () throws(RefError) in try head.lock() } }
        setAsideDeletedReflog(of: new)
        let moved = try moveReflog(of: old, to: new)
        let movedLength = FilePaths.fileSize(refs.reflog(of: new).path)
        // A step whose change stands but could not be flushed to disk does not stop the rename
        // (stopping would leave it half done); its error is reported once the rename is whole.
        var unflushed: ThreadError?
        do {
            try refs.update(new, holding: newLock, to: tip, expecting: .absent, reflogMessage: "rename: from \(old)")
        } catch {
            let error = ThreadError(wrapping: error)
            guard error.changeWasMade else {
                // Nothing was renamed: the reflog goes back to the name that still has the thread.
                // Best effort: the error that stopped the rename is the one to report.
                if moved, !refs.exists(new) { _ = try? moveReflog(of: new, to: old) }
                throw error
            }
            unflushed = error
        }
        do {
            try renames.record(from: old, to: new, holding: renamesLock)
        } catch {
            let error = ThreadError(wrapping: error)
            guard error.changeWasMade else {
                // Not recorded, so not renamed: the new ref goes, and the reflog back, so that the
                // same rename can simply be run again. Best effort, as above.
                if (try? refs.removeCreated(new, at: tip)) != nil {
                    if let movedLength { try? refs.reflog(of: new).undoAppend(to: movedLength) }
                    if moved { _ = try? moveReflog(of: new, to: old) }
                }
                throw error
            }
            unflushed = unflushed ?? error
        }
        do {
            try refs.update(old, holding: oldLock, to: nil, expecting: .head(tip), reflogMessage: "rename: to \(new)")
        } catch {
            let error = ThreadError(wrapping: error)
            // Recorded in `renames`, the rename stands; only the old ref is left, which joining it
            // to the new name removes.
            guard error.changeWasMade else { throw .renameLeftOldName(old, new: new, error) }
            unflushed = unflushed ?? error
        }
        // Removing the old ref logged it in a new reflog of the old name, which the rename has
        // no more use for (FORMAT.md §7); a crash before this leaves that one line, which is harmless.
        if moved, (try? refs.reflog(of: old).entries().count) == 1 {
            try? FilePaths.remove(refs.reflog(of: old).path)
        }
        if let lock = headLock.take() {
            try checkout(.thread(new), reflogMessage: "rename: \(old) to \(new)", holding: lock, onlyFrom: .thread(old))
        }
        if let unflushed { throw unflushed }
    }

    /// Deletes thread `name`. Messages are never deleted; but unless `force` is set, a thread whose
    /// messages no other thread reaches is kept, so nothing disappears from view by accident.
    /// - Returns: how many messages only this thread reached (their ids stay in its reflog).
    @discardableResult
    public func deleteThread(_ name: ThreadName, force: Bool) throws(ThreadError) -> Int {
        if case .thread(let current) = try currentHead(), current == name {
            throw .currentThread(name, action: "delete")
        }
        let tip: ObjectID?
        do {
            tip = try singleHead(of: name)
        } catch .ref(.malformed) where force {
            // A ref that holds nothing readable: `-f` is the way out `fsck` names for it.
            let turn = try turnForRefChange(of: name, action: "delete")
            defer { turn.release() }
            do {
                try refs.deleteMalformed(name, reflogMessage: "delete (malformed ref)")
            } catch {
                throw .ref(error)
            }
            return 0
        } catch {
            throw .revision(error)
        }
        guard let tip else { throw .ref(.noSuchThread(name)) }
        let turn = try turnForRefChange(of: name, action: "delete")
        defer { turn.release() }
        // With `force`, a thread whose history cannot be read (its head gone after a `git clean`) is
        // deleted too: that is the way out fsck names.
        let unique = force ? ((try? messagesOnlyReachedBy(name, tip: tip)) ?? 0) : try messagesOnlyReachedBy(name, tip: tip)
        if unique > 0 && !force { throw .wouldLoseMessages(name, count: unique, head: tip) }
        do {
            try refs.update(name, to: nil, expecting: .head(tip), reflogMessage: "delete")
        } catch {
            throw .ref(error)
        }
        return unique
    }

    /// The lock `take` takes, its failure filed as a `ThreadError`.
    private func taking<Failure: Error>(_ take: () throws(Failure) -> LockFile) throws(ThreadError) -> LockFile {
        do {
            return try take()
        } catch {
            throw ThreadError(wrapping: error)
        }
    }

    /// The thread's turn, held while its ref changes, so that a reply streaming on it does not find
    /// its thread gone when it is stored (and a sender waiting for the turn sees the change).
    func turnForRefChange(of name: ThreadName, action: String) throws(ThreadError) -> TurnLock {
        let attempt: TurnLock.Attempt
        do {
            attempt = try TurnLock.attempt(name, in: directory)
        } catch {
            throw .ref(.lock(error))
        }
        switch attempt {
        case .acquired(let lock): return lock
        case .held(let holder): throw .turnInProgress(name, action: action, holder: holder)
        }
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

    /// Moves `old`'s reflog with its thread to `new`'s place.
    /// - Returns: false when there was none to move (or `new` already has one).
    /// - Throws: when the move fails; the rename then stops before anything was renamed.
    func moveReflog(of old: ThreadName, to new: ThreadName) throws(ThreadError) -> Bool {
        // Moved as files (§7.1): first both names' packed lines go back into their files.
        do {
            try refs.unpackReflog(of: old)
            try refs.unpackReflog(of: new)
        } catch {
            throw .ref(error)
        }
        let source = refs.reflog(of: old).path
        let destination = refs.reflog(of: new).path
        guard FilePaths.exists(source, followingLinks: true), !FilePaths.exists(destination, followingLinks: true) else {
            return false
        }
        do {
            try FilePaths.makeDirectories(FilePaths.directoryName(of: destination))
            try FilePaths.rename(source, to: destination)
        } catch {
            throw .repository(.fileSystem(error))
        }
        return true
    }

    /// Moves the reflog a deleted thread left under `name` to `logs/deleted/FILE.N` (FORMAT.md §7),
    /// so that a thread renamed to `name` starts its own.
    func setAsideDeletedReflog(of name: ThreadName) {
        // Moved as a file (§7.1); left packed when that fails, as when it cannot be moved.
        guard (try? refs.unpackReflog(of: name)) != nil else { return }
        let reflog = refs.reflog(of: name).path
        guard FilePaths.exists(reflog, followingLinks: false) else { return }
        let folder = directory + "/logs/deleted"
        let file = String(reflog.split(separator: "/").last ?? "")
        guard let number = (1...10_000).first(where: { !FilePaths.exists(folder + "/\(file).\($0)") }) else { return }
        try? FilePaths.makeDirectories(folder)
        try? FilePaths.rename(reflog, to: folder + "/\(file).\(number)")
    }
}
