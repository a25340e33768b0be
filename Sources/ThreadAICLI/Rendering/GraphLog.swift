import ThreadAI

/// `log --graph [--all]`: one line per message with the thread tree drawn beside it.
enum GraphLog {
    /// The messages of `selection` (`Repository.graphToShow`), one line each with the tree beside them.
    static func write(
        repository: Repository, walker: HistoryWalker, _ selection: HistorySelection, limit: Int?,
        decorate: Bool, style: Style, to output: any TextOutput
    ) throws {
        let graph = try repository.graphToShow(selection, limit: limit, walker: walker)
        let ordered = graph.ordered
        let merges = try MergeLabels(repository: repository)
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
                    let labels = decorations[id] + merges.from(message.mergeLink) + MergeLabels.into(graph.mergedInto[id])
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
        let (graph, ordered) = try repository.everyMessageToShow(
            threadHeads: threads.threads.flatMap(\.heads), also: also, limit: limit, walker: repository.walker())
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
}
