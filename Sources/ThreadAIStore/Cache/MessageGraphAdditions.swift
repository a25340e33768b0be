/// Messages read from their objects because `cache/messages` lacks them, in the order a walk met
/// them, as small columns: what `MessageGraphCodec` merges into the next file.
struct MessageGraphAdditions {
    /// Where a message's parent is: nowhere (a root), among the additions, or in the old file.
    enum Parent: Equatable {
        case root
        case added(Int)
        case old(Int)
    }

    private(set) var ids: [ObjectID] = []
    private(set) var seconds: [Int64] = []
    private(set) var flags: [UInt8] = []
    private(set) var headlineStarts: [UInt32] = []
    private(set) var headlineLengths: [UInt32] = []
    /// The headlines one after another, in pieces of at most `chunkSize` bytes, so the blob never
    /// has to be copied to grow: at a quarter of a million messages that copy would double it.
    private(set) var headlineChunks: [[UInt8]] = []
    private(set) var headlineByteCount = 0
    private static let chunkSize = 1 << 20
    /// -1 a root, `n` ≥ 0 addition `n`, `-2 - r` record `r` of the old file: four bytes per message.
    private var parents: [Int32] = []
    /// Additions by id; keyed by a word of the id and checked against the whole id, to stay small.
    private var indexByWord: [UInt64: Int32] = [:]
    private var collisions: [ObjectID: Int32] = [:]

    /// Reserves room for about `expectedCount` messages, so the columns do not grow by copying.
    init(expectedCount: Int = 0) {
        ids.reserveCapacity(expectedCount)
        seconds.reserveCapacity(expectedCount)
        flags.reserveCapacity(expectedCount)
        headlineStarts.reserveCapacity(expectedCount)
        headlineLengths.reserveCapacity(expectedCount)
        parents.reserveCapacity(expectedCount)
        indexByWord.reserveCapacity(expectedCount)
    }

    var count: Int { ids.count }
    var isEmpty: Bool { ids.isEmpty }

    /// The addition of message `id`, if it was added.
    func index(of id: ObjectID) -> Int? {
        if let index = indexByWord[id.leadingWord], ids[Int(index)] == id { return Int(index) }
        return collisions[id].map(Int.init)
    }

    /// Adds message `id`; its parent is set with `setParent` once the walk has found where it is.
    /// - Returns: its index among the additions.
    mutating func add(_ id: ObjectID, _ message: Message) -> Int {
        let index = ids.count
        ids.append(id)
        seconds.append(message.date.secondsSinceEpoch)
        let headline = Headline(of: message.content, limit: Headline.listingLimit)
        var flag = RecordColumns.flags(message.role)
        if message.finish == "interrupted" { flag |= MessageGraphLayout.interrupted }
        if message.finish == "error" { flag |= MessageGraphLayout.error }
        if headline.isCut { flag |= MessageGraphLayout.cut }
        if message.mergeLink != nil { flag |= MessageGraphLayout.merged }
        flags.append(flag)
        let text = Array(headline.text.utf8)
        if headlineChunks.last.map({ $0.count + text.count > Self.chunkSize }) ?? true {
            headlineChunks.append([])
            headlineChunks[headlineChunks.count - 1].reserveCapacity(max(Self.chunkSize, text.count))
        }
        headlineChunks[headlineChunks.count - 1].append(contentsOf: text)
        headlineStarts.append(UInt32(headlineByteCount))
        headlineLengths.append(UInt32(text.count))
        headlineByteCount += text.count
        parents.append(-1)
        if indexByWord[id.leadingWord] == nil {
            indexByWord[id.leadingWord] = Int32(index)
        } else {
            collisions[id] = Int32(index)
        }
        return index
    }

    mutating func setParent(of index: Int, to parent: Parent) {
        switch parent {
        case .root: parents[index] = -1
        case .added(let other): parents[index] = Int32(other)
        case .old(let record): parents[index] = Int32(-2 - record)
        }
    }

    func parent(of index: Int) -> Parent {
        let value = Int(parents[index])
        return value == -1 ? .root : value >= 0 ? .added(value) : .old(-2 - value)
    }

    /// The position in the merged file of addition `index`'s parent, or nil for a root.
    func parentPosition(of index: Int, in order: MergedOrder) -> Int? {
        switch parent(of: index) {
        case .root: return nil
        case .added(let other): return order.position(ofAdded: other)
        case .old(let record): return order.position(ofOld: record)
        }
    }
}

/// The records of an old file and of the additions, merged in id order: which one is at each
/// position, and where each one goes. Four bytes per record each way.
struct MergedOrder {
    enum Source {
        case old(Int)
        case added(Int)
    }

    /// `r` ≥ 0: old record `r`; `-1 - n`: addition `n`.
    private var sources: [Int32] = []
    private var oldPositions: [Int32] = []
    private var addedPositions: [Int32] = []

    var count: Int { sources.count }

    init(old: MessageGraph?, additions: MessageGraphAdditions) {
        let sortedAdditions = (0..<additions.count).sorted { additions.ids[$0] < additions.ids[$1] }
        let oldCount = old?.count ?? 0
        sources.reserveCapacity(oldCount + additions.count)
        oldPositions = Array(repeating: 0, count: oldCount)
        addedPositions = Array(repeating: 0, count: additions.count)
        var (nextOld, nextAdded) = (0, 0)
        while nextOld < oldCount || nextAdded < sortedAdditions.count {
            let takeOld: Bool
            if nextAdded == sortedAdditions.count {
                takeOld = true
            } else if nextOld == oldCount {
                takeOld = false
            } else {
                takeOld = old.map { $0.id(nextOld) < additions.ids[sortedAdditions[nextAdded]] } ?? false
            }
            if takeOld {
                oldPositions[nextOld] = Int32(sources.count)
                sources.append(Int32(nextOld))
                nextOld += 1
            } else {
                addedPositions[sortedAdditions[nextAdded]] = Int32(sources.count)
                sources.append(Int32(-1 - sortedAdditions[nextAdded]))
                nextAdded += 1
            }
        }
    }

    func source(_ position: Int) -> Source {
        let value = Int(sources[position])
        return value >= 0 ? .old(value) : .added(-1 - value)
    }

    func position(ofOld record: Int) -> Int { Int(oldPositions[record]) }
    func position(ofAdded index: Int) -> Int { Int(addedPositions[index]) }
}
