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
        var kept = KeptMessages()
        return try split(a, b, budget: .max, keeping: &kept) ?? HistorySplit(forkPoint: nil, sharedCount: 0, lastSharedUserMessage: nil, left: [], right: [])
    }

    /// `split`, or nil once the walk has read `budget` messages without finishing. Each message walked
    /// is read whole and kept in `kept` (up to `KeptMessages.contentLimit`): `diff` shows those after the
    /// fork point next, and would otherwise read them a second time.
    func split(
        _ a: ObjectID, _ b: ObjectID, budget: Int, keeping kept: inout KeptMessages, chunk: Int = splitChunk
    ) throws(HistoryError) -> HistorySplit? {
        // The first history is read whole, or up to the budget, on two cores: this thread reads each file
        // and follows the parent its first line names while another checks and parses them
        // (`pipelinedMessages`), with the one-by-one walk's result and first error. In chunks, so that
        // memory holds one chunk of messages (and what `kept` keeps), however long the history.
        var chainNewestFirst: [ObjectID] = []
        var seenInA: Set<ObjectID> = []
        var nextInA: ObjectID? = a
        while let start = nextInA {
            let room = budget - chainNewestFirst.count
            guard room > 0 else {
                // Content addressing makes a cycle impossible unless a file was tampered with.
                if seenInA.contains(start) { throw .cycle(at: start) }
                return nil  // A budget's worth read and more to go: the caller turns to the message graph.
            }
            let read = try pipelinedMessages(from: start, limit: min(room, chunk))
            for (id, message) in read {
                guard seenInA.insert(id).inserted else { throw .cycle(at: id) }
                chainNewestFirst.append(id)
                kept.keep(message, as: id)
            }
            nextInA = read.last?.message.parent
        }
        var steps = chainNewestFirst.count
        let chainOfA = Array(chainNewestFirst.reversed())
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
            next = try parent(of: current, keeping: &kept)
        }
        let sharedCount = forkIndex.map { $0 + 1 } ?? 0
        var lastUser: ObjectID?
        for id in chainOfA[..<sharedCount].reversed() {
            // Kept from the walk, unless past `KeptMessages.contentLimit`: then its header is read.
            let role: Role
            if let known = kept[id] { role = known.role } else { role = try self.role(of: id) }
            if role == .user {
                lastUser = id
                break
            }
        }
        return HistorySplit(
            forkPoint: forkIndex.map { chainOfA[$0] }, sharedCount: sharedCount, lastSharedUserMessage: lastUser,
            left: Array(chainOfA[sharedCount...]), right: rightNewestFirst.reversed())
    }

    /// How many messages of the first history one pipelined read takes.
    static let splitChunk = 1_024

    /// The parent of `id`, read with the whole message, which is kept.
    private func parent(of id: ObjectID, keeping kept: inout KeptMessages) throws(HistoryError) -> ObjectID? {
        if let message = kept[id] { return message.parent }
        do {
            let message = try self.message(id)
            kept.keep(message, as: id)
            return message.parent
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

/// Messages a history split read whole, by id, so the caller that shows them does not read them again.
public struct KeptMessages {
    /// Beyond this much content, messages are no longer kept: a walk without the graph may cross a
    /// whole long history, and memory stays bounded.
    static let contentLimit = 16 << 20

    private var messages: [ObjectID: Message] = [:]
    private var contentBytes = 0

    public init() {}

    /// The message `id`, if the split read it and kept it.
    public subscript(id: ObjectID) -> Message? {
        messages[id]
    }

    mutating func keep(_ message: Message, as id: ObjectID) {
        let size = message.content.utf8.count
        guard contentBytes + size <= Self.contentLimit else { return }
        contentBytes += size
        messages[id] = message
    }
}
