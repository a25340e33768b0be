#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ThreadAISupport

/// A lock on one file, held by creating `PATH.lock` exclusively — git's lock-file protocol.
///
/// Calling sequence (docs/FORMAT.md §10):
/// 1. `acquire(for:)` creates `PATH.lock` with `O_CREAT|O_EXCL` and takes a `flock` on it, which
///    the kernel drops when the process dies. Only one process can; the others retry with backoff
///    for a short while, then fail with `LockError.held`.
/// 2. The holder reads `PATH` (its expected old value), then `commit(_:)` writes the new contents to
///    the lock file, flushes it, renames it over `PATH` and flushes the folder.
/// 3. A holder that does not commit — it found a conflict, or threw — releases the lock when the
///    value goes out of scope: the lock file is removed and `PATH` is untouched.
///
/// Readers never take the lock: they see the old `PATH` or the new one, never a mix. A lock file
/// left behind by a crash is taken over: nobody holds its `flock`, so its owner is gone.
struct LockFile: ~Copyable {
    let targetPath: String
    let lockPath: String
    private let file: FileDescriptor
    /// The lock file's entry in `SignalCleanup`, which removes it if a signal stops the process.
    private let cleanup: Int
    /// Set once the lock file has been renamed over the target: from then on the lock path may
    /// belong to the next holder and must not be touched.
    private var isCommitted = false

    /// Takes the lock on `path`, waiting up to `timeout` for another holder to finish. The lock
    /// file, which becomes `path` at `commit`, is created with `mode` (less the umask).
    static func acquire(for path: String, timeout: Duration = .milliseconds(1000), mode: mode_t = 0o644) throws(LockError) -> LockFile {
        let lockPath = path + ".lock"
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var pause = Duration.milliseconds(1)
        while true {
            do {
                let file = try FileDescriptor(opening: lockPath, flags: O_WRONLY | O_CREAT | O_EXCL, mode: mode)
                // Held for the lock's life: the kernel drops it if this process dies, which is
                // how a writer (or `fsck --clear-stale-locks`) proves a leftover lock dead (docs/FORMAT.md §10).
                while flock(file.raw, LOCK_EX) != 0 && errno == EINTR {}
                // Another writer may have taken the file over before this flock: then it is theirs.
                if stillNames(lockPath, file.raw) { return LockFile(targetPath: path, lockPath: lockPath, file: file) }
                continue
            } catch {
                guard error.alreadyExists else { throw .fileSystem(error) }
                if let file = takeOver(lockPath) {
                    LockTakeovers.tell(lockPath)
                    return LockFile(targetPath: path, lockPath: lockPath, file: file)
                }
                guard clock.now < deadline else { throw .held(lockPath: lockPath) }
                sleepBriefly(pause)
                pause = min(pause * 2, .milliseconds(64))
            }
        }
    }

    /// The lock file at `lockPath` opened and locked, emptied, when its owner is provably gone:
    /// nobody holds its `flock`, asked twice 50 ms apart (a writer between creating and locking its
    /// file is not taken for dead). Holding the flock, with the path still naming the file, no other
    /// writer can take it: one that asks later finds the flock held, or the path renamed away.
    private static func takeOver(_ lockPath: String) -> FileDescriptor? {
        let file: FileDescriptor
        do {
            file = try FileDescriptor(opening: lockPath, flags: O_RDWR | O_NOFOLLOW)
        } catch {
            return nil
        }
        guard takeAbandonedFlock(file.raw), stillNames(lockPath, file.raw), ftruncate(file.raw, 0) == 0 else {
            return nil
        }
        return file
    }

    private init(targetPath: String, lockPath: String, file: consuming FileDescriptor) {
        self.targetPath = targetPath
        self.lockPath = lockPath
        self.file = file
        cleanup = SignalCleanup.register(lockPath)
    }

    /// Writes `bytes` as the new contents of the locked file and releases the lock.
    consuming func commit(_ bytes: some Collection<UInt8>) throws(LockError) {
        do {
            try file.writeAll(bytes)
            try file.synchronize()
            try FilePaths.rename(lockPath, to: targetPath)
            // Forgotten once renamed, as git deactivates its tempfile after the rename: before it,
            // a signal would leave the lock behind. (Between the two, a signal removes the lock
            // path, where another process could only have made its own lock in that instant.)
            SignalCleanup.forget(cleanup, lockPath)
            isCommitted = true
        } catch {
            // Unless the rename happened, `deinit` removes the lock file and the target is untouched.
            throw .fileSystem(error)
        }
        try synchronizeMadeChange()
    }

    /// After the change stands: a failure to make it durable must not read as "nothing changed".
    private func synchronizeMadeChange() throws(LockError) {
        do {
            try FilePaths.synchronizeDirectory(FilePaths.directoryName(of: targetPath))
        } catch {
            throw .madeButNotFlushed(error)
        }
    }

    /// Removes the target file and releases the lock. The lock file goes as any released lock does
    /// (`deinit`), after the change: a failure to remove it is no failure of the change, which was
    /// made, and what it leaves is a stale lock like a crash's (its `flock` died with it).
    consuming func commitRemoval() throws(LockError) {
        do {
            try FilePaths.remove(targetPath)
        } catch {
            throw .fileSystem(error)
        }
        try synchronizeMadeChange()
    }

    deinit {
        if !isCommitted {
            SignalCleanup.forget(cleanup, lockPath)
            _ = unlink(lockPath)
        }
    }
}

/// Why a lock could not be taken.
public enum LockError: Error, CustomStringConvertible, Equatable, Sendable {
    case held(lockPath: String)
    case fileSystem(FileSystemError)
    /// The change was made (the file renamed into place), but flushing its folder to disk failed.
    case madeButNotFlushed(FileSystemError)

    public var description: String {
        switch self {
        case .held(let lockPath):
            return "cannot lock: '\(lockPath)' exists. Another \(Remedy.program) process seems to be running in this "
                + "repository, or one crashed. If none is running, '\(Remedy(.clearStaleLocks))' removes it "
                + "(only when its process is gone); then try again."
        case .fileSystem(let error):
            return error.description
        case .madeButNotFlushed(let error):
            return "the change was made, but it could not be flushed to disk (cannot \(error.operation) '\(error.path)': "
                + "\(error.reason)), so a crash of the machine could still undo it. Do not repeat the command: it took "
                + "effect ('\(Remedy(.log))' or '\(Remedy(.status))' shows it); free the disk or fix it before relying on it."
        }
    }
}

/// Takes the `flock` of the open lock file `descriptor` when nobody holds it, asked twice 50 ms apart
/// so that a writer between creating its file and locking it is not taken for dead (docs/FORMAT.md
/// §10); true when this process now holds it. The proof a lock file's owner is gone, for `LockFile`
/// and `TurnLock` alike.
func takeAbandonedFlock(_ descriptor: Int32) -> Bool {
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
    _ = flock(descriptor, LOCK_UN)
    sleepBriefly(.milliseconds(50))
    return flock(descriptor, LOCK_EX | LOCK_NB) == 0
}

/// Whether `path` still names the file open as `descriptor` (same device and inode).
func stillNames(_ path: String, _ descriptor: Int32) -> Bool {
    guard let mine = FileIdentity(descriptor: descriptor) else { return false }
    return FileIdentity(path: path) == mine
}

/// Where a writer reports that it took over a lock whose owner is gone (docs/FORMAT.md §10): the
/// program decides what to do with it (the CLI says so on standard error); nothing by default.
public enum LockTakeovers {
    private static let listener = Locked<(@Sendable (String) -> Void)?>(nil)

    /// Sends every takeover's lock path to `report`, from the thread that took it over.
    public static func report(to report: @escaping @Sendable (String) -> Void) {
        listener.withLock { $0 = report }
    }

    static func tell(_ lockPath: String) {
        listener.current?(lockPath)
    }
}

func sleepBriefly(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    usleep(useconds_t(max(1, microseconds)))
}
