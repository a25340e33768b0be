#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A `*.lock` file found in a repository (docs/FORMAT.md §10): held by a running writer, or left
/// behind by one that crashed. Whose it is and how old it is decide whether it may be cleared.
public struct LeftoverLock: Sendable, Equatable {
    /// The process that holds it, when the lock records one (`pid:` and `host:` lines, §10).
    public typealias Owner = TurnLockOwner

    /// Whether the lock's owner is still there.
    public enum Liveness: Sendable, Equatable {
        /// The owner runs on this host and its process is gone: the lock is stale.
        case dead
        /// The owner runs on this host and its process exists.
        case alive
        /// No owner recorded, or it is on another host: nobody can tell from here.
        case unknown
    }

    /// A lock with no provable owner may be cleared with `--force` once it is this old: no ThreadAI
    /// write holds a ref lock for more than a moment, nor a turn lock for longer than a reply takes.
    public static let forceAge: Int64 = 10 * 60

    public var path: String
    public var ageSeconds: Int64
    public var owner: Owner?
    /// Whether a process holds a `flock` on it (every ThreadAI writer does while it writes); nil
    /// when that could not be asked.
    public var isFlocked: Bool? = nil

    /// Whether the owner is alive: a held `flock` says so on any host that shares the kernel's
    /// view of the file; else this host's process table is asked about the recorded owner.
    public var liveness: Liveness {
        if isFlocked == true { return .alive }
        if let owner, owner.host == Self.hostName() {
            if kill(owner.processID, 0) == 0 || errno == EPERM { return .alive }
            if errno == ESRCH { return .dead }
        }
        if isFlocked == false { return .dead }
        return .unknown
    }

    /// Whether `fsck --clear-stale-locks` removes it: its owner is provably dead, or, with `force`,
    /// it has no live owner on this host and is older than `forceAge`.
    public func mayBeCleared(force: Bool) -> Bool {
        switch liveness {
        case .dead: return true
        case .alive: return false
        case .unknown: return force && ageSeconds >= Self.forceAge
        }
    }

    /// "held by pid 42 on host x, 3 minutes old" — what `fsck` says about it.
    public var summary: String {
        let who: String
        switch (owner, liveness) {
        case (let owner?, .dead): who = "left by pid \(owner.processID) on \(owner.host), which is no longer running"
        case (let owner?, .alive): who = "held by pid \(owner.processID) on \(owner.host), which is running"
        case (let owner?, .unknown): who = "held by pid \(owner.processID) on host \(owner.host)"
        case (nil, _): who = "no owner recorded"
        }
        return "\(who); \(Self.describeAge(ageSeconds)) old"
    }

    /// Reads the lock at `path`: its age from its modification time, its owner from its lines.
    static func read(_ path: String, now: Int64) -> LeftoverLock? {
        guard let status = try? FilePaths.status(path), status.kind == .regularFile else { return nil }
        // A ref lock holds the new ref value once written; only owner lines are read from it.
        let text = (try? FilePaths.readText(path)) ?? nil
        var lock = LeftoverLock(path: path, ageSeconds: max(0, now - status.modifiedSeconds), owner: text.flatMap(parseOwner))
        lock.isFlocked = isFlocked(path)
        return lock
    }

    /// Whether some process holds a `flock` on the file at `path`; nil when it cannot be opened.
    /// Every ThreadAI writer takes the `flock` a moment after creating the file, so a file found
    /// without one is asked again 50 ms later before it counts as unheld.
    static func isFlocked(_ path: String) -> Bool? {
        for attempt in 0..<2 {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            let free = flock(descriptor, LOCK_EX | LOCK_NB) == 0
            let busy = !free && errno == EWOULDBLOCK
            _ = close(descriptor)
            if busy { return true }
            if !free { return nil }
            if attempt == 0 { usleep(50_000) }
        }
        return false
    }

    static func parseOwner(_ text: String) -> Owner? {
        var fields: [Substring: Substring] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon]] = line[line.index(after: colon)...].drop { $0 == " " }
        }
        guard let pid = fields["pid"].flatMap({ Int32($0) }), pid > 0, let host = fields["host"], !host.isEmpty else { return nil }
        return Owner(processID: pid, host: String(host))
    }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func describeAge(_ seconds: Int64) -> String {
        switch seconds {
        case ..<120: return seconds == 1 ? "1 second" : "\(seconds) seconds"
        case ..<7200: return "\(seconds / 60) minutes"
        case ..<172_800: return "\(seconds / 3600) hours"
        default: return "\(seconds / 86400) days"
        }
    }
}

extension Repository {
    /// Every `*.lock` file in the repository outside `objects/` (which has no locks), sorted by path.
    public func leftoverLocks() throws(RepositoryError) -> [LeftoverLock] {
        try leftoverLocks(now: Timestamp.now().secondsSinceEpoch)
    }

    private func leftoverLocks(now: Int64) throws(RepositoryError) -> [LeftoverLock] {
        try filesOutsideObjects { $0.hasSuffix(".lock") }.compactMap { LeftoverLock.read($0, now: now) }
    }

    /// The files outside `objects/` (whose strays `ObjectStore` finds) whose names pass `wanted`, sorted.
    func filesOutsideObjects(_ wanted: (String) -> Bool) throws(RepositoryError) -> [String] {
        var paths: [String] = []
        do {
            try collect(in: directory, wanted, into: &paths)
        } catch {
            throw .fileSystem(error)
        }
        return paths.sorted()
    }

    private func collect(in folder: String, _ wanted: (String) -> Bool, into paths: inout [String]) throws(FileSystemError) {
        for entry in try FilePaths.contents(of: folder) {
            let path = folder + "/" + entry
            if wanted(entry) {
                paths.append(path)
            } else if path != objects.directory, (try FilePaths.status(path))?.kind == .directory {
                try collect(in: path, wanted, into: &paths)
            }
        }
    }

    /// Removes the locks that `LeftoverLock.mayBeCleared(force:)` allows; the others stay.
    /// - Returns: the locks removed.
    public func clearStaleLocks(force: Bool) throws(RepositoryError) -> [LeftoverLock] {
        let now = Timestamp.now().secondsSinceEpoch
        var cleared: [LeftoverLock] = []
        // Read again just before removing: a lock released and taken anew meanwhile has another
        // time or owner and belongs to a live writer.
        for lock in try leftoverLocks(now: now) where lock.mayBeCleared(force: force) && LeftoverLock.read(lock.path, now: now) == lock {
            do {
                try FilePaths.remove(lock.path)
            } catch {
                throw .fileSystem(error)
            }
            cleared.append(lock)
        }
        return cleared
    }
}
