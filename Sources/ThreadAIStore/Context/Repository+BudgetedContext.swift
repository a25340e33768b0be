extension Repository {
    /// A context builder fed with what the context of `id`'s history needs for `budget`; build it with
    /// that budget (or a smaller one). The context is the one `contextBuilder(upTo:)` would give,
    /// except that `dropped` holds only the dropped turns that were read (`droppedCount` counts all).
    ///
    /// A history whose context leaves turns out is read in three parts (docs/DESIGN.md, "Context"):
    /// - from the root, the messages up to where the estimate passes the budget: only their replies'
    ///   recorded usage can calibrate the estimates;
    /// - from the head back, the turns down to one that, with the turns after it, exceeds the budget
    ///   however large the system prompt: every turn before it is left out;
    /// - the system prompt in force.
    ///
    /// The ids and roles between come from `cache/messages`, so those messages are neither read nor
    /// checked: `send` costs the same at any depth. A history shorter than that, or with no budget,
    /// or with no cache, is read whole, as `contextBuilder(upTo:)` does.
    public func contextBuilder(upTo id: ObjectID?, budget: Int?) throws(ThreadError) -> ContextBuilder {
        guard let id, let budget, cache.isEnabled else { return try contextBuilder(upTo: id) }
        let walker = walker()
        let renames = try renamesOrThrow()
        var builder = ContextBuilder(renames: renames)
        let walkBudget = graphWalkBudget()
        do {
            // From the head, until the turns read exceed the budget at a turn start (a history that long
            // is worth skipping through; more of it is read if calibration scales the estimates down),
            // or until reading on costs more than reading `cache/messages`.
            var total = 0
            let newest = try walker.messages(from: id, limit: nil, budget: walkBudget) { _, message in
                if message.role != .system { total += builder.estimate(of: message) }
                return message.role == .user && total > budget
            }
            guard let next = newest.next,
                  var history = try partlyReadHistory(newest: newest.read, next: next, walkBudget: walkBudget, walker: walker),
                  history.count > newest.read.count else {
                // Short, or no graph to skip through: the rest is read as `contextBuilder(upTo:)` does.
                let rest = try newest.next.map { try walker.messages(from: $0) } ?? []
                for (messageID, message) in (newest.read + rest).reversed() { builder.add(messageID, message) }
                return builder
            }
            // From the root: no reply past the point where the estimate passes the budget calibrates.
            var oldest = history.count
            while oldest > 0, builder.estimatedTokensSoFar <= budget {
                oldest -= 1
                let message = try history.message(at: oldest, readingOn: -1)
                builder.add(message.id, message.message)
            }
            let ratio = builder.calibrationRatio(budget: budget)
            // From the head: the newest turn start past which the turns exceed the budget.
            total = 0
            var cut = 0
            while true {
                if cut >= oldest { return try history.wholeBuilder(renames: renames) }
                let message = try history.message(at: cut).message
                if message.role != .system {
                    total += ContextBuilder.scaled(builder.estimate(of: message), by: ratio)
                    if message.role == .user, total > budget { break }
                }
                cut += 1
            }
            let older = (cut + 1)..<history.count
            // The graph records roles only: a system message found there is read to tell a prompt from a notice.
            var system: (id: ObjectID, message: Message)?
            for position in older where history.role(at: position) == .system {
                let candidate = try history.message(at: position)
                if candidate.message.isSystemPrompt {
                    system = candidate
                    break
                }
            }
            let omitted = older.count { history.role(at: $0) != .system }
            let suffix = try (0...cut).reversed().map { try history.message(at: $0) }
            builder.skip(omitted: omitted, system: system, then: suffix[...])
            return builder
        } catch {
            throw ThreadError(wrapping: error)
        }
    }

    /// The history whose newest messages are `newest` (not the whole of it: `next` comes after them),
    /// its ids and roles from `cache/messages`: from the file as it is when it holds one of the
    /// messages from the head back to `walkBudget` (read on from `next` as far as needed), so a send
    /// does not rewrite it for the few messages added since it was written; else from the graph
    /// extended to the head. Nil when no graph can be had.
    private func partlyReadHistory(
        newest: [(id: ObjectID, message: Message)], next: ObjectID, walkBudget: Int, walker: HistoryWalker
    ) throws(HistoryError) -> PartlyReadHistory? {
        if let stored = storedMessageGraph(), let last = newest.last {
            var read = newest
            if stored.record(of: last.id) == nil {
                read += try walker.messages(from: next, limit: nil, budget: walkBudget - newest.count) { id, _ in
                    stored.record(of: id) != nil
                }.read
            }
            if let known = read.firstIndex(where: { stored.record(of: $0.id) != nil }),
               let records = stored.history(from: read[known].id, limit: nil) {
                return PartlyReadHistory(graph: stored, records: records, from: known, newest: read, walker: walker)
            }
        }
        guard let head = newest.first?.id, let graph = try? messageGraph(reaching: [head]),
              let records = graph.history(from: head, limit: nil) else { return nil }
        return PartlyReadHistory(graph: graph, records: records, from: 0, newest: newest, walker: walker)
    }
}

/// A history known by its ids and roles (`cache/messages`), its newest messages already read, the
/// others read on demand, each once. Positions count from the head, 0.
private struct PartlyReadHistory {
    let graph: MessageGraph
    /// The graph's records of the history from position `offset` on, newest first.
    let records: [Int]
    let offset: Int
    let walker: HistoryWalker
    /// Messages read (or that failed to read), by position.
    private var read: [Int: Result<(id: ObjectID, message: Message), ObjectError>] = [:]

    /// `newest` are the messages at positions 0, 1, …; `records` start at position `offset`, one of them.
    init(graph: MessageGraph, records: [Int], from offset: Int, newest: [(id: ObjectID, message: Message)], walker: HistoryWalker) {
        self.graph = graph
        self.records = records
        self.offset = offset
        self.walker = walker
        for (position, message) in newest.enumerated() { read[position] = .success(message) }
    }

    /// How many messages the history holds.
    var count: Int { offset + records.count }

    /// The role of the message at `position`, from the message when read, else from the graph.
    func role(at position: Int) -> Role {
        if case .success(let known)? = read[position] { return known.message.role }
        return graph.role(records[position - offset])
    }

    /// The message at `position` (0: the head). One not yet read is read together with the unread
    /// messages after it in the direction `step` (1: older, -1: newer), on every core at once
    /// (`ObjectStore.messageResults`): the loops that read go on that way. A message that fails is an error
    /// only when asked for.
    mutating func message(at position: Int, readingOn step: Int = 1) throws(ObjectError) -> (id: ObjectID, message: Message) {
        if let known = read[position] { return try known.get() }
        var positions: [Int] = []
        var next = position
        while positions.count < Self.batch, next >= offset, next < count, read[next] == nil {
            positions.append(next)
            next += step
        }
        // Positions before `offset` were all read: the batch starts at `position`, as `records` is indexed.
        let ids = positions.map { graph.id(records[$0 - offset]) }
        let results = walker.objects.messageResults(ids).enumerated().map { index, result in
            result.map { (id: ids[index], message: $0) }
        }
        for (index, result) in results.enumerated() { read[positions[index]] = result }
        return try results[0].get()
    }

    /// How many messages one read takes at most: two of `ObjectStore`'s batches, one for each of two
    /// cores, so that a loop that stops partway reads few it does not need.
    private static let batch = 2 * ObjectStore.parallelReadBatch

    /// A builder fed with every message, oldest first: for a history read whole after all.
    mutating func wholeBuilder(renames: Renames) throws(ObjectError) -> ContextBuilder {
        var builder = ContextBuilder(renames: renames)
        for position in (0..<count).reversed() {
            let message = try message(at: position, readingOn: -1)
            builder.add(message.id, message.message)
        }
        return builder
    }
}
