/// What `log --graph` draws of a selection: its messages in display order, and where merged answers
/// came from.
public struct HistoryGraph: Sendable {
    /// The messages, children before their parent and each line of history contiguous.
    public var ordered: [DatedGraphNode<ObjectID, Timestamp>]
    /// For each message a merged outcome came from (docs/FORMAT.md §4.8), the messages that record
    /// the merge: the graph draws that sub-thread as a lane beside the history.
    public var mergedInto: [ObjectID: [ObjectID]]
}

extension Repository {
    /// The messages of `selection` as `log --graph` draws them, at most `limit`, each read once for its
    /// frontmatter; a merged outcome brings the history it came from (while the store holds it), so
    /// the link shows as a lane.
    public func graphToShow(_ selection: HistorySelection, limit: Int?, walker: HistoryWalker) throws(ThreadError) -> HistoryGraph {
        var heads = selection.heads
        var nodes: [ObjectID: (parent: ObjectID?, date: Timestamp)] = [:]
        var mergedInto: [ObjectID: [ObjectID]] = [:]
        var pending = heads
        do {
            while let head = pending.popLast() {
                var next: ObjectID? = head
                while let id = next, nodes[id] == nil, !selection.excluded.contains(id) {
                    let header = try walker.header(id)
                    nodes[id] = (header.parent, header.date)
                    if let link = header.mergeLink, objects.contains(link.from) {
                        mergedInto[link.from, default: []].append(id)
                        if nodes[link.from] == nil { pending.append(link.from); heads.append(link.from) }
                    }
                    next = header.parent
                }
            }
        } catch {
            throw .object(error)
        }
        var ordered = TopologicalOrder.order(
            nodes: nodes.map { DatedGraphNode(id: $0.key, parent: $0.value.parent, date: $0.value.date) }, heads: heads)
        if let limit { ordered = Array(ordered.prefix(limit)) }
        return HistoryGraph(ordered: ordered, mergedInto: mergedInto)
    }

    /// Every message `threadHeads` and a detached `HEAD` reach, each once, as the records of the message
    /// graph (docs/FORMAT.md §12.2) in `log --graph`'s order (children before their parent, each
    /// thread's line contiguous), at most `limit`; with the histories of `also` (messages named on the
    /// command line, which no ref may reach). One compact file instead of every message.
    public func everyMessageToShow(
        threadHeads: [ObjectID], also: [ObjectID], limit: Int?, walker: HistoryWalker
    ) throws(ThreadError) -> (graph: MessageGraph, ordered: [Int]) {
        var heads = also + threadHeads
        do {
            if case .detached(let id) = try head.read() { heads.append(id) }
        } catch {
            throw .ref(error)
        }
        let graph = try messageGraph(reaching: heads)
        try readReachedOnly(by: also, besides: Array(heads.dropFirst(also.count)), in: graph, walker: walker)
        let ordered = TopologicalOrder.order(
            count: graph.count, parent: graph.parent, heads: heads.compactMap(graph.record(of:)),
            isOlder: { lhs, rhs in
                let (a, b) = (graph.seconds(lhs), graph.seconds(rhs))
                return a != b ? a < b : lhs > rhs  // Records are numbered in id order.
            })
        return (graph, limit.map { Array(ordered.prefix($0)) } ?? ordered)
    }

    /// Reads the frontmatter of each message that only `extra` reaches (a reflog entry given with
    /// `--all`), as the walk without the cache does: the graph vouches for what the refs reached when
    /// it was built, but a message no ref keeps may have left the store since (`git reset --hard`).
    private func readReachedOnly(
        by extra: [ObjectID], besides refHeads: [ObjectID], in graph: MessageGraph, walker: HistoryWalker
    ) throws(ThreadError) {
        guard !extra.isEmpty else { return }
        var reached = [Bool](repeating: false, count: graph.count)
        for head in refHeads {
            var next = graph.record(of: head)
            while let record = next, !reached[record] {
                reached[record] = true
                next = graph.parent(record)
            }
        }
        do {
            for head in extra {
                var next: ObjectID? = head
                while let id = next {
                    let record = graph.record(of: id)
                    if let record, reached[record] { break }
                    next = try walker.header(id).parent
                    if let record { reached[record] = true }
                }
            }
        } catch {
            throw .object(error)
        }
    }

    /// Every message of every thread, each once, newest first: by date, then (for messages of one
    /// second) the deeper in its history first, so a reply comes before the question it answers, then
    /// id. What `log --at-code` filters when no revision is given.
    public func everyMessageByDate(walker: HistoryWalker) throws(ThreadError) -> [(id: ObjectID, message: Message)] {
        var seen: [ObjectID: (message: Message, depth: Int)] = [:]
        do {
            for name in try refs.names() {
                for head in try refs.heads(of: name) {
                    let history = try walker.messages(from: head)
                    for (index, entry) in history.enumerated() where seen[entry.id] == nil {
                        seen[entry.id] = (entry.message, history.count - index)
                    }
                }
            }
        } catch {
            throw ThreadError(wrapping: error)
        }
        return seen.sorted { ($0.value.message.date.rfc3339, $0.value.depth, $0.key.hex) > ($1.value.message.date.rfc3339, $1.value.depth, $1.key.hex) }
            .map { (id: $0.key, message: $0.value.message) }
    }
}
