extension Repository {
    /// Splits the histories of `a` and `b` at their fork point (`HistorySplit`), for `diff`.
    ///
    /// A short walk reads each message's frontmatter, as any history walk does. A long one — two
    /// forks 10,000 messages deep — stops once it has cost about what reading `cache/messages`
    /// (docs/FORMAT.md §12.2) costs, and follows the graph's parent column instead, adding to the
    /// file the messages it lacks (or building it, the first time). Both ways give the same split.
    public func split(_ a: ObjectID, _ b: ObjectID, walker: HistoryWalker) throws(ThreadError) -> HistorySplit {
        var kept = KeptMessages()
        return try split(a, b, walker: walker, keeping: &kept)
    }

    /// `split`, keeping in `kept` the messages the walk read whole (`HistoryWalker.split`), for a
    /// caller that shows the messages after the fork point next.
    public func split(
        _ a: ObjectID, _ b: ObjectID, walker: HistoryWalker, keeping kept: inout KeptMessages
    ) throws(ThreadError) -> HistorySplit {
        try split(a, b, walker: walker, budget: graphWalkBudget(), keeping: &kept)
    }

    /// `split`, turning to the graph after `budget` messages walked.
    func split(_ a: ObjectID, _ b: ObjectID, walker: HistoryWalker, budget: Int) throws(ThreadError) -> HistorySplit {
        var kept = KeptMessages()
        return try split(a, b, walker: walker, budget: budget, keeping: &kept)
    }

    /// `split`, turning to the graph after `budget` messages walked and keeping what the walk read.
    func split(
        _ a: ObjectID, _ b: ObjectID, walker: HistoryWalker, budget: Int, keeping kept: inout KeptMessages
    ) throws(ThreadError) -> HistorySplit {
        do {
            if let split = try walker.split(a, b, budget: budget, keeping: &kept) { return split }
        } catch {
            throw .history(error)
        }
        if let split = try messageGraph(reaching: [a, b]).split(a, b) { return split }
        do {
            return try walker.split(a, b)
        } catch {
            throw .history(error)
        }
    }

    /// How many messages a walk reads before the graph is the cheaper way: reading a message costs
    /// a file open and hashing its bytes, about what 8 KiB of the graph file cost to read and check
    /// (measured on the deep corpus: 10 µs a message, 1.2 µs a KiB; docs/PERFORMANCE.md).
    /// Without a graph file, a walk of a few thousand messages builds one that later walks reuse.
    func graphWalkBudget() -> Int {
        guard cache.isEnabled else { return .max }
        guard let size = try? FilePaths.status(cache.path(of: Self.messageGraphKind))?.size else { return 2_000 }
        return max(200, Int(size / 8_192))
    }
}
