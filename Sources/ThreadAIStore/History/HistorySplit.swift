/// Where two histories part: what `diff` sets side by side.
public struct HistorySplit: Sendable, Equatable {
    /// The newest message both histories hold (or are), or nil when they share no root.
    public var forkPoint: ObjectID?
    /// How many messages both share: the fork point's history, root to fork point.
    public var sharedCount: Int
    /// The newest user message of the shared history, if any.
    public var lastSharedUserMessage: ObjectID?
    /// The messages of the first history after the fork point, oldest first.
    public var left: [ObjectID]
    /// The messages of the second history after the fork point, oldest first.
    public var right: [ObjectID]
}

extension HistoryWalker {
    /// Splits the histories of `a` and `b` at their fork point, reading each message's frontmatter
    /// once. Costs the length of both histories.
    public func split(_ a: ObjectID, _ b: ObjectID) throws(HistoryError) -> HistorySplit {
        try split(a, b, budget: .max) ?? HistorySplit(forkPoint: nil, sharedCount: 0, lastSharedUserMessage: nil, left: [], right: [])
    }

    /// `split`, or nil once the walk has read `budget` messages without finishing.
    func split(_ a: ObjectID, _ b: ObjectID, budget: Int) throws(HistoryError) -> HistorySplit? {
        var steps = 0
        guard let chainOfA = try chain(to: a, budget: budget, steps: &steps) else { return nil }
        var position: [ObjectID: Int] = [:]
        position.reserveCapacity(chainOfA.count)
        for (index, id) in chainOfA.enumerated() { position[id] = index }
        var rightNewestFirst: [ObjectID] = []
        var seen: Set<ObjectID> = []
        var next: ObjectID? = b
        var forkIndex: Int?
        while let current = next {
            if let index = position[current] {
                forkIndex = index
                break
            }
            guard seen.insert(current).inserted else { throw .cycle(at: current) }
            steps += 1
            if steps > budget { return nil }
            rightNewestFirst.append(current)
            next = try parent(of: current)
        }
        let sharedCount = forkIndex.map { $0 + 1 } ?? 0
        var lastUser: ObjectID?
        for id in chainOfA[..<sharedCount].reversed() where try role(of: id) == .user {
            lastUser = id
            break
        }
        return HistorySplit(
            forkPoint: forkIndex.map { chainOfA[$0] }, sharedCount: sharedCount, lastSharedUserMessage: lastUser,
            left: Array(chainOfA[sharedCount...]), right: rightNewestFirst.reversed())
    }

    private func parent(of id: ObjectID) throws(HistoryError) -> ObjectID? {
        do {
            return try header(id).parent
        } catch {
            throw .object(error)
        }
    }

    private func role(of id: ObjectID) throws(HistoryError) -> Role {
        do {
            return try header(id).role
        } catch {
            throw .object(error)
        }
    }
}
