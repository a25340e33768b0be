import ThreadAI

/// `log --graph [--all]`: one line per message with the thread tree drawn beside it.
enum GraphLog {
    /// The histories of `heads`, down to the first message of `excluded` (a range's other side).
    static func write(
        repository: Repository, walker: HistoryWalker, heads: [ObjectID], excluding excluded: Set<ObjectID>, limit: Int?,
        decorate: Bool, style: Style, to output: any TextOutput
    ) throws {
        var heads = heads
        var nodes: [ObjectID: (parent: ObjectID?, date: Timestamp)] = [:]
        // A merged outcome (docs/FORMAT.md §4.8) draws the sub-thread it came from beside the history,
        // so the link shows as a lane: the merged answer is labelled with where it went.
        var mergedInto: [ObjectID: [ObjectID]] = [:]
        var pending = heads
        while let head = pending.popLast() {
            var next: ObjectID? = head
            while let id = next, nodes[id] == nil, !excluded.contains(id) {
                let header = try walker.header(id)
                nodes[id] = (header.parent, header.date)
                if let link = header.mergeLink, repository.objects.contains(link.from) {
                    mergedInto[link.from, default: []].append(id)
                    if nodes[link.from] == nil { pending.append(link.from); heads.append(link.from) }
                }
                next = header.parent
            }
        }
        let merges = try MergeLabels(repository: repository)
        var ordered = TopologicalOrder.order(
            nodes: nodes.map { DatedGraphNode(id: $0.key, parent: $0.value.parent, date: $0.value.date) }, heads: heads)
        if let limit { ordered = Array(ordered.prefix(limit)) }
        let decorations = decorate ? try Decorations(repository: repository, walker: walker, shown: Set(ordered.map(\.id))) : .none
        // Rows are made and written one message at a time: a large history's drawing never sits in memory.
        var layout = GraphLayout<ObjectID>()
        var rows: [GraphRow<ObjectID>] = []
        for node in ordered {
            layout.place(node.graphNode, appendingTo: &rows)
            for row in rows {
                switch row {
                case .connector(let text):
                    output.line(style.dim(text))
                case .node(let prefix, let id):
                    let message = try walker.message(id)
                    let labels = decorations[id] + merges.from(message.mergeLink) + MergeLabels.into(mergedInto[id])
                    output.line(prefix + OneLine.render(id: id, message: message, labels: labels, style: style))
                }
            }
            rows.removeAll(keepingCapacity: true)
        }
    }

    /// `--all`: the whole repository from the message graph (docs/FORMAT.md §12.2), one compact file,
    /// instead of reading every message; each row is written as soon as it is placed.
    static func writeAll(
        repository: Repository, threads: ReadableThreads, also: [ObjectID], limit: Int?, decorate: Bool, style: Style,
        to output: any TextOutput
    ) throws {
        // Labels first: what computing them holds is freed before the graph is loaded.
        let decorations = decorate
            ? try Decorations(repository: repository, walker: repository.walker(), shown: nil, threads: threads.threads) : .none
        let (graph, ordered) = try everyMessage(repository, threads: threads, also: also, limit: limit)
        let merges = try MergeLabels(repository: repository)
        let links = try GraphMergeLinks(ordered, of: graph, walker: repository.walker())
        var layout = GraphLayout<Int>()
        var rows: [GraphRow<Int>] = []
        for record in ordered {
            layout.place(GraphNode(id: record, parent: graph.parent(record)), appendingTo: &rows)
            for row in rows {
                switch row {
                case .connector(let text):
                    output.line(style.dim(text))
                case .node(let prefix, let record):
                    let id = graph.id(record)
                    let labels = decorations[id] + links.labels(of: record, in: graph, merges)
                    output.line(prefix + OneLine.render(record: record, of: graph, labels: labels, style: style))
                }
            }
            rows.removeAll(keepingCapacity: true)
        }
    }

    /// Every message `threads` reach, each once, as the records of the message graph in `log --graph`'s
    /// order (children before their parent, each thread's line contiguous), at most `limit`; with the
    /// histories of `also` (messages named on the command line).
    static func everyMessage(
        _ repository: Repository, threads: ReadableThreads, also: [ObjectID], limit: Int?
    ) throws -> (graph: MessageGraph, ordered: [Int]) {
        var heads = also + threads.threads.flatMap(\.heads)
        if case .detached(let id) = try repository.head.read() { heads.append(id) }
        let graph = try repository.messageGraph(reaching: heads)
        try readReachedOnly(by: also, besides: Array(heads.dropFirst(also.count)), in: graph, walker: repository.walker())
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
    private static func readReachedOnly(
        by extra: [ObjectID], besides refHeads: [ObjectID], in graph: MessageGraph, walker: HistoryWalker
    ) throws {
        guard !extra.isEmpty else { return }
        var reached = [Bool](repeating: false, count: graph.count)
        for head in refHeads {
            var next = graph.record(of: head)
            while let record = next, !reached[record] {
                reached[record] = true
                next = graph.parent(record)
            }
        }
        for head in extra {
            var next: ObjectID? = head
            while let id = next {
                let record = graph.record(of: id)
                if let record, reached[record] { break }
                next = try walker.header(id).parent
                if let record { reached[record] = true }
            }
        }
    }
}
