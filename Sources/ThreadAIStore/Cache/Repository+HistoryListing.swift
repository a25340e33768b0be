/// A history as a listing of one line per message (`log --oneline`) draws it.
public enum HistoryListing {
    /// A short history, read from its objects: whole, verified messages, newest first.
    case messages([(id: ObjectID, message: Message)])
    /// A long one, as records of the message graph, newest first: each holds what the line shows.
    case records(MessageGraph, [Int])
}

extension Repository {
    /// The history of `head`, newest first, at most `limit` messages, for a one-line listing.
    ///
    /// A short history is read from its objects, whole and verified, as every walk reads it, so a
    /// damaged message in it fails the listing. A long one — once the walk has read as many messages
    /// as reading `cache/messages` costs, the rule `split` follows — is drawn from the message graph
    /// (docs/FORMAT.md §12.2 and §12 rule 7), with the messages the file lacks read from their objects
    /// and added to it. Both ways give the same lines.
    public func listing(from head: ObjectID, limit: Int?, walker: HistoryWalker) throws(ThreadError) -> HistoryListing {
        do {
            let walk = try walker.messages(from: head, limit: limit, budget: graphWalkBudget())
            if walk.next == nil { return .messages(walk.read) }
        } catch {
            throw .history(error)
        }
        // A graph that cannot be built (a damaged message past the limit, with no cache to hold the
        // history) leaves the walk through the objects, which says what is true without the cache.
        if let graph = try? messageGraph(reaching: [head]), let records = graph.history(from: head, limit: limit) {
            return .records(graph, records)
        }
        do {
            return .messages(try walker.messages(from: head, limit: limit))
        } catch {
            throw .history(error)
        }
    }
}

extension Repository {
    /// The history of `head`, newest first, at most `limit` messages, whole and verified:
    /// `HistoryWalker.messages(from:limit:)`, with a long history read as `listing` reads it. Once the
    /// walk has read as many messages as reading `cache/messages` costs, the message graph names the
    /// rest of the chain, so its objects are read on every core at once
    /// (`HistoryWalker.messages(along:then:limit:)`), and each is still checked against its id and
    /// its parent against the chain. Both ways give the same messages and the same errors.
    ///
    /// The objects come from the store, never from `cache/objects`: a writer must find the objects it
    /// extends there (docs/FORMAT.md §10.3). A view asks `historyToShow`, which may take them from the cache.
    public func history(
        from head: ObjectID, limit: Int?, walker: HistoryWalker
    ) throws(ThreadError) -> [(id: ObjectID, message: Message)] {
        var messages: [(id: ObjectID, message: Message)] = []
        try history(from: head, limit: limit, walker: walker, packed: false) { part in
            messages += part
            return .max
        }
        return messages
    }

    /// `history(from:limit:walker:)` handed to `each` a part at a time, newest first, so that a
    /// view of a long history holds one part in memory, not all of it: the walk up to the budget,
    /// then parts of as many messages as `each` returned after the one before (0 stops the walk).
    /// The same messages and the same errors, thrown once the parts before the failure were handed
    /// over.
    ///
    /// `packed` lets the rest past the walk come from `cache/objects` (docs/FORMAT.md §12.4), each
    /// record verified against its id, and adds to it when many were missing: for a view
    /// (`historyToShow`); never for a writer, which must find the objects it extends in the store (§10.3).
    func history(
        from head: ObjectID, limit: Int?, walker: HistoryWalker, packed: Bool,
        each: ([(id: ObjectID, message: Message)]) -> Int
    ) throws(ThreadError) {
        let walk: (read: [(id: ObjectID, message: Message)], next: ObjectID?)
        do {
            walk = try walker.messages(from: head, limit: limit, budget: graphWalkBudget())
        } catch {
            throw .history(error)
        }
        var window = each(walk.read)
        guard window > 0, let next = walk.next else { return }
        let rest = limit.map { $0 - walk.read.count }
        do {
            // As for `listing`: no graph to be had leaves the walk through the objects, which says
            // what is true without the cache.
            guard let graph = try? messageGraph(reaching: [next]), let records = graph.history(from: next, limit: rest.map { $0 + 1 })
            else {
                _ = each(try walker.messages(from: next, limit: rest))
                return
            }
            let chain = records.prefix(rest ?? Int.max).map(graph.id)
            let after = records.count > chain.count ? graph.id(records[chain.count]) : graph.parent(records[chain.count - 1]).map(graph.id)
            let pack = packed ? packedObjects() : nil
            var start = 0
            while start < chain.count {
                let end = chain.count - start <= window ? chain.count : start + window
                let part = Array(chain[start..<end])
                let older = try walker.messages(
                    along: part, then: end < chain.count ? chain[end] : after, limit: rest.map { $0 - start }, packed: pack)
                // Where the graph named another parent than a message does, the walk went on from the
                // message's own parent to the end: the rest of the chain does not apply.
                let followedTheChain = older.count == part.count && zip(older, part).allSatisfy { $0.id == $1 }
                window = each(older)
                guard window > 0, followedTheChain else { return }
                pack?.releaseMemory()
                start = end
            }
            if packed { self.pack(chain, besides: pack) }
        } catch {
            throw .history(error)
        }
    }

    /// What `status` shows of the history of `id`: how many messages it holds, and the system
    /// prompt in force there (docs/FORMAT.md §5.5), read from its object.
    ///
    /// A short history is walked through its objects' frontmatter, as `chain(to:)` walks it; a long
    /// one is counted on the message graph's parent column (the rule `listing` follows), where the
    /// nearest system message is found too, so only that one object is read.
    public func outline(of id: ObjectID, walker: HistoryWalker) throws(ThreadError) -> (count: Int, systemPrompt: String?) {
        let (count, system) = try countAndSystemMessage(of: id, walker: walker)
        do {
            return (count, try system.map { id throws(ObjectError) in try walker.message(id).content })
        } catch {
            throw .object(error)
        }
    }

    private func countAndSystemMessage(of id: ObjectID, walker: HistoryWalker) throws(ThreadError) -> (Int, ObjectID?) {
        do {
            var steps = 0
            if let chain = try walker.chain(to: id, budget: graphWalkBudget(), steps: &steps) {
                // The headers are remembered: this reads nothing again.
                return (chain.count, try chain.last { id throws(ObjectError) in try walker.header(id).isSystemPrompt })
            }
            let graph = try messageGraph(reaching: [id])
            if let records = graph.history(from: id, limit: nil) {
                // The graph records roles only: a system message is read to tell a prompt from a notice.
                let prompt = try records.lazy.filter { graph.role($0) == .system }.map(graph.id).first { id throws(ObjectError) in
                    try walker.header(id).isSystemPrompt
                }
                return (records.count, prompt)
            }
            let chain = try walker.chain(to: id)
            return (chain.count, try chain.last { id throws(ObjectError) in try walker.header(id).isSystemPrompt })
        } catch {
            throw ThreadError(wrapping: error)
        }
    }
}
