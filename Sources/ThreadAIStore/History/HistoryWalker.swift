import ThreadAISupport

/// Walks parent links. Reads only frontmatter (`MessageHeader`), never decodes content, and
/// remembers what it has read, so one command that walks several threads reads each message once.
///
/// A walk costs one object read per message walked; it never lists or reads the whole store.
/// Not thread-safe: make one per operation.
public final class HistoryWalker {
    public let objects: ObjectStore
    private var headers: [ObjectID: MessageHeader] = [:]
    /// The `objects` folder held open from the first read on, so that each object is opened by its
    /// short name (`ObjectFolder`), not its whole path.
    private lazy var open = OpenFolder(wholeStoreOf: objects)

    public init(objects: ObjectStore) {
        self.objects = objects
    }

    /// The frontmatter of message `id`, read once and remembered.
    public func header(_ id: ObjectID) throws(ObjectError) -> MessageHeader {
        if let known = headers[id] { return known }
        let header = try objects.header(of: id, decoding: bytes(of: id))
        headers[id] = header
        return header
    }

    /// The verified bytes of object `id`, read through the open `objects` folder. An object missing
    /// there is looked for by its path too: a walker kept for long (a chat session) may hold a folder
    /// that was since replaced (a `git checkout` that removed and restored `.threadai`).
    private func bytes(of id: ObjectID) throws(ObjectError) -> [UInt8] {
        do {
            return try open.folder.bytes(of: id)
        } catch {
            guard case .missing = error else { throw error }
            return try objects.bytes(of: id)
        }
    }

    /// An `ObjectFolder` a class can keep: a walker holds it for all its reads.
    private final class OpenFolder {
        let folder: ObjectFolder

        init(wholeStoreOf objects: ObjectStore) {
            folder = ObjectFolder(wholeStoreOf: objects)
        }
    }

    /// The whole message `id`, read once: its frontmatter is remembered for later walks.
    public func message(_ id: ObjectID) throws(ObjectError) -> Message {
        let bytes = try bytes(of: id)
        let header: MessageHeader
        do {
            header = try MessageCodec.decodeHeader(bytes)
        } catch {
            throw .malformed(id, path: objects.location(of: id), error)
        }
        headers[id] = header
        let content = bytes[header.contentOffset..<(header.contentOffset + header.contentByteCount)]
        return Message(header: header, content: String(decoding: content, as: UTF8.self))
    }

    /// Messages from `id` back towards the root, newest first, at most `limit`, ending before the
    /// first message of `excluded` (a range's other side); reads each once.
    public func messages(
        from id: ObjectID, limit: Int? = nil, excluding excluded: Set<ObjectID> = []
    ) throws(HistoryError) -> [(id: ObjectID, message: Message)] {
        guard excluded.isEmpty else { return try messages(from: id, limit: limit, excluding: excluded, budget: .max).read }
        return try pipelinedMessages(from: id, limit: limit)
    }

    /// `messages(from:limit:excluding:)`, stopping after `budget` messages, or after the first message
    /// for which `stop` holds: what it read, and the message it would read next (nil when the walk is
    /// complete).
    func messages(
        from id: ObjectID, limit: Int?, excluding excluded: Set<ObjectID> = [], budget: Int,
        until stop: (ObjectID, Message) -> Bool = { _, _ in false }
    ) throws(HistoryError) -> (read: [(id: ObjectID, message: Message)], next: ObjectID?) {
        var result: [(id: ObjectID, message: Message)] = []
        var next: ObjectID? = id
        var seen: Set<ObjectID> = []
        while let current = next, result.count < (limit ?? Int.max), !excluded.contains(current) {
            guard seen.insert(current).inserted else { throw .cycle(at: current) }
            if result.count == budget { return (result, current) }
            do {
                let message = try message(current)
                result.append((current, message))
                next = message.parent
                if stop(current, message) { return (result, next) }
            } catch {
                throw .object(error)
            }
        }
        return (result, nil)
    }

    /// The ids from the root down to `id`, inclusive: the message's whole history, oldest first.
    public func chain(to id: ObjectID) throws(HistoryError) -> [ObjectID] {
        var steps = 0
        return try chain(to: id, budget: .max, steps: &steps) ?? []
    }

    /// `chain(to:)`, or nil once `steps`, which counts the messages walked, passes `budget`.
    func chain(to id: ObjectID, budget: Int, steps: inout Int) throws(HistoryError) -> [ObjectID]? {
        var ids: [ObjectID] = []
        var next: ObjectID? = id
        var seen: Set<ObjectID> = []
        while let current = next {
            // Content addressing makes a cycle impossible unless a file was tampered with.
            guard seen.insert(current).inserted else { throw .cycle(at: current) }
            steps += 1
            if steps > budget { return nil }
            ids.append(current)
            do {
                next = try header(current).parent
            } catch {
                throw .object(error)
            }
        }
        return ids.reversed()
    }

    /// Whether `ancestor` is `id` or in its history. Walks back from `id` only until it meets
    /// `ancestor`, so a near ancestor costs a few steps, not the whole history.
    public func isAncestor(_ ancestor: ObjectID, of id: ObjectID) throws(HistoryError) -> Bool {
        var next: ObjectID? = id
        var seen: Set<ObjectID> = []
        while let current = next {
            if current == ancestor { return true }
            // Content addressing makes a cycle impossible unless a file was tampered with.
            guard seen.insert(current).inserted else { throw .cycle(at: current) }
            do {
                next = try header(current).parent
            } catch {
                throw .object(error)
            }
        }
        return false
    }

    /// The message `generations` parents above `id`.
    public func ancestor(of id: ObjectID, generations: Int) throws(HistoryError) -> ObjectID {
        var current = id
        for step in 0..<generations {
            let parent: ObjectID?
            do {
                parent = try header(current).parent
            } catch {
                throw .object(error)
            }
            guard let parent else { throw .beyondRoot(start: id, generations: generations, available: step) }
            current = parent
        }
        return current
    }

    /// The newest message that both `a` and `b` descend from (or are), or nil when they share no root:
    /// the fork point of two threads. Costs the length of both histories.
    public func forkPoint(_ a: ObjectID, _ b: ObjectID) throws(HistoryError) -> ObjectID? {
        let ancestorsOfA = Set(try chain(to: a))
        var next: ObjectID? = b
        while let current = next {
            if ancestorsOfA.contains(current) { return current }
            do {
                next = try header(current).parent
            } catch {
                throw .object(error)
            }
        }
        return nil
    }
}

/// Why a walk over parent links failed.
public enum HistoryError: Error, CustomStringConvertible, Sendable {
    case object(ObjectError)
    case cycle(at: ObjectID)
    case beyondRoot(start: ObjectID, generations: Int, available: Int)

    public var description: String {
        switch self {
        case .object(let error):
            return error.description
        case .cycle(let id):
            return "the parent links loop back to message \(id.hex); the repository was tampered with. Run '\(Remedy(.check))'."
        case .beyondRoot(let start, let generations, let available):
            return "message \(start.short) has only \(CountedNoun.phrase(available, "ancestor")), "
                + "so it cannot go back \(generations). Use a smaller number."
        }
    }
}
