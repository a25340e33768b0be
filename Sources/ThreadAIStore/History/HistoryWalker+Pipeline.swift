import Dispatch

extension HistoryWalker {
    /// `messages(from:limit:)` with the work split between cores: this thread only reads each file
    /// and follows the `parent` link of its first line to the next, while each object is checked
    /// against its id and parsed elsewhere (`DispatchQueue.global()`, batches of `PipelineBatch.size`).
    /// Then, in history order, the first object that fails is the error and each message's own
    /// parent must be the link that was followed (else the walk goes on one message at a time from
    /// the message's parent), so the result and the error are the one-by-one walk's. A walk shorter
    /// than one batch starts no thread.
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
                DispatchQueue.global().async(group: group) { [objects] in full.check(objects) }
            }
        }
        if batch.count > 0 {
            batch.check(objects)
            batches.append(batch)
        }
        group.wait()
        return try collect(batches, count: count, limit: limit, orThrow: stop)
    }

    /// `messages(from: chain[0], limit:)` when `chain` is that history, newest first, as the message
    /// graph records it, and `next` the parent of its last message: the objects are read, checked
    /// and parsed on every core at once, since no read waits for the one before to name its parent.
    /// Each message's own parent must then be the next id of the chain; where one is not, the walk
    /// goes on from the message's own parent, so a stale or damaged graph changes nothing.
    func messages(along chain: [ObjectID], then next: ObjectID?, limit: Int?) throws(HistoryError) -> [(id: ObjectID, message: Message)] {
        guard Set(chain).count == chain.count else { return try messages(from: chain[0], limit: limit) }
        var batches: [PipelineBatch] = []
        let batchCount = (chain.count + PipelineBatch.size - 1) / PipelineBatch.size
        OrderedParallel.forEach(count: batchCount, window: batchCount) { [objects] index in
            let start = index * PipelineBatch.size, end = min(start + PipelineBatch.size, chain.count)
            let batch = PipelineBatch(ids: chain[start..<end], links: Array(chain[(start + 1)..<end]) + [end < chain.count ? chain[end] : next])
            batch.read(from: ObjectFolder(wholeStoreOf: objects))
            batch.check(objects)
            return batch
        } consume: { batch in
            batches.append(batch)
        }
        return try collect(batches, count: chain.count, limit: limit, orThrow: nil)
    }

    /// The checked messages of `batches`, in order, as the one-by-one walk gives them: the first
    /// failure is the error, and a message whose parent is not the link its batch followed ends the
    /// batches' part; the walk goes on from its own parent. `stop`, what ended the batches, is thrown
    /// when every message in them is good.
    private func collect(
        _ batches: [PipelineBatch], count: Int, limit: Int?, orThrow stop: HistoryError?
    ) throws(HistoryError) -> [(id: ObjectID, message: Message)] {
        var result: [(id: ObjectID, message: Message)] = []
        result.reserveCapacity(count)
        for batch in batches {
            for (index, id) in batch.ids.enumerated() {
                let message: Message
                switch batch.results[index] {
                case .success(let checked): message = checked
                case .failure(let error): throw .object(error)
                }
                result.append((id, message))
                guard message.parent != batch.links[index] else { continue }
                // The first line named another parent than the message does: walk on from its own.
                guard let parent = message.parent else { return result }
                return result + (try messages(from: parent, limit: limit.map { $0 - result.count }))
            }
        }
        if let stop { throw stop }
        return result
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

/// Objects of one stretch of a walk, checked and parsed together on another thread. Written by one
/// thread at a time (the walk until it hands the batch over, then the one task that reads or checks
/// it); read after that task ends.
final class PipelineBatch: @unchecked Sendable {
    static let size = 32
    private(set) var ids: [ObjectID] = []
    /// The parent each message must name: the link the walk followed from it.
    private(set) var links: [ObjectID?] = []
    private var bytes: [[UInt8]] = []
    /// One per id once `check` has run.
    private(set) var results: [Result<Message, ObjectError>] = []
    /// The read failure of each id, where `read(from:)` failed.
    private var readFailures: [ObjectError?] = []

    var count: Int { ids.count }

    init() {}

    /// A batch of ids known before their objects are read, to be read by `read(from:)`.
    init(ids: ArraySlice<ObjectID>, links: [ObjectID?]) {
        self.ids = Array(ids)
        self.links = links
    }

    func append(_ id: ObjectID, _ object: [UInt8], link: ObjectID?) {
        ids.append(id)
        bytes.append(object)
        links.append(link)
    }

    /// Reads the objects of the ids; a failure is kept as that id's result.
    func read(from folder: borrowing ObjectFolder) {
        bytes = []
        readFailures = []
        for id in ids {
            do throws(ObjectError) {
                bytes.append(try folder.unverifiedBytes(of: id))
                readFailures.append(nil)
            } catch {
                bytes.append([])
                readFailures.append(error)
            }
        }
    }

    func check(_ objects: ObjectStore) {
        results = ids.indices.map { index in
            do throws(ObjectError) {
                if index < readFailures.count, let failure = readFailures[index] { throw failure }
                return .success(try objects.message(ids[index], fromUnverified: bytes[index]))
            } catch {
                return .failure(error)
            }
        }
        bytes = []
        readFailures = []
    }
}
