import ThreadAI

extension LogCommand {
    /// `log` of a history, in full blocks or `--json`, written a part at a time as the store hands it
    /// over (`Repository.historyToShow`), so memory holds one part of the history, not all of it: the
    /// same bytes `write` prints of the whole history. Labels are worked out for each part's messages.
    static func writeStreamed(
        _ selection: HistorySelection, limit: Int?, json: Bool, decorate: Bool, repository: Repository, walker: HistoryWalker,
        _ context: CommandContext
    ) throws -> ExitStatus {
        // `--json` always fills `forks` and `tags`.
        let threads = decorate || json ? try repository.refs.allHeads(leavingOutMalformed: true).threads : nil
        let merges = try MergeLabels(repository: repository)
        let anchors = repository.anchors()
        var array = json ? JSONArrayWriter(to: context.output) : nil
        // Made at the first long part: a history of a few hundred messages (most threads) is
        // written as before, with no thread to start.
        var writer: BackgroundWriter?
        var failure: (any Error)?
        do {
            defer { writer?.finish() }
            try repository.historyToShow(selection, limit: limit, walker: walker) { part in
                do {
                    let decorations = try threads.map {
                        try Decorations(repository: repository, walker: walker, shown: Set(part.map(\.id)), threads: $0)
                    } ?? .none
                    if var items = array {
                        try items.append(contentsOf: part.map { id, message in
                            MessageJSON(id: id, message: message, forks: decorations.forks(at: id), tags: decorations.tags(at: id))
                        })
                        array = items
                    } else if writer == nil, !MessageBlock.isLong(part) {
                        MessageBlock.write(part, decorations: decorations, merges: merges, anchors: anchors, style: context.style, to: context.output)
                    } else {
                        let background = writer ?? BackgroundWriter(context.output, depth: MessageBlock.writerDepth)
                        writer = background
                        MessageBlock.write(part, decorations: decorations, merges: merges, anchors: anchors, style: context.style, to: background)
                    }
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
        }
        if let failure { throw failure }
        try array?.finish()
        return .success
    }
}
