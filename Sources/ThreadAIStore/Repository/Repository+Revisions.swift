import ThreadAISupport
extension Repository {
    /// Where `HEAD` points and the message at its tip (nil while the current thread is unborn).
    public func currentPosition() throws(RevisionError) -> (head: Head, tip: ObjectID?) {
        let head: Head
        do {
            head = try self.head.read()
        } catch {
            throw .ref(error)
        }
        switch head {
        case .detached(let id):
            return (head, id)
        case .thread(let name):
            if let tip = try singleHead(of: name) { return (head, tip) }
            // Unborn, or renamed away by a pull while HEAD could not follow (`followingRenames`).
            let followed = followingRenames(head)
            guard case .thread(let now) = followed, now != name else { return (head, nil) }
            return (followed, try singleHead(of: now))
        }
    }

    /// Where `HEAD` points and every tip there: none while the current thread is unborn, several
    /// when it has diverged (docs/FORMAT.md §5.1). For commands that read, and show every head.
    public func currentHeads() throws(RevisionError) -> (head: Head, tips: [ObjectID]) {
        let head: Head
        do {
            head = try self.head.read()
            switch head {
            case .detached(let id): return (head, [id])
            case .thread(let name):
                let tips = try refs.heads(of: name)
                // Unborn, or renamed away by a pull while HEAD could not follow (`followingRenames`).
                guard tips.isEmpty, case .thread(let now) = followingRenames(head), now != name else { return (head, tips) }
                return (.thread(now), try refs.heads(of: now))
            }
        } catch {
            throw .ref(error)
        }
    }

    /// The messages `text` names, like `resolve(_:walker:)`, except that a diverged thread (named,
    /// or current through `HEAD`) gives one message per head instead of an error, each with the
    /// same `~N`/`^` applied. For commands that read and can show several histories.
    public func resolveEach(_ text: String, walker: HistoryWalker? = nil) throws(RevisionError) -> [ObjectID] {
        let revision: Revision
        do {
            revision = try Revision(parsing: text)
        } catch {
            throw .syntax(error)
        }
        let walker = walker ?? self.walker()
        if revision.reflog != nil { return [try resolve(revision, text: text, walker: walker)] }
        let bases: [ObjectID]
        switch revision.base {
        case .currentThread:
            bases = [try resolve(revision, text: text, walker: walker)]
        case .head:
            let position = try currentHeads()
            guard !position.tips.isEmpty else { throw unbornError(position.head) }
            bases = position.tips
        case .name(let word):
            if let name = threadNamed(word) {
                do {
                    bases = try refs.heads(of: name)
                } catch {
                    throw .ref(error)
                }
                guard !bases.isEmpty else { throw .unknown(word) }
            } else {
                bases = [try resolveBase(word)]
            }
        }
        var result: [ObjectID] = []
        for base in bases {
            do {
                result.append(try walker.ancestor(of: base, generations: revision.generations))
            } catch {
                throw .history(error)
            }
        }
        return result
    }

    /// The one head of `name`, nil when unborn. A diverged thread is an error here.
    public func singleHead(of name: ThreadName) throws(RevisionError) -> ObjectID? {
        let heads: [ObjectID]
        do {
            heads = try refs.heads(of: name)
        } catch {
            throw .ref(error)
        }
        guard heads.count <= 1 else { throw .ref(.diverged(name, heads: heads)) }
        return heads.first
    }

    /// The message `text` names: a full or unique-prefix id (4+ hex digits), a thread name,
    /// `HEAD` or `@`, each optionally followed by `~N` or `^` (docs/CLI.md, "Revisions").
    /// A thread name wins over an id prefix that reads the same.
    public func resolve(_ text: String, walker: HistoryWalker? = nil) throws(RevisionError) -> ObjectID {
        let revision: Revision
        do {
            revision = try Revision(parsing: text)
        } catch {
            throw .syntax(error)
        }
        return try resolve(revision, text: text, walker: walker ?? self.walker())
    }

    func resolve(_ revision: Revision, text: String, walker: HistoryWalker) throws(RevisionError) -> ObjectID {
        let base: ObjectID
        switch (revision.base, revision.reflog) {
        case (let start, .entry(let index)?):
            base = try reflogValue(start, index: index, text: text)
        case (_, .previousCheckout(let count)?):
            switch try previousCheckout(count) {
            case .detached(let id): base = id
            case .thread(let name):
                guard let tip = try singleHead(of: name) else {
                    // Not the current thread, which `unbornError` would take it for: the previous one,
                    // gone since it had messages, or one that never had any.
                    throw lastKnownHead(of: name) == nil ? .unborn(currentThread: .thread(name)) : .previousThreadGone(name)
                }
                base = tip
            }
        case (.head, nil), (.currentThread, nil):
            let position = try currentPosition()
            guard let tip = position.tip else { throw unbornError(position.head) }
            base = tip
        case (.name(let word), nil):
            base = try resolveBase(word)
        }
        do {
            return try walker.ancestor(of: base, generations: revision.generations)
        } catch {
            throw .history(error)
        }
    }

    /// The thread a revision word names: `NAME`, or `refs/threads/NAME` when no thread has that
    /// whole text as its name.
    public func threadNamed(_ word: String) -> ThreadName? {
        if let name = try? ThreadName(word), refs.exists(name) { return name }
        // The same name in another Unicode form (`é` decomposed, as some systems type or paste it):
        // Swift compares strings by canonical equivalence. Only for a word outside ASCII, so that an
        // id prefix never lists the refs.
        if !word.utf8.allSatisfy({ $0 < 0x80 }), let name = try? refs.names().first(where: { $0.rawValue == word }) {
            return name
        }
        guard word.hasPrefix("refs/threads/"), let name = try? ThreadName(String(word.dropFirst("refs/threads/".count))),
              refs.exists(name) else { return nil }
        return name
    }

    private func resolveBase(_ word: String) throws(RevisionError) -> ObjectID {
        // A thread wins over a tag of the same name, and both over an id prefix (docs/FORMAT.md §5.6).
        if let name = threadNamed(word) {
            guard let id = try singleHead(of: name) else { throw .unknown(word) }
            return id
        }
        if let tag = try tagNamed(word) { return tag.target }
        let isHex = word.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
        guard isHex, (4...64).contains(word.utf8.count) else { throw unknown(word) }
        let matches: [ObjectID]
        do {
            matches = try objects.ids(withPrefix: word)
        } catch {
            throw .object(error)
        }
        switch matches.count {
        case 0: throw unknown(word)
        case 1: return matches[0]
        default: throw .ambiguous(word, candidates: matches.sorted())
        }
    }
}

extension Repository {
    /// Why HEAD names no message: its thread is new (`.unborn`), or gone (`.gone`: deleted or
    /// renamed away, here or by a pull, or on another git branch), as `send` would find it.
    func unbornError(_ head: Head) -> RevisionError {
        guard case .thread(let name) = head else { return .unborn(currentThread: head) }
        do {
            try checkUnbornForWriting(name)
        } catch {
            return .gone(error)
        }
        return .unborn(currentThread: head)
    }
}

extension Repository {
    /// `.unknown(word)`, or `.renamed` when `word` is a thread name that `renames` moved to a thread
    /// that exists: the user most likely means that one.
    func unknown(_ word: String) -> RevisionError {
        guard let name = try? ThreadName(word), let renames = try? renames(), renames.isRenamedAway(name),
              let now = try? ThreadName(renames.currentName(of: word)), refs.exists(now) else { return .unknown(word) }
        return .renamed(word, now: now.rawValue)
    }
}

/// Why a revision does not name a message.
public enum RevisionError: Error, CustomStringConvertible, Sendable {
    case syntax(RevisionSyntaxError)
    case unknown(String)
    /// A thread name that was renamed away to a thread that exists (docs/FORMAT.md §5.4).
    case renamed(String, now: String)
    case ambiguous(String, candidates: [ObjectID])
    case unborn(currentThread: Head)
    /// The current thread has no ref because it was deleted or renamed away (here or by a pull), or
    /// its messages are on another git branch: not a new thread (`checkUnbornForWriting`).
    indirect case gone(ThreadError)
    case ref(RefError)
    case object(ObjectError)
    case history(HistoryError)
    case tag(TagError)
    case beyondReflog(String, label: String, count: Int)
    case reflogDeletion(String, label: String)
    case noPreviousCheckout(Int)
    case detachedHasNoThreadReflog
    /// `@{-N}` names a thread that no longer has a ref here (deleted or renamed since).
    case previousThreadGone(ThreadName)

    public var description: String {
        switch self {
        case .syntax(let error):
            return error.description
        case .renamed(let word, let now):
            return "thread '\(word)' was renamed to '\(now)' (.threadai/renames): use '\(now)'."
        case .unknown(let word):
            return "'\(word)' names no thread, tag or message. '\(Remedy(.listThreads))' lists threads, '\(Remedy(.listTags))' tags; "
                + "'\(Remedy(.log))' shows message ids (give at least 4 hex digits)."
        case .ambiguous(let word, let candidates):
            let shown = candidates.prefix(5).map(\.short).joined(separator: ", ")
            return "the id prefix '\(word)' is ambiguous: it matches \(candidates.count) messages (\(shown)"
                + "\(candidates.count > 5 ? ", …" : "")). Give more digits."
        case .unborn(let head):
            if case .thread(let name) = head {
                return "thread '\(name)' has no messages yet. Start it with '\(Remedy(.send, "\"…\""))'."
            }
            return "HEAD names no message."
        case .gone(let error):
            return error.description
        case .ref(let error):
            return error.description
        case .object(let error):
            return error.description
        case .history(let error):
            return error.description
        case .tag(let error):
            return error.description
        case .beyondReflog(let text, let label, let count):
            return "'\(text)' goes back further than the reflog of \(label), which has \(count) "
                + "entr\(count == 1 ? "y" : "ies"). '\(Remedy(.reflog, label))' lists them."
        case .reflogDeletion(let text, let label):
            return "'\(text)' is where \(label) was deleted, so it names no message; '\(Remedy(.reflog, label))' "
                + "shows the value before (the next number)."
        case .noPreviousCheckout(let count):
            return "there is no checkout \(count) back in this working copy's HEAD reflog ('\(Remedy(.reflog, "HEAD"))')."
        case .detachedHasNoThreadReflog:
            return "HEAD is detached, so '@{N}' has no thread's reflog to read; use HEAD@{N} or NAME@{N}."
        case .previousThreadGone(let name):
            return "the previous thread, '\(name)', no longer exists (deleted or renamed); '\(Remedy(.reflog, name))' shows its last head."
        }
    }
}
