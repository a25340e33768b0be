extension Repository {
    /// The messages of `head`'s history, newest first, at most `limit`, each read whole from its
    /// object and verified: what `HistoryWalker.messages(from:limit:)` returns, error for error.
    ///
    /// The walk reads one message at a time, each naming the next, while it is short. Past the
    /// budget `listing` and `split` follow, when `cache/messages` already holds the next message,
    /// the ids still to read are taken from its parent column and read on every core at once
    /// (`ParallelReads`). The graph only says which files to open early: each message's own parent
    /// link must name the next id, the first failure in history order is the error, and where a link
    /// disagrees the walk goes on one message at a time from the message's own parent (docs/FORMAT.md
    /// §12 rule 7). The graph is not built or extended here.
    public func messages(
        from head: ObjectID, limit: Int?, walker: HistoryWalker
    ) throws(ThreadError) -> [(id: ObjectID, message: Message)] {
        try messages(from: head, limit: limit, walker: walker, budget: graphWalkBudget())
    }

    /// `messages(from:limit:walker:)`, turning to the graph after `budget` messages read one by one.
    func messages(
        from head: ObjectID, limit: Int?, walker: HistoryWalker, budget: Int
    ) throws(ThreadError) -> [(id: ObjectID, message: Message)] {
        do {
            var walk = try walker.messages(from: head, limit: limit, budget: budget)
            guard let next = walk.next else { return walk.read }
            let remaining = limit.map { $0 - walk.read.count }
            guard let graph = storedMessageGraph(), let records = graph.history(from: next, limit: remaining) else {
                return walk.read + (try walker.messages(from: next, limit: remaining))
            }
            let ids = records.map(graph.id)
            let cutByLimit = remaining == ids.count
            for (index, result) in ParallelReads.messages(ids, from: objects).enumerated() {
                let message: Message
                switch result {
                case .success(let read): message = read
                case .failure(let error): throw HistoryError.object(error)
                }
                walk.read.append((ids[index], message))
                let isLast = index + 1 == ids.count
                guard message.parent != (isLast ? nil : ids[index + 1]), !(isLast && cutByLimit) else { continue }
                guard let parent = message.parent else { return walk.read }
                return walk.read + (try walker.messages(from: parent, limit: limit.map { $0 - walk.read.count }))
            }
            return walk.read
        } catch {
            throw ThreadError(wrapping: error)
        }
    }
}
