import ThreadAISupport
extension Repository {
    /// Stores `message` and advances `thread` to it, compare-and-swap: the thread must still be at
    /// `message.parent` (absent for a root), or as `expected` says (`.absent`: the message starts a
    /// new fork of the thread that holds its parent). Objects are durable before the ref moves.
    /// - Returns: the new message's id.
    @discardableResult
    public func append(
        _ message: Message, to thread: ThreadName, expecting expected: ExpectedRefValue? = nil, reflogMessage: String
    ) throws(ThreadError) -> ObjectID {
        let id: ObjectID
        do {
            id = try objects.write(message)
            try advance(thread, to: id, message, expecting: expected ?? .headOrAbsent(message.parent), reflogMessage: reflogMessage)
        } catch {
            throw ThreadError(wrapping: error)
        }
        return id
    }

    /// Moves `thread` to the stored message `id` (compare-and-swap, as `RefStore.update`) and keeps
    /// its line of `cache/threads` current (§12 rule 6): what `append` does once the object is written.
    public func advance(
        _ thread: ThreadName, to id: ObjectID, _ message: Message, expecting expected: ExpectedRefValue, reflogMessage: String
    ) throws(RefError) {
        try refs.update(thread, to: id, expecting: expected, reflogMessage: reflogMessage)
        updateCachedSummary(of: thread, appending: id, message)
    }

    /// Checks that a new thread may be called `name`: free, not clashing with another name on
    /// case-insensitive or normalizing filesystems, and not a name that was renamed away.
    public func checkNewThreadName(_ name: ThreadName, ignoring renamed: ThreadName? = nil) throws(ThreadError) {
        try newThreadNames(ignoring: renamed).check(name, renaming: renamed)
    }

    /// Creates thread `name` at message `start` (a fork when `start` is on another thread).
    public func createThread(_ name: ThreadName, at start: ObjectID, reflogMessage: String) throws(ThreadError) {
        try checkNewThread(name, at: start)
        do {
            try refs.update(name, to: start, expecting: .absent, reflogMessage: reflogMessage)
        } catch {
            throw .ref(error)
        }
    }

    /// Creates thread `name` at message `start` and makes it current (`checkout -b`), taking the
    /// ref's lock and `HEAD`'s before writing either: a lock held elsewhere leaves both unchanged.
    public func createThreadAndCheckOut(
        _ name: ThreadName, at start: ObjectID, reflogMessage: String, checkoutMessage: String
    ) throws(ThreadError) {
        try checkNewThread(name, at: start)
        do {
            let refLock = try refs.lock(name)
            let headLock = try head.lock()
            try refs.update(name, holding: refLock, to: start, expecting: .absent, reflogMessage: reflogMessage)
            try checkout(.thread(name), reflogMessage: checkoutMessage, holding: headLock)
        } catch {
            throw ThreadError(wrapping: error)
        }
    }

    /// That a thread may be called `name` and start at the stored message `start`.
    private func checkNewThread(_ name: ThreadName, at start: ObjectID) throws(ThreadError) {
        try checkNewThreadName(name)
        guard objects.contains(start) else { throw .object(.missing(start, path: objects.path(of: start))) }
    }

    /// Points `HEAD` at `head`, logging the move.
    /// - Returns: what `HEAD` said before (nil when it was malformed), so the caller can tell a switch
    ///   from staying put without reading it again.
    @discardableResult
    public func checkout(_ head: Head, reflogMessage: String? = nil) throws(ThreadError) -> Head? {
        let lock: LockFile
        do {
            lock = try self.head.lock()
        } catch {
            throw .ref(error)
        }
        return try checkout(head, reflogMessage: reflogMessage, holding: lock)
    }

    /// `checkout`, under `HEAD`'s lock; when `expected` is given, only while `HEAD` still says that
    /// (a rename moves `HEAD` only if it still names the old thread).
    @discardableResult
    func checkout(
        _ head: Head, reflogMessage: String?, holding lock: consuming LockFile, onlyFrom expected: Head? = nil
    ) throws(ThreadError) -> Head? {
        do {
            // A diverged thread may be switched to (to look at it, or reconcile it); the reflog
            // records its first head.
            // A malformed HEAD is what a checkout repairs: it is then recorded as left from nowhere.
            let current = try readableHead()
            if let expected, current != expected { return current }
            var old: ObjectID?
            if current != nil { old = try currentHeads().tips.first }
            let new: ObjectID?
            switch head {
            case .detached(let id): new = id
            case .thread(let name): new = try refs.heads(of: name).first
            }
            // `checkout -` and `@{-N}` read where each checkout came from (`previousCheckout`).
            let message = "checkout: moving from \(current.map(Self.checkoutLabel) ?? "a malformed HEAD") to \(Self.checkoutLabel(head))"
                + (reflogMessage.map { " (\($0))" } ?? "")
            try self.head.write(head, holding: lock, from: old, to: new, reflogMessage: message)
            return current
        } catch {
            throw ThreadError(wrapping: error)
        }
    }

    /// `HEAD`, or nil when it is malformed; any other failure to read it is thrown.
    private func readableHead() throws(RefError) -> Head? {
        do {
            return try head.read()
        } catch {
            if case .malformedHead = error { return nil }
            throw error
        }
    }

    func renamesOrThrow() throws(ThreadError) -> Renames {
        do {
            return try renames()
        } catch {
            throw .repository(error)
        }
    }
}

extension ThreadError {
    /// Files an error from a layer below under the matching case; one place instead of a
    /// `catch` ladder at every call site. A `ThreadError` is kept as it is; an error of no
    /// layer this module knows becomes `.unexpected` with its description.
    public init(wrapping error: any Error) {
        switch error {
        case let error as ThreadError: self = error
        case let error as ObjectError: self = .object(error)
        case let error as RefError: self = .ref(error)
        case let error as LockError: self = .ref(.lock(error))
        case let error as RevisionError: self = .revision(error)
        case let error as HistoryError: self = .history(error)
        case let error as RepositoryError: self = .repository(error)
        case let error as ThreadNameError: self = .name(error)
        case let error as MessageFormatError: self = .message(error)
        case let error as FileSystemError: self = .repository(.fileSystem(error))
        default: self = .unexpected(String(describing: error))
        }
    }
}

/// Why a thread operation failed.
public enum ThreadError: Error, CustomStringConvertible, Sendable {
    case object(ObjectError)
    case ref(RefError)
    case revision(RevisionError)
    case history(HistoryError)
    case repository(RepositoryError)
    case name(ThreadNameError)
    case message(MessageFormatError)
    case renamedAway(ThreadName, now: String)
    case currentThread(ThreadName, action: String)
    case wouldLoseMessages(ThreadName, count: Int, head: ObjectID)
    case notDiverged(ThreadName)
    /// `threads reconcile NAME ID` with an ID that is none of the thread's heads.
    case notAHead(ObjectID, of: ThreadName, heads: [ObjectID])
    /// `HEAD` is detached, so there is no thread to write on.
    case detachedHead
    /// `HEAD` names a thread that was deleted (here or in a clone whose change was pulled).
    case deletedThread(ThreadName, lastHead: ObjectID?)
    /// The task was cancelled while it waited for another process's turn; nothing was written.
    case cancelledWhileWaiting(ThreadName)
    /// A rename or delete found a turn in progress on the thread (a reply streaming), by this owner.
    case turnInProgress(ThreadName, action: String, holder: TurnLockOwner?)
    /// The thread was renamed away (here or by a pull) while the command waited for its turn.
    case renamedWhileWaiting(ThreadName, now: String)
    /// Text about to be stored holds what looks like a credential, and the policy refuses it
    /// (`Conversation.secrets`); nothing was written.
    case secrets(SecretsFound)
    /// A rename was recorded in `renames` and the new ref written, but the old ref could not be removed
    /// (why: the error): the rename stands, and joining the old name to the new one completes it.
    indirect case renameLeftOldName(ThreadName, new: ThreadName, ThreadError)
    case unexpected(String)

    /// Whether the change took effect and only flushing it to disk failed (`LockError.madeButNotFlushed`):
    /// the thread moved, and saying otherwise would send the user to repeat it.
    public var changeWasMade: Bool {
        if case .ref(.lock(.madeButNotFlushed)) = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .object(let error): return error.description
        case .ref(let error): return error.description
        case .revision(let error): return error.description
        case .history(let error): return error.description
        case .repository(let error): return error.description
        case .name(let error): return error.description
        case .message(let error): return "cannot store the message: \(error)"
        case .renamedAway(let name, let now):
            return "the name '\(name)' was renamed to '\(now)', and messages written under it belong to '\(now)'. "
                + "Pick another name."
        case .currentThread(let name, let action):
            return "cannot \(action) '\(name)': it is the current thread. '\(Remedy(.checkout))' another thread first."
        case .wouldLoseMessages(let name, let count, let head):
            return "thread '\(name)' has \(CountedNoun.phrase(count, "message")) that no other thread reaches "
                + "(head \(head.short)). Fork them first ('\(Remedy(.fork, "NEW", head.short))'), or delete with "
                + "--force: the thread's reflog (.threadai/logs/) keeps the head id."
        case .notDiverged(let name):
            return "thread '\(name)' has not diverged; nothing to reconcile."
        case .notAHead(let id, let name, let heads):
            return "\(id.short) is not one of the heads of '\(name)' (\(heads.map(\.short).joined(separator: ", "))); "
                + "name one of them to keep, or none to keep the newest. Nothing was changed."
        case .renameLeftOldName(let old, let new, let error):
            return "'\(old)' is renamed to '\(new)', but its old ref could not be removed (\(error)). Once that is fixed, "
                + "'\(Remedy(.reconcileThread, old))' completes the rename (its head joins '\(new)'; nothing is lost)."
        case .detachedHead:
            return "HEAD is detached, so there is no thread to send on. Fork one here with '\(Remedy(.fork, "NAME"))'."
        case .deletedThread(let name, let last):
            let restore = last.map {
                " To carry on from its last message, '\(Remedy(.fork, name, $0.short))' (when the thread is on another "
                    + "git commit or branch, give a new name instead: the same one would be in git's way when you switch back)."
            } ?? ""
            return "the current thread '\(name)' no longer exists here (deleted here or in a clone you pulled from, "
                + "or kept on another git branch); "
                + "nothing was written. Switch to another thread with '\(Remedy(.checkout, "NAME"))' ('\(Remedy(.listThreads))' "
                + "lists them).\(restore)"
        case .cancelledWhileWaiting(let name):
            return "cancelled before the turn on '\(name)' was taken; nothing was written."
        case .turnInProgress(let name, let action, let holder):
            let who = holder.map { " by \($0)" } ?? ""
            return "cannot \(action) '\(name)': a reply is being stored on it\(who); nothing was changed. "
                + "Try again once it is done."
        case .renamedWhileWaiting(let name, let now):
            return "thread '\(name)' was renamed to '\(now)' while this command waited for its turn; nothing was "
                + "written. Run the command again: it follows the rename."
        case .secrets(let found): return found.description
        case .unexpected(let text): return text
        }
    }
}

extension Repository {
    /// Appends to `renames` each of `lines` (`OLD TAB NEW`, both valid thread names) it does not hold
    /// yet, in order: the renames an import brings (docs/FORMAT.md §11).
    /// - Returns: how many were appended.
    public func recordImportedRenames(_ lines: [String]) throws(ThreadError) -> Int {
        var renames = try renamesOrThrow()
        do {
            return try renames.recordMissing(lines)
        } catch {
            throw ThreadError(wrapping: error)
        }
    }

    /// Moves the local renames that lead to `name` to `renames` (docs/FORMAT.md §13): the thread is
    /// shared again, and its clones need them to attribute its messages written under older names.
    /// - Returns: how many renames moved.
    @discardableResult
    public func shareRenames(of name: ThreadName) throws(ThreadError) -> Int {
        var renames = try renamesOrThrow()
        do {
            return try renames.share(renamesOf: name)
        } catch {
            throw ThreadError(wrapping: error)
        }
    }
}
