/// The record of thread renames, `renames`: one `OLD TAB NEW LF` line per rename (docs/FORMAT.md §5.4).
///
/// Messages record the thread they were written on and can never change, so a rename is
/// remembered here and applied when deciding which thread owns a message.
public struct Renames: Sendable {
    public let path: String
    /// For every name that was ever renamed away, the name it carries now.
    private var current: [String: String] = [:]
    /// What caches record as the state of renames they were computed with (docs/FORMAT.md §12.1):
    /// the SHA-256 of the file's bytes, `-` when there is no file, nil after `record` (this value
    /// then no longer stands for any file's bytes, so nothing computed with it may be cached).
    private(set) var cacheKey: String?

    /// Reads the renames file at `path`; a missing file means no renames.
    public init(path: String) throws(FileSystemError) {
        self.path = path
        let bytes: [UInt8]
        do {
            bytes = try FilePaths.read(path)
        } catch {
            if error.isNotFound {
                cacheKey = "-"
                return
            }
            throw error
        }
        cacheKey = ObjectID.of(bytes).hex
        for line in String(decoding: bytes, as: UTF8.self).linesAtLineFeeds() { replay(String(line)) }
    }

    /// Replays the line `OLD TAB NEW` when it is one (FORMAT §5.4): a line with another number of
    /// TABs, or a side that is not a valid thread name (§5.2), is skipped.
    private mutating func replay(_ line: String) {
        let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard parts.count == 2, let old = try? ThreadName(String(parts[0])), let new = try? ThreadName(String(parts[1])) else { return }
        apply(from: old.rawValue, to: new.rawValue)
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

    /// The current name of the thread that was called `recorded` when a message was written.
    public func currentName(of recorded: String) -> String {
        current[recorded] ?? recorded
    }

    /// Whether `name` was renamed away, so messages recorded under it belong to another thread now.
    public func isRenamedAway(_ name: ThreadName) -> Bool {
        currentName(of: name.rawValue) != name.rawValue
    }

    /// Appends, under the file's lock, each of `lines` (`OLD TAB NEW`) the file does not hold yet, in
    /// order: renames brought by an import (docs/FORMAT.md §11), as git's union merge would bring them.
    /// - Returns: how many were appended.
    mutating func recordMissing(_ lines: [String]) throws(LockError) -> Int {
        try append(choosing: { held in
            let present = Set(String(decoding: held, as: UTF8.self).linesAtLineFeeds().map(String.init))
            return lines.filter { !present.contains($0) }
        })
    }

    /// Appends a rename under the file's lock, so concurrent renames do not interleave.
    mutating func record(from old: ThreadName, to new: ThreadName) throws(LockError) {
        _ = try append(choosing: { _ in ["\(old.rawValue)\t\(new.rawValue)"] })
    }

    /// Appends the lines `choose` picks, given the file's bytes, under the file's lock, and replays them.
    /// - Returns: how many were appended.
    private mutating func append(choosing choose: ([UInt8]) -> [String]) throws(LockError) -> Int {
        let lock = try LockFile.acquire(for: path)
        var bytes: [UInt8]
        do {
            bytes = try FilePaths.read(path)
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
