extension MessageGraph {
    /// The histories of `a` and `b` split at their fork point, read from the parent column alone:
    /// no object is opened, and the walk allocates nothing but its results and one bit per record.
    /// Nil when the graph lacks either message, or when its links do not end at a root (a damaged
    /// file that passed its checks): the caller then walks the objects.
    func split(_ a: ObjectID, _ b: ObjectID) -> HistorySplit? {
        guard let recordOfA = record(of: a), let recordOfB = record(of: b) else { return nil }
        var ancestorsOfA = [UInt64](repeating: 0, count: (count + 63) / 64)
        var next: Int? = recordOfA
        var steps = 0
        while let record = next {
            ancestorsOfA[record >> 6] |= 1 << UInt64(record & 63)
            steps += 1
            guard steps <= count else { return nil }
            next = parent(record)
        }
        var right: [Int] = []
        var fork: Int?
        next = recordOfB
        while let record = next {
            if ancestorsOfA[record >> 6] & (1 << UInt64(record & 63)) != 0 {
                fork = record
                break
            }
            guard right.count < count else { return nil }
            right.append(record)
            next = parent(record)
        }
        var left: [ObjectID] = []
        next = recordOfA
        while let record = next, record != fork {
            left.append(id(record))
            next = parent(record)
        }
        var sharedCount = 0
        var lastUser: ObjectID?
        next = fork
        while let record = next {
            sharedCount += 1
            if lastUser == nil, role(record) == .user { lastUser = id(record) }
            next = parent(record)
        }
        return HistorySplit(
            forkPoint: fork.map(id), sharedCount: sharedCount, lastSharedUserMessage: lastUser,
            left: left.reversed(), right: right.reversed().map(id))
    }
}
