/// The record of thread renames, `renames`: one `OLD TAB NEW LF` line per rename (docs/FORMAT.md §5.4),
/// then those of local threads, `local-renames`, which git never sees (§13).
///
/// Messages record the thread they were written on and can never change, so a rename is
/// remembered here and applied when deciding which thread owns a message.
public struct Renames: Sendable {
    public let path: String
    /// `local-renames`, replayed after `path`.
    public let localPath: String
    /// For every name that was ever renamed away, the name it carries now.
    private var current: [String: String] = [:]
    /// What caches record as the state of renames they were computed with (docs/FORMAT.md §12.1):
    /// the SHA-256 of the file's bytes, `-` when there is no file, then `+` and the SHA-256 of
    /// `local-renames` when that file exists; nil after `record` (this value then no longer stands
    /// for any file's bytes, so nothing computed with it may be cached).
    private(set) var cacheKey: String?

    /// Reads the renames file at `path`, then the local one at `localPath`; a missing file means no renames.
    public init(path: String, localPath: String) throws(FileSystemError) {
        self.path = path
        self.localPath = localPath
        let shared = try Self.bytesIfPresent(path)
        let local = try Self.bytesIfPresent(localPath)
        var key = shared.map { ObjectID.of($0).hex } ?? "-"
        if let local { key += "+" + ObjectID.of(local).hex }
        cacheKey = key
        for line in Self.lines(of: shared ?? []) + Self.lines(of: local ?? []) { replay(line) }
    }

    /// The renames `lines` record, replayed in order as a file's are: renames read from elsewhere (an
    /// export's, docs/FORMAT.md §11). No file stands behind them, so nothing computed with them is cached.
    public init(replaying lines: [String]) {
        path = ""
        localPath = ""
        cacheKey = nil
        for line in lines { replay(line) }
    }

    private static func lines(of bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).linesAtLineFeeds().map(String.init)
    }

    /// The lines of the file at `path`, none when there is no file.
    private static func lines(ofFileAt path: String) throws(LockError) -> [String] {
        do {
            return lines(of: try bytesIfPresent(path) ?? [])
        } catch {
            throw .fileSystem(error)
        }
    }

    private static func bytesIfPresent(_ path: String) throws(FileSystemError) -> [UInt8]? {
        do {
            return try FilePaths.read(path)
        } catch {
            if error.isNotFound { return nil }
            throw error
        }
    }

    /// Replays the line `OLD TAB NEW` when it is one (FORMAT §5.4): a line with another number of
    /// TABs, or a side that is not a valid thread name (§5.2), is skipped.
    private mutating func replay(_ line: String) {
        guard let (old, new) = Self.rename(in: line) else { return }
        apply(from: old.rawValue, to: new.rawValue)
    }

    /// Whether `line` records a rename (`OLD TAB NEW`, two valid thread names): the lines every reader
    /// replays; any other is skipped (FORMAT §5.4), and refused by an importer (§11).
    public static func recordsRename(_ line: some StringProtocol) -> Bool {
        rename(in: String(line)) != nil
    }

    /// The two names of the line `OLD TAB NEW`, or nil when it is not one.
    private static func rename(in line: String) -> (old: ThreadName, new: ThreadName)? {
        let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard parts.count == 2, let old = try? ThreadName(String(parts[0])), let new = try? ThreadName(String(parts[1])) else { return nil }
        return (old, new)
    }

    /// Replays one rename as FORMAT §5.4 says: every recorded name whose current name is `old` (a
    /// name absent from the map is its own current name) now resolves to `new`; nothing else changes.
    /// So when two clones renamed one thread two ways, the first line merged wins, in every reader.
    private mutating func apply(from old: String, to new: String) {
        for (recorded, name) in current where name == old {
            current[recorded] = new
        }
        if current[old] == nil { current[old] = new }
        for (recorded, name) in current where recorded == name { current[recorded] = nil }
    }

    /// Every name a thread was renamed away from (what messages may still record).
    public var renamedAwayNames: [String] { Array(current.keys) }

    /// The current name of the thread that was called `recorded` when a message was written.
    public func currentName(of recorded: String) -> String {
        current[recorded] ?? recorded
    }

    /// Whether `name` was renamed away, so messages recorded under it belong to another thread now.
    public func isRenamedAway(_ name: ThreadName) -> Bool {
        currentName(of: name.rawValue) != name.rawValue
    }

    /// Appends, under the file's lock, each of `lines` (`OLD TAB NEW`) neither file holds yet, in
    /// order: renames brought by an import (docs/FORMAT.md §11), as git's union merge would bring them.
    /// - Returns: how many were appended.
    mutating func recordMissing(_ lines: [String]) throws(LockError) -> Int {
        // A line `local-renames` holds stays local: an export of this repository brought it back.
        let local = try Self.lines(ofFileAt: localPath)
        return try append(to: path, choosing: { held in
            let present = Set(Self.lines(of: held) + local)
            return lines.filter { !present.contains($0) }
        })
    }

    /// Appends a rename under the file's lock, so concurrent renames do not interleave: to
    /// `local-renames` when `locally` (a local thread's, FORMAT §13), else to `renames`.
    mutating func record(from old: ThreadName, to new: ThreadName, locally: Bool = false) throws(LockError) {
        try record(from: old, to: new, holding: try lock(locally: locally))
    }

    /// Takes the lock `record(from:to:holding:)` needs (of `local-renames` when `locally`), for a
    /// rename that takes every lock before it writes anything.
    func lock(locally: Bool) throws(LockError) -> LockFile {
        try LockFile.acquire(for: locally ? localPath : path)
    }

    /// `record`, under the lock `lock(locally:)` took.
    mutating func record(from old: ThreadName, to new: ThreadName, holding lock: consuming LockFile) throws(LockError) {
        let line = "\(old.rawValue)\t\(new.rawValue)"
        _ = try append(holding: lock, choosing: { _ in [line] })
    }

    /// Moves to the end of `renames` the lines of `local-renames` whose old name now maps to `name`,
    /// in their order (FORMAT §13: a local thread shared again). Appended first and removed after,
    /// each under its file's lock: a crash between leaves a line in both, which replays to the same map.
    /// - Returns: how many lines moved.
    @discardableResult
    mutating func share(renamesOf name: ThreadName) throws(LockError) -> Int {
        // Held until the lines are removed, so that no local rename is appended meanwhile and lost.
        let lock = try LockFile.acquire(for: localPath)
        let lines = try Self.lines(ofFileAt: localPath)
        let moving = lines.filter { line in
            Self.rename(in: line).map { currentName(of: $0.old.rawValue) == name.rawValue } ?? false
        }
        guard !moving.isEmpty else { return 0 }
        _ = try append(to: path, choosing: { _ in moving })
        let moved = Set(moving)
        try lock.commit(Array(lines.filter { !moved.contains($0) }.map { $0 + "\n" }.joined().utf8))
        return moving.count
    }

    /// Appends the lines `choose` picks, given the file's bytes, to the file at `file` under its lock,
    /// and replays them.
    /// - Returns: how many were appended.
    private mutating func append(to file: String, choosing choose: ([UInt8]) -> [String]) throws(LockError) -> Int {
        try append(holding: try LockFile.acquire(for: file), choosing: choose)
    }

    private mutating func append(holding lock: consuming LockFile, choosing choose: ([UInt8]) -> [String]) throws(LockError) -> Int {
        let file = lock.targetPath
        var bytes: [UInt8]
        do {
            bytes = try FilePaths.read(file)
        } catch {
            guard error.isNotFound else { throw .fileSystem(error) }
            bytes = []
        }
        let lines = choose(bytes)
        guard !lines.isEmpty else { return 0 }
        for line in lines { bytes += Array((line + "\n").utf8) }
        try lock.commit(bytes)
        for line in lines { replay(line) }
        cacheKey = nil
        return lines.count
    }
}
