extension Repository {
    /// Forks with nothing of their own left: the head is in the parent thread's history (what git's
    /// `branch --merged` lists), as after `threads reconcile` in two clones in turn. Each such fork,
    /// with the name of the parent whose history holds its head. A diverged thread or parent, or a
    /// history that cannot be read, is never called merged.
    ///
    /// Every check is a walk of the parent column of one in-memory graph (`cache/messages`): walking
    /// each parent's history from its objects, once per fork, took 56 s at 13,689 threads.
    public func mergedForks(_ summaries: [ThreadSummary]) -> [ThreadName: String] {
        let heads = Dictionary(summaries.map { ($0.name.rawValue, $0.heads) }, uniquingKeysWith: { first, _ in first })
        let candidates: [(fork: ThreadName, head: ObjectID, parent: String, parentHead: ObjectID)] = summaries.compactMap { summary in
            guard let parent = summary.parent, parent != summary.name.rawValue, summary.heads.count == 1,
                  let parentHeads = heads[parent], parentHeads.count == 1
            else { return nil }
            return (summary.name, summary.heads[0], parent, parentHeads[0])
        }
        guard !candidates.isEmpty else { return [:] }
        let graph = try? messageGraph(reaching: Array(Set(candidates.flatMap { [$0.head, $0.parentHead] })))
        let walker = walker()
        var merged: [ThreadName: String] = [:]
        for candidate in candidates {
            let contained = graph?.isAncestor(candidate.head, of: candidate.parentHead)
                ?? (try? walker.isAncestor(candidate.head, of: candidate.parentHead))
            if contained == true { merged[candidate.fork] = candidate.parent }
        }
        return merged
    }
}

extension MessageGraph {
    /// Whether `ancestor` is in the history of `id`, from the parent column alone; nil when the graph
    /// lacks either, or when its links do not end at a root (a damaged file that passed its checks):
    /// the caller then walks the objects.
    func isAncestor(_ ancestor: ObjectID, of id: ObjectID) -> Bool? {
        guard let target = record(of: ancestor), var next = record(of: id) else { return nil }
        for _ in 0...count {
            if next == target { return true }
            guard let parent = parent(next) else { return false }
            next = parent
        }
        return nil
    }
}
