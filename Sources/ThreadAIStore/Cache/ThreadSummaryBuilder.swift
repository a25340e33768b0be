/// Computes thread summaries (docs/FORMAT.md §5.3, §12.1) from the objects, reading frontmatter only
/// (plus one message's content for the title).
///
/// A thread's own messages are walked from its head down to its fork point. Below a fork point only
/// two facts are needed — the length of the history and its newest user message — and they are
/// remembered per message, so many forks of one conversation walk the shared history once. Memory
/// is those two facts per message below a fork point, never the messages themselves.
/// Not thread-safe: make one per operation.
struct ThreadSummaryBuilder {
    private struct ChainFacts {
        /// Messages from the root to this one, inclusive.
        var length: Int
        /// The newest user message among them: the question a fork with no message of its own is titled by.
        var newestUser: ObjectID?
    }

    let objects: ObjectStore
    let renames: Renames
    private var facts: [ObjectID: ChainFacts] = [:]

    init(objects: ObjectStore, renames: Renames) {
        self.objects = objects
        self.renames = renames
    }

    /// The summary of thread `name`, whose ref holds `heads` (at least one); computed for the first head.
    mutating func summary(of name: ThreadName, heads: [ObjectID]) throws(HistoryError) -> CachedThreadSummary {
        var next: ObjectID? = heads[0]
        var own = 0
        var oldestOwnUser: ObjectID?
        var oldestOwnReply: ObjectID?
        var fork: (id: ObjectID, owner: String)?
        var lastDate: Timestamp?
        var seen: Set<ObjectID> = []
        while let current = next {
            guard seen.insert(current).inserted else { throw .cycle(at: current) }
            let header = try header(current)
            if lastDate == nil { lastDate = header.date }
            let owner = renames.currentName(of: header.thread.rawValue)
            if owner != name.rawValue {
                fork = (current, owner)
                break
            }
            own += 1
            if header.role == .user { oldestOwnUser = current }
            if header.role == .assistant { oldestOwnReply = current }
            next = header.parent
        }
        let below = try fork.map { fork throws(HistoryError) in try chainFacts(at: fork.id) }
        // From the thread's own messages, so that a fork is never titled by its root's question.
        let titleSource: CachedThreadSummary.TitleSource
        let titleMessage: ObjectID?
        if let oldestOwnUser {
            (titleSource, titleMessage) = (.own, oldestOwnUser)
        } else if let oldestOwnReply {
            (titleSource, titleMessage) = (.reply, oldestOwnReply)
        } else if let user = below?.newestUser {
            (titleSource, titleMessage) = (.fork, user)
        } else {
            (titleSource, titleMessage) = (.none, nil)
        }
        let title: String
        do {
            title = try titleMessage.map { id throws(ObjectError) in ThreadSummary.title(of: try objects.message(id).content) } ?? ""
        } catch {
            throw .object(error)
        }
        let summary = ThreadSummary(
            name: name, heads: heads, forkPoint: fork?.id, parent: fork?.owner,
            messageCount: own + (below?.length ?? 0), ownMessageCount: own, title: title, lastDate: lastDate)
        return CachedThreadSummary(summary: summary, titleSource: titleSource)
    }

    /// The length of `id`'s history and its newest user message, walking down only to the first
    /// message whose facts are known already.
    private mutating func chainFacts(at id: ObjectID) throws(HistoryError) -> ChainFacts {
        var path: [(id: ObjectID, isUser: Bool)] = []
        var next: ObjectID? = id
        var base = ChainFacts(length: 0, newestUser: nil)
        var seen: Set<ObjectID> = []
        while let current = next {
            if let known = facts[current] {
                base = known
                break
            }
            // A cycle cannot happen with content addressing unless a file was tampered with.
            guard seen.insert(current).inserted else { throw .cycle(at: current) }
            let header = try header(current)
            path.append((current, header.role == .user))
            next = header.parent
        }
        for step in path.reversed() {
            base.length += 1
            if step.isUser { base.newestUser = step.id }
            facts[step.id] = base
        }
        return facts[id] ?? base
    }

    private func header(_ id: ObjectID) throws(HistoryError) -> MessageHeader {
        do {
            return try objects.header(id)
        } catch {
            throw .object(error)
        }
    }
}

extension ThreadSummary {
    /// The title `threads` shows for a message's content: its first line that is not empty, cut to
    /// 59 characters and `…` when over 60.
    static func title(of content: String) -> String {
        let line = content.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > 60 ? String(line.prefix(59)) + "…" : line
    }
}
