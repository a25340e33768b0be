/// What a view of the history shows (`log REV`, `log A..B`, `log A...B`): the histories of `heads`,
/// each message once, down to (not including) the first message of `excluded`, a range's other side.
public struct HistorySelection: Sendable, Equatable {
    public var heads: [ObjectID]
    public var excluded: Set<ObjectID>

    public init(heads: [ObjectID], excluding excluded: Set<ObjectID> = []) {
        self.heads = heads
        self.excluded = excluded
    }
}

extension Repository {
    /// The messages of `selection` for a view, newest first, each once, at most `limit`, handed to
    /// `each` a part at a time until it returns false: the caller renders, the store decides how the
    /// history is read.
    ///
    /// - One head: `history(from:limit:walker:packed:each:)` with the rest of a long history read on
    ///   every core from the chain the message graph names, from `cache/objects` where it holds them
    ///   (docs/FORMAT.md §12.4, each record checked against its id) and added to it. A view may take
    ///   them from there; a writer never does (it reads `history(from:limit:walker:)`, §10.3). Parts
    ///   past the first are sized by `window(after:)`, so memory holds one part, not the history.
    /// - A range: the walk from the head down to the other side, in one part.
    /// - Several heads (a diverged thread, `A...B`): their union in `log --graph`'s order, children
    ///   before their parent and each head's own line contiguous (dates alone cannot order messages
    ///   of one second), in one part.
    public func historyToShow(
        _ selection: HistorySelection, limit: Int?, walker: HistoryWalker, each: ([(id: ObjectID, message: Message)]) -> Bool
    ) throws(ThreadError) {
        guard selection.heads.count > 1 else {
            guard let head = selection.heads.first else { return }
            guard selection.excluded.isEmpty else {
                do {
                    _ = each(try walker.messages(from: head, limit: limit, excluding: selection.excluded))
                } catch {
                    throw .history(error)
                }
                return
            }
            try history(from: head, limit: limit, walker: walker, packed: true) { part in
                each(part) ? Self.window(after: part) : 0
            }
            return
        }
        _ = each(try union(of: selection, limit: limit, walker: walker))
    }

    /// `historyToShow(_:limit:walker:each:)` whole.
    public func historyToShow(
        _ selection: HistorySelection, limit: Int?, walker: HistoryWalker
    ) throws(ThreadError) -> [(id: ObjectID, message: Message)] {
        var messages: [(id: ObjectID, message: Message)] = []
        try historyToShow(selection, limit: limit, walker: walker) { part in
            messages += part
            return true
        }
        return messages
    }

    /// How many messages of a long history a view takes next, after `part`: about 4 MiB of content,
    /// as `part` measures it, between 64 and 2,048 messages. Parts of messages of 1 KB hold 2,048
    /// (few rounds of work for the cores); of 20 KB, about 200 (memory stays tens of MiB).
    static func window(after part: [(id: ObjectID, message: Message)]) -> Int {
        let bytes = part.reduce(0) { $0 + $1.message.content.utf8.count }
        return max(64, min(2_048, (4 << 20) / max(1, bytes / max(1, part.count))))
    }

    private func union(
        of selection: HistorySelection, limit: Int?, walker: HistoryWalker
    ) throws(ThreadError) -> [(id: ObjectID, message: Message)] {
        var messages: [ObjectID: Message] = [:]
        do {
            for head in selection.heads {
                for entry in try walker.messages(from: head, excluding: selection.excluded) where messages[entry.id] == nil {
                    messages[entry.id] = entry.message
                }
            }
        } catch {
            throw .history(error)
        }
        let nodes = messages.map { DatedGraphNode(id: $0.key, parent: $0.value.parent, date: $0.value.date) }
        let ordered = TopologicalOrder.order(nodes: nodes, heads: selection.heads).prefix(limit ?? Int.max)
        return ordered.compactMap { node in messages[node.id].map { (node.id, $0) } }
    }
}
