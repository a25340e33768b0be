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
    /// Every thread, with the facts `threads` shows. Walks each message reachable from a thread
    /// once, reading frontmatter only (plus one body per thread for its title).
    public func threadSummaries(walker: HistoryWalker? = nil) throws(ThreadError) -> [ThreadSummary] {
        let walker = walker ?? self.walker()
        let renames = try renamesOrThrow()
        var summaries: [ThreadSummary] = []
        do {
            for name in try refs.names() {
                let heads = try refs.heads(of: name)
                guard let head = heads.first else { continue }
                let chain = try walker.chain(to: head)
                let fork = try forkPoint(of: name, head: head, walker: walker, renames: renames, within: nil)
                let own = fork?.own ?? chain.count
                let (forkPoint, parent) = (fork?.id, fork?.parent)
                let ownIDs = chain.suffix(own)
                let title = try firstUserLine(in: Array(ownIDs), walker: walker)
                    ?? firstUserLine(in: chain, walker: walker) ?? ""
                summaries.append(ThreadSummary(
                    name: name, heads: heads, forkPoint: forkPoint, parent: parent,
                    messageCount: chain.count, ownMessageCount: own, title: title,
                    lastDate: try walker.header(head).date))
            }
        } catch {
            throw ThreadError(wrapping: error)
        }
        return summaries
    }

    /// Where threads fork off: each thread's fork point and parent (docs/FORMAT.md §5.3).
    ///
    /// With `within`, only fork points inside that set of messages are wanted (those a `log` shows),
    /// and a walk stops as soon as it leaves the set again: the cost is each thread's own messages
    /// down to the set, not the repository. Without it, every fork point is found.
    public func forkPoints(
        walker: HistoryWalker? = nil, within shown: Set<ObjectID>? = nil
    ) throws(ThreadError) -> [(thread: ThreadName, forkPoint: ObjectID, parent: String)] {
        let walker = walker ?? self.walker()
        let renames = try renamesOrThrow()
        var result: [(thread: ThreadName, forkPoint: ObjectID, parent: String)] = []
        do {
            for name in try refs.names() {
                for head in try refs.heads(of: name) {
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

    private func firstUserLine(in ids: [ObjectID], walker: HistoryWalker) throws(ObjectError) -> String? {
        for id in ids where try walker.header(id).role == .user {
            let content = try objects.message(id).content
            let line = content.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            return line.count > 60 ? String(line.prefix(59)) + "…" : line
        }
        return nil
    }
}
