import Dispatch

extension HistoryWalker {
    /// `messages(from:limit:)` with the work split between cores: this thread only reads each file
    /// and follows the `parent` link of its first line to the next, while each object is checked
    /// against its id and parsed elsewhere (`DispatchQueue.global()`, batches of `PipelineBatch.size`).
    /// Then, in history order, the first object that fails is the error and each message's own
    /// parent must be the link that was followed (else the walk goes on one message at a time from
    /// the message's parent), so the result and the error are the one-by-one walk's. A walk shorter
    /// than two batches starts no thread.
    func pipelinedMessages(from id: ObjectID, limit: Int?) throws(HistoryError) -> [(id: ObjectID, message: Message)] {
        let group = DispatchGroup()
        var batches: [PipelineBatch] = []
        var batch = PipelineBatch()
        var seen: Set<ObjectID> = []
        var next: ObjectID? = id
        var count = 0
        var stop: HistoryError?
        let folder = ObjectFolder(wholeStoreOf: objects)
        while let current = next, count < (limit ?? Int.max) {
            guard seen.insert(current).inserted else {
                stop = .cycle(at: current)
                break
            }
            let bytes: [UInt8]
            do {
                bytes = try folder.unverifiedBytes(of: current)
            } catch {
                stop = .object(error)
                break
            }
            next = Self.parentLink(in: bytes)
            batch.append(current, bytes, link: next)
            count += 1
            if batch.count == PipelineBatch.size {
                let full = batch
                batches.append(full)
                batch = PipelineBatch()
                // The first batch waits for a second: a walk of under two batches (most threads'
                // `log`, a fork's `diff`) is checked here, without starting the worker threads, which
                // costs more than checking 64 messages.
                guard batches.count > 1 else { continue }
                for waiting in batches.count == 2 ? batches : [full] {
                    DispatchQueue.global().async(group: group) { [objects] in waiting.check(objects) }
                }
            }
        }
        if batches.count == 1 { batches[0].check(objects) }
        if batch.count > 0 {
            batch.check(objects)
            batches.append(batch)
        }
        group.wait()
        return try collect(
            ids: batches.flatMap(\.ids), links: batches.flatMap(\.links), results: batches.flatMap(\.results),
            limit: limit, orThrow: stop)
    }

    /// `messages(from: chain[0], limit:)` when `chain` is that history, newest first, as the message
    /// graph records it, and `next` the parent of its last message: the objects are read, checked
    /// and parsed on every core at once, since no read waits for the one before to name its parent.
    /// Each message's own parent must then be the next id of the chain; where one is not, the walk
    /// goes on from the message's own parent, so a stale or damaged graph changes nothing. With
    /// `packed`, messages are taken from `cache/objects` where it holds them (`messageResults`).
    func messages(
        along chain: [ObjectID], then next: ObjectID?, limit: Int?, packed: PackedObjects? = nil
    ) throws(HistoryError) -> [(id: ObjectID, message: Message)] {
        guard Set(chain).count == chain.count else { return try messages(from: chain[0], limit: limit) }
        let links = Array(chain.dropFirst()) + [next]
        return try collect(ids: chain, links: links, results: objects.messageResults(chain, packed: packed), limit: limit, orThrow: nil)
    }

    /// The checked messages, in order, as the one-by-one walk gives them: the first failure is the
    /// error, and a message whose parent is not the link followed from it (`links`) ends this part;
    /// the walk goes on from its own parent. `stop`, what ended the reading, is thrown when every
    /// message read is good.
    private func collect(
        ids: [ObjectID], links: [ObjectID?], results: [Result<Message, ObjectError>], limit: Int?, orThrow stop: HistoryError?
    ) throws(HistoryError) -> [(id: ObjectID, message: Message)] {
        var collected: [(id: ObjectID, message: Message)] = []
        collected.reserveCapacity(ids.count)
        for (index, id) in ids.enumerated() {
            let message: Message
            switch results[index] {
            case .success(let checked): message = checked
            case .failure(let error): throw .object(error)
            }
            collected.append((id, message))
            guard message.parent != links[index] else { continue }
            // The first line named another parent than the message does: walk on from its own.
            guard let parent = message.parent else { return collected }
            return collected + (try messages(from: parent, limit: limit.map { $0 - collected.count }))
        }
        if let stop { throw stop }
        return collected
    }

    private static let parentPrefix = Array("---\nparent: ".utf8)

    /// The id on the object's first frontmatter line when it is `parent: ID` (docs/FORMAT.md §4.2: the
    /// parent is the first key), else nil; read before the object is checked, and confirmed after.
    static func parentLink(in bytes: [UInt8]) -> ObjectID? {
        let start = parentPrefix.count, end = start + ObjectID.hexDigitCount
        guard bytes.count > end, bytes[end] == 0x0A, bytes[..<start].elementsEqual(parentPrefix) else { return nil }
        return ObjectID(hexDigits: bytes[start..<end])
    }
}

/// Objects read one after another by a walk, checked and parsed together on another thread. Written
/// by the walk until handed over, then only by the one task that checks it; read after that task ends.
final class PipelineBatch: @unchecked Sendable {
    static let size = 32
    private(set) var ids: [ObjectID] = []
    /// The parent each message must name: the link the walk followed from it.
    private(set) var links: [ObjectID?] = []
    private var bytes: [[UInt8]] = []
    /// One per id once `check` has run.
    private(set) var results: [Result<Message, ObjectError>] = []

    var count: Int { ids.count }

    func append(_ id: ObjectID, _ object: [UInt8], link: ObjectID?) {
        ids.append(id)
        bytes.append(object)
        links.append(link)
    }

    func check(_ objects: ObjectStore) {
        results = zip(ids, bytes).map { id, object in
            Result { () throws(ObjectError) in try objects.message(id, fromUnverified: object) }
        }
        bytes = []
    }
}
