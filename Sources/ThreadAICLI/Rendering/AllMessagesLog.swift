import ThreadAI

/// `log --all` without `--graph`: every thread's messages, each once, in `log --graph --all`'s order
/// (children before their parent, each thread's own line together), as `log` prints one history.
///
/// The order and the one-line form come from the message graph (docs/FORMAT.md §12.2), one compact
/// file, not from walking each thread; the full form and `--json` also read each shown message's
/// object once, as it is written, so memory stays the graph's size.
enum AllMessagesLog {
    enum Form {
        case full, oneline, json
    }

    static func write(
        repository: Repository, threads: ReadableThreads, also: [ObjectID], form: Form, limit: Int?, reverse: Bool, decorate: Bool, style: Style,
        to output: any TextOutput
    ) throws {
        let decorations = decorate || form == .json
            ? try Decorations(repository: repository, walker: repository.walker(), shown: nil, threads: threads.threads) : .none
        var (graph, ordered) = try repository.everyMessageToShow(
            threadHeads: threads.threads.flatMap(\.heads), also: also, limit: limit, walker: repository.walker())
        if reverse { ordered.reverse() }
        let merges = try MergeLabels(repository: repository)
        let anchors = repository.anchors()
        let links = try GraphMergeLinks(ordered, of: graph, walker: repository.walker())
        var json = form == .json ? JSONArrayWriter(to: output) : nil
        for record in ordered {
            let id = graph.id(record)
            if form == .oneline {
                output.line(OneLine.render(record: record, of: graph, labels: decorations[id] + links.labels(of: record, in: graph, merges), style: style))
                continue
            }
            let message = try repository.objects.message(id)
            if json != nil {
                try json?.append(MessageJSON(id: id, message: message, forks: decorations.forks(at: id), tags: decorations.tags(at: id)))
            } else {
                MessageBlock.write(id: id, message: message, decorations: decorations[id], merges: merges, anchors: anchors, style: style, to: output)
            }
        }
        try json?.finish()
    }
}
