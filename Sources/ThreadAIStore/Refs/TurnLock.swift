#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The reservation of one thread for one turn: a question and its reply (docs/FORMAT.md §10.2).
///
/// Protocol:
/// 1. The sender creates `turns/FLAT.lock` with `O_CREAT|O_EXCL` (`FLAT` is the thread's name with
///    `/` written `%2F`), takes `flock(LOCK_EX)` on it at once, and writes its owner lines
///    (`pid:`, `host:`, `started:`, as every lock that names its owner, §10). It holds the file, and the flock, until its reply is stored.
/// 2. Another sender finds the file and waits, telling its caller once who holds the turn.
/// 3. The kernel drops a flock when its process dies, however it dies. A waiter that can take the
///    flock, asked twice 50 ms apart, finds an owner that is gone, whether its owner lines were
///    written or not: it removes the file, but only if the path still names the very file it locked
///    (a newer holder's file is never touched), and tries again. A creator checks, once it holds its
///    flock, that the path still names its file.
/// 4. `release()` (or dropping the last reference) removes the file and closes it.
///
/// Nothing is written under `refs/`, so readers and git never see a turn lock; `*.lock` is ignored
/// by the repository's `.gitignore`.
public final class TurnLock: Sendable {
    public let path: String
    public let owner: TurnLockOwner
    private let descriptor: Int32
    private let identity: FileIdentity
    /// The file's entry in `SignalCleanup`, which removes it if a signal stops the process.
    private let cleanup: Int

    private init(path: String, owner: TurnLockOwner, descriptor: Int32, identity: FileIdentity) {
        self.path = path
        self.owner = owner
        self.descriptor = descriptor
        self.identity = identity
        cleanup = SignalCleanup.register(path)
    }

    /// The path of `thread`'s turn lock in the repository at `root`.
    public static func path(for thread: ThreadName, in root: String) -> String {
        root + "/turns/" + thread.rawValue.replacing("/", with: "%2F") + ".lock"
    }

    /// Reserves `thread` for one turn, waiting while another live process holds it.
    /// - Parameter onWait: called once, with the holder, when the turn is taken.
    /// - Throws: `LockError` on a file-system failure; `CancellationError` when the task is cancelled.
    public static func acquire(
        _ thread: ThreadName, in root: String, onWait: (TurnLockOwner) -> Void = { _ in }
    ) async throws -> TurnLock {
        let path = path(for: thread, in: root)
        try ensureFolder(of: path)
        let owner = TurnLockOwner.current()
        var told = false
        var pause = Duration.milliseconds(2)
        while true {
            try Task.checkCancellation()
            if let lock = try create(path, owner: owner) { return lock }
            switch inspect(path) {
            case .gone: continue
            case .removedAbandoned: continue
            case .held(let holder):
                if !told, let holder {
                    onWait(holder)
                    told = true
                }
            }
            try await Task.sleep(for: pause)
            pause = min(pause * 2, .milliseconds(100))
        }
    }

    /// What `attempt` found.
    public enum Attempt: Sendable {
        case acquired(TurnLock)
        /// A live process holds the turn (its owner lines, when written).
        case held(by: TurnLockOwner?)
    }

    /// Reserves `thread` if no live process holds its turn, without waiting: for a change of the
    /// thread's ref (a rename, a delete) that a streaming reply must not find halfway.
    public static func attempt(_ thread: ThreadName, in root: String) throws(LockError) -> Attempt {
        let path = path(for: thread, in: root)
        try ensureFolder(of: path)
        let owner = TurnLockOwner.current()
        // A holder that ends just as the file is looked at is looked at again, a few times.
        for _ in 0..<8 {
            if let lock = try create(path, owner: owner) { return .acquired(lock) }
            switch inspect(path) {
            case .gone: continue
            case .removedAbandoned: continue
            case .held(let holder): return .held(by: holder)
            }
        }
        return .held(by: nil)
    }

    /// Ends the reservation. Safe to call more than once.
    public func release() {
        SignalCleanup.forget(cleanup, path)
        removeIfStill(path, identity)
    }

    deinit {
        SignalCleanup.forget(cleanup, path)
        removeIfStill(path, identity)
        _ = close(descriptor)
    }

    // MARK: - Steps

    private static func create(_ path: String, owner: TurnLockOwner) throws(LockError) -> TurnLock? {
        do {
            try FaultSeam.step("open", path: path)
        } catch {
            throw .fileSystem(error)
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            if errno == EEXIST { return nil }
            throw .fileSystem(.last("open", path: path))
        }
        // Blocking: a waiter inspecting the new file may hold its flock for a moment.
        var locked: Int32
        repeat { locked = flock(descriptor, LOCK_EX) } while locked != 0 && errno == EINTR
        // A waiter may have found the file unlocked and removed it before this flock: start again.
        guard locked != 0 || stillNames(path, descriptor) else {
            _ = close(descriptor)
            return nil
        }
        guard locked == 0, let identity = FileIdentity(descriptor: descriptor) else {
            let error = FileSystemError.last("flock", path: path)
            _ = unlink(path)
            _ = close(descriptor)
            throw .fileSystem(error)
        }
        let line = Array(owner.lines(started: .now()).utf8)
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count else {
            let error = FileSystemError.last("write", path: path)
            _ = unlink(path)
            _ = close(descriptor)
            throw .fileSystem(error)
        }
        return TurnLock(path: path, owner: owner, descriptor: descriptor, identity: identity)
    }

    private enum Inspection {
        case gone
        case held(TurnLockOwner?)
        /// Its owner was gone, and the file was removed (said through `LockTakeovers`).
        case removedAbandoned
    }

    /// Whether the lock at `path` belongs to a live process; when not, removes it while holding its
    /// flock, so that a creator that made the file just now, and waits for that flock, finds the path
    /// no longer names its file and starts again (rather than being removed after it looked).
    private static func inspect(_ path: String) -> Inspection {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .gone }
        defer { _ = close(descriptor) }
        guard let identity = FileIdentity(descriptor: descriptor) else { return .gone }
        let holder = TurnLockOwner(lockFileBytes: readSmall(descriptor))
        guard takeAbandonedFlock(descriptor) else { return .held(holder) }
        guard FileIdentity(path: path) == identity else { return .gone }
        LockTakeovers.tell(path)
        _ = unlink(path)
        return .removedAbandoned
    }

    private static func ensureFolder(of path: String) throws(LockError) {
        do {
            try FilePaths.makeDirectories(FilePaths.directoryName(of: path))
        } catch {
            throw .fileSystem(error)
        }
    }

    private static func readSmall(_ descriptor: Int32) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        return count > 0 ? Array(buffer[0..<count]) : []
    }
}

/// Removes `path` only when it is still the file `identity` names.
private func removeIfStill(_ path: String, _ identity: FileIdentity) {
    guard FileIdentity(path: path) == identity else { return }
    _ = unlink(path)
}

/// A file's device and inode, to tell one lock file from a newer one at the same path.
struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64

    init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }

    init?(path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    private init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    static func == (left: FileIdentity, right: FileIdentity) -> Bool {
        left.device == right.device && left.inode == right.inode
    }
}
