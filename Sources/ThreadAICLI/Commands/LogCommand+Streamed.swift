import ThreadAI

extension LogCommand {
    /// How many messages of a long history a streamed `log` takes next, after `part`: about 4 MiB of
    /// content, as `part` measures it, between 64 and 2,048 messages. Parts of messages of 1 KB hold
    /// 2,048 (few rounds of work for the cores); of 20 KB, about 200 (memory stays tens of MiB).
    static func window(after part: [(id: ObjectID, message: Message)]) -> Int {
        let bytes = part.reduce(0) { $0 + $1.message.content.utf8.count }
        return max(64, min(2_048, (4 << 20) / max(1, bytes / max(1, part.count))))
    }

    /// `log` of one history, in full blocks or `--json`, written a part at a time as it is read
    /// (`Repository.history(from:limit:walker:packed:each:)`), so memory holds one part of the
    /// history, not all of it: the same bytes `write` prints of the whole history. Labels are
    /// worked out for each part's messages.
    static func writeStreamed(
        from start: ObjectID, limit: Int?, json: Bool, decorate: Bool, repository: Repository, walker: HistoryWalker,
        _ context: CommandContext
    ) throws -> ExitStatus {
        // `--json` always fills `forks` and `tags`.
        let threads = decorate || json ? try repository.refs.allHeads(leavingOutMalformed: true).threads : nil
        let merges = try MergeLabels(repository: repository)
        var array = json ? JSONArrayWriter(to: context.output) : nil
        // Made at the first long part: a history of a few hundred messages (most threads) is
        // written as before, with no thread to start.
        var writer: BackgroundWriter?
        var failure: (any Error)?
        do {
            defer { writer?.finish() }
            try repository.history(from: start, limit: limit, walker: walker, packed: true) { part in
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
                        MessageBlock.write(part, decorations: decorations, merges: merges, style: context.style, to: context.output)
                    } else {
                        let background = writer ?? BackgroundWriter(context.output, depth: MessageBlock.writerDepth)
                        writer = background
                        MessageBlock.write(part, decorations: decorations, merges: merges, style: context.style, to: background)
                    }
                    return window(after: part)
                } catch {
                    failure = error
                    return 0
                }
            }
        }
        if let failure { throw failure }
        try array?.finish()
        return .success
    }
}
