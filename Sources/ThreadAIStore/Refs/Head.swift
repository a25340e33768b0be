#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `HEAD` says: the current thread, or a message when detached (docs/FORMAT.md §6).
public enum Head: Sendable, Equatable {
    case thread(ThreadName)
    case detached(ObjectID)
}

/// Reads and writes the local `HEAD` file. A missing `HEAD` means the thread `main`.
///
/// A store can be pinned to a thread for one command (`pinned(to:)`: `threadai --thread NAME`,
/// `THREADAI_THREAD`), so that two terminals on one working copy each write on their own thread:
/// it then reads as that thread and never writes `HEAD`; a move it skipped is kept in `skippedMove`
/// for the command to mention.
public struct HeadStore: Sendable {
    public let root: String
    /// The thread this store reads as, `HEAD` itself neither read nor written; nil for `HEAD`.
    public let pin: ThreadName?
    private let skipped = SkippedMove()

    public init(root: String) {
        self.root = root
        self.pin = nil
    }

    private init(root: String, pin: ThreadName) {
        self.root = root
        self.pin = pin
    }

    /// This store pinned to `thread` (see the type's comment).
    public func pinned(to thread: ThreadName) -> HeadStore {
        HeadStore(root: root, pin: thread)
    }

    /// The last move of `HEAD` a pinned store skipped, if any.
    public var skippedMove: Head? { skipped.value }

    var path: String { root + "/HEAD" }
    public var reflog: Reflog { Reflog(path: root + "/logs/HEAD") }

    public func read() throws(RefError) -> Head {
        if let pin { return .thread(pin) }
        let bytes: [UInt8]
        do {
            bytes = try FilePaths.readReplacedFile(path)
        } catch {
            if error.isNotFound { return .thread(.main) }
            throw .fileSystem(error)
        }
        // Bytes, not characters: a name may start with a combining mark, which would join the `/`
        // before it into one character.
        guard bytes.last == 0x0A else { throw malformed("it does not end with a line end (LF)") }
        let line = bytes.dropLast()
        guard line.last != 0x0D else { throw malformed("its line ends in CR LF, where the format writes LF alone") }
        let prefix = "ref: refs/threads/".utf8
        if line.starts(with: prefix) {
            guard let name = try? ThreadName(String(decoding: line.dropFirst(prefix.count), as: UTF8.self)) else {
                throw malformed("it names an invalid thread")
            }
            return .thread(name)
        }
        guard let id = try? ObjectID(hex: String(decoding: line, as: UTF8.self)) else {
            throw malformed("expected 'ref: refs/threads/NAME' or a message id")
        }
        return .detached(id)
    }

    /// Points `HEAD` at `head` and records the move in `logs/HEAD`.
    public func write(_ head: Head, from old: ObjectID?, to new: ObjectID?, reflogMessage: String) throws(RefError) {
        try write(head, holding: try lock(), from: old, to: new, reflogMessage: reflogMessage)
    }

    /// Takes `HEAD`'s lock ahead of `write(_:holding:…)`, for a change that writes several files
    /// (`RefStore.lock(_:)` says why).
    func lock() throws(RefError) -> LockFile {
        do {
            return try LockFile.acquire(for: path)
        } catch {
            throw .lock(error)
        }
    }

    /// `write`, under the lock `lock()` took.
    func write(_ head: Head, holding lock: consuming LockFile, from old: ObjectID?, to new: ObjectID?, reflogMessage: String) throws(RefError) {
        guard pin == nil else {
            skipped.record(head)  // The lock is released unused: HEAD stays as the other terminals left it.
            return
        }
        let text: String
        switch head {
        case .thread(let name): text = "ref: refs/threads/\(name.rawValue)\n"
        case .detached(let id): text = id.hex + "\n"
        }
        do {
            try reflog.append(old: old, new: new, message: reflogMessage)
        } catch {
            throw .fileSystem(error)
        }
        do {
            try lock.commit(Array(text.utf8))
        } catch {
            throw .lock(error)
        }
    }

    private func malformed(_ reason: String) -> RefError {
        .malformedHead(path: path, reason: reason)
    }
}

/// The move of `HEAD` a pinned store skipped; a class so that copies of the store share it.
private final class SkippedMove: @unchecked Sendable {
    private var head: Head?
    private var mutex = pthread_mutex_t()

    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }

    var value: Head? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return head
    }

    func record(_ head: Head) {
        pthread_mutex_lock(&mutex)
        self.head = head
        pthread_mutex_unlock(&mutex)
    }
}
