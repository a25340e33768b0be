import ThreadAI

extension LogCommand {
    /// How many messages of a long history a streamed `log` holds at a time.
    static let streamWindow = 256

    /// `log` of one history, in full blocks or `--json`, written a window at a time as it is read
    /// (`Repository.history(from:limit:walker:packed:window:each:)`), so memory holds one window of
    /// the history, not all of it: the same bytes `write` prints of the whole history. Labels are
    /// worked out for each window's messages.
    static func writeStreamed(
        from start: ObjectID, limit: Int?, json: Bool, decorate: Bool, repository: Repository, walker: HistoryWalker,
        _ context: CommandContext
    ) throws -> ExitStatus {
        // `--json` always fills `forks` and `tags`.
        let threads = decorate || json ? try repository.refs.allHeads(leavingOutMalformed: true).threads : nil
        let merges = try MergeLabels(repository: repository)
        var array = json ? JSONArrayWriter(to: context.output) : nil
        let writer = BackgroundWriter(context.output, depth: MessageBlock.writerDepth)
        var failure: (any Error)?
        do {
            defer { writer.finish() }
            try repository.history(from: start, limit: limit, walker: walker, packed: true, window: streamWindow) { part in
                do {
                    let decorations = try threads.map {
                        try Decorations(repository: repository, walker: walker, shown: Set(part.map(\.id)), threads: $0)
                    } ?? .none
                    guard var items = array else {
                        MessageBlock.write(part, decorations: decorations, merges: merges, style: context.style, to: writer)
                        return true
                    }
                    try items.append(contentsOf: part.map { id, message in
                        MessageJSON(id: id, message: message, forks: decorations.forks(at: id), tags: decorations.tags(at: id))
                    })
                    array = items
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
