/// One thread as `threads` shows it: where it forks off, its head, its size and a title.
public struct ThreadSummary: Sendable, Equatable {
    public var name: ThreadName
    /// One head, or several when the thread has diverged.
    public var heads: [ObjectID]
    /// The newest message of its history that it does not own (docs/FORMAT.md §5.3); nil for a root thread.
    public var forkPoint: ObjectID?
    /// The owner of the fork point, by its current name (it may no longer exist as a thread).
    public var parent: String?
    /// Messages in its whole history, root to head.
    public var messageCount: Int
    /// Messages it owns, after the fork point.
    public var ownMessageCount: Int
    /// The first line of its first own user message, else of the first user message of its history.
    public var title: String
    public var lastDate: Timestamp?
}

extension Repository {
    /// Every thread, with the facts `threads` shows, in the order of the refs' names. Read from
    /// `cache/threads` where current; otherwise each thread's own messages and the history below its
    /// fork point are walked once, frontmatter only, plus one body per thread for its title
    /// (docs/FORMAT.md §12.1). The `walker` is not needed any more and is ignored.
    public func threadSummaries(walker: HistoryWalker? = nil) throws(ThreadError) -> [ThreadSummary] {
        let (summaries, unreadable) = try readableThreadSummaries()
        if let first = unreadable.first { throw first.error }
        return summaries
    }

    /// `threadSummaries()` of every thread whose ref and history read, and why each other one does
    /// not (a message missing after a `git revert`, a ref file damaged by hand), in the order of the
    /// refs' names: for a listing that shows what it can, as `git for-each-ref` goes past a broken ref.
    public func readableThreadSummaries() throws(ThreadError) -> (
        summaries: [ThreadSummary], unreadable: [(name: ThreadName, error: ThreadError)]
    ) {
        let renames = try renamesOrThrow()
        // `cache/threads` (640 KB for 3,000 threads: read, checked, parsed) does not depend on the
        // refs, so a large one is read on another core while this one reads every ref.
        let large = usesCache && renames.cacheKey != nil
            && ((try? FilePaths.status(cache.path(of: ThreadSummaryFile.kind)))??.size ?? 0) >= Self.summariesWorthASecondCore
        let stored = large ? BackgroundWork { [self] in storedSummaries(renames: renames) } : nil
        let threads: [(name: ThreadName, heads: [ObjectID])]
        var unreadable: [(name: ThreadName, error: ThreadError)] = []
        do {
            let listing = try refs.allHeads(leavingOutMalformed: true)
            threads = listing.threads
            unreadable = listing.malformed.map { ($0.name, .ref($0.error)) }
        } catch {
            _ = stored?.wait()
            throw .ref(error)
        }
        // Spelled out: `stored.flatMap { $0.wait() }` would turn "not read yet" into "read, absent".
        let storedFile: ThreadSummaryFile?? = if let stored { .some(stored.wait()) } else { .none }
        let cached = try cachedSummaries(of: threads, renames: renames, strict: false, stored: storedFile) {
            unreadable.append(($0, $1))
        }
        // In name order, as every listing is.
        unreadable.sort { $0.name < $1.name }
        return (threads.compactMap { cached[$0.name]?.summary }, unreadable)
    }

    /// The size of `cache/threads` (about 200 bytes a thread) above which it is read on another core.
    static let summariesWorthASecondCore: Int64 = 64 << 10

    /// Where threads fork off: each thread's fork point and parent (docs/FORMAT.md §5.3).
    ///
    /// With `within`, only fork points inside that set of messages are wanted (those a `log` shows).
    /// A thread's first head is answered from `cache/threads` (computed and cached when stale); the
    /// other heads of a diverged thread walk their own messages, stopping once a walk leaves the set.
    /// A thread whose history cannot be read is left out, so a `log` of a sound thread still works.
    /// - Parameter threads: every thread with its heads (`threadHeads()`), when the caller has read them already.
    public func forkPoints(
        of threads: [(name: ThreadName, heads: [ObjectID])]? = nil, walker: HistoryWalker? = nil,
        within shown: Set<ObjectID>? = nil
    ) throws(ThreadError) -> [(thread: ThreadName, forkPoint: ObjectID, parent: String)] {
        let walker = walker ?? self.walker()
        let renames = try renamesOrThrow()
        var result: [(thread: ThreadName, forkPoint: ObjectID, parent: String)] = []
        do {
            let threads = try threads ?? threadHeads()
            let cached = try cachedSummaries(of: threads, renames: renames, strict: false)
            for (name, heads) in threads {
                if let summary = cached[name]?.summary, let fork = summary.forkPoint, let parent = summary.parent,
                   shown?.contains(fork) ?? true {
                    result.append((name, fork, parent))
                }
                for head in heads.dropFirst() {
                    if let fork = try forkPoint(of: name, head: head, walker: walker, renames: renames, within: shown) {
                        result.append((name, fork.id, fork.parent))
                    }
                }
            }
        } catch {
            throw ThreadError(wrapping: error)
        }
        return result
    }

    /// Walks from `head` down to the first message `name` does not own: its fork point, the owner
    /// (the parent thread) and how many own messages lie above it. Nil for a root thread, or, with
    /// `within`, when the fork point is not in that set (the walk stops once it leaves the set).
    private func forkPoint(
        of name: ThreadName, head: ObjectID, walker: HistoryWalker, renames: Renames, within shown: Set<ObjectID>?
    ) throws(ObjectError) -> (id: ObjectID, parent: String, own: Int)? {
        var next: ObjectID? = head
        var own = 0
        var enteredShown = false
        while let current = next {
            let isShown = shown?.contains(current) ?? true
            if enteredShown && !isShown { return nil }
            enteredShown = enteredShown || isShown
            let header = try walker.header(current)
            let owner = renames.currentName(of: header.thread.rawValue)
            if owner != name.rawValue { return isShown ? (current, owner, own) : nil }
            own += 1
            next = header.parent
        }
        return nil
    }
}
