#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The thread refs of a repository: `refs/threads/NAME`, each holding the id of the thread's head.
///
/// Every change is a compare-and-swap under the ref's lock file (see `LockFile`): the writer says
/// what it expects the ref to hold, and if another process changed it meanwhile nothing is written
/// and `RefError.concurrentChange` says what was found. Each change appends to the ref's reflog.
public struct RefStore: Sendable {
    /// The repository folder (`.threadai`).
    public let root: String

    /// Whether the first id is in the history of the second: how a packed id that a ref file
    /// contains stops being a head of its own (docs/FORMAT.md §5.7). Without it (a store read
    /// without its objects) no id contains another.
    let containment: (@Sendable (_ ancestor: ObjectID, _ descendant: ObjectID) -> Bool)?

    /// What this store read of `.packed` last, for the next read of the same file.
    private let packedMemory = PackedRefsMemory()

    public init(root: String, containment: (@Sendable (_ ancestor: ObjectID, _ descendant: ObjectID) -> Bool)? = nil) {
        self.root = root
        self.containment = containment
    }

    var threadsDirectory: String { root + "/refs/threads" }
    private var folder: RefFolder { RefFolder(path: threadsDirectory) }
    /// `refs/threads/.packed` (§5.7).
    var packed: PackedRefs { PackedRefs(path: threadsDirectory + "/.packed", memory: packedMemory) }

    public func path(of name: ThreadName) -> String {
        threadsDirectory + "/" + name.rawValue
    }

    public func reflog(of name: ThreadName) -> Reflog {
        // One flat file per name (`/` written `%2F`; names cannot hold `%`): a kept reflog of a
        // deleted thread never stands where a folder for another name's log must go, or the reverse.
        Reflog(path: reflogsDirectory + "/" + Self.reflogFile(of: name), packed: packedReflogs)
    }

    /// `logs/threads`, where each thread's reflog has its file.
    var reflogsDirectory: String { root + "/logs/threads" }

    /// `logs/packed` (§7.1).
    var packedReflogs: PackedReflogs { PackedReflogs(path: root + "/logs/packed") }

    /// The name of `name`'s reflog file in `logs/threads/`, and of its lines in `logs/packed`.
    static func reflogFile(of name: ThreadName) -> String {
        name.rawValue.replacing("/", with: "%2F")
    }

    /// The heads of thread `name`: empty when the thread is unborn or does not exist, one id
    /// normally, several when it has diverged (docs/FORMAT.md §5.1).
    public func heads(of name: ThreadName) throws(RefError) -> [ObjectID] {
        combined(try looseHeads(of: name), packed: try packed.ids(of: name))
    }

    /// The heads the ref file of `name` holds (§5.1), none when it has no file.
    func looseHeads(of name: ThreadName) throws(RefError) -> [ObjectID] {
        let path = path(of: name)
        guard let bytes = try Self.readIfPresent(path) else { return [] }
        return try Self.parse(bytes, name: name, path: path)
    }

    /// The bytes of the ref file (or `.packed`) at `path`; nil when there is none.
    static func readIfPresent(_ path: String) throws(RefError) -> [UInt8]? {
        do {
            return try FilePaths.readReplacedFile(path)
        } catch {
            if error.meansNoFile { return nil }
            throw .fileSystem(error)
        }
    }

    /// A thread's heads from its ref file's ids and its packed ids (§5.7): each once, the file's
    /// first, and no packed id that is in the history of another head.
    func combined(_ loose: [ObjectID], packed: [ObjectID]) -> [ObjectID] {
        var heads = loose
        for id in packed where !heads.contains(id) { heads.append(id) }
        guard heads.count > loose.count, heads.count > 1, let containment else { return heads }
        let candidates = heads
        return candidates.enumerated().filter { index, id in
            index < loose.count || !candidates.contains { $0 != id && containment(id, $0) }
        }.map(\.element)
    }

    static func parse(_ bytes: [UInt8], name: ThreadName, path: @autoclosure () -> String) throws(RefError) -> [ObjectID] {
        guard bytes.last == UInt8(ascii: "\n") else {
            throw .malformed(name, path: path(), line: 1, reason: "it does not end with a line end")
        }
        var heads: [ObjectID] = []
        for (index, line) in bytes.dropLast().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            if let id = ObjectID(hexDigits: line) {
                if !heads.contains(id) { heads.append(id) }
            } else if !GitConflictMarker.isMarker(line) {
                throw .malformed(name, path: path(), line: index + 1, reason: "expected a 64-digit lowercase hex id")
            }
        }
        guard !heads.isEmpty else {
            throw .malformed(name, path: path(), line: 1, reason: "it holds no id, only git's conflict markers")
        }
        return heads
    }

    /// Whether the ref of `name` holds git's conflict markers: a merge left it so (`fsck` says how
    /// to rewrite it).
    public func holdsConflictMarkers(_ name: ThreadName) -> Bool {
        guard let bytes = try? FilePaths.readReplacedFile(path(of: name)) else { return false }  // Read, and reported, elsewhere.
        return bytes.split(separator: UInt8(ascii: "\n")).contains { GitConflictMarker.isMarker($0) }
    }

    /// Every thread with a ref file and the heads it holds, sorted by name: what `names()` and then
    /// `heads(of:)` of each name give, with the same errors, in one pass over the folders
    /// (`RefTreeReader`).
    public func allHeads() throws(RefError) -> [(name: ThreadName, heads: [ObjectID])] {
        try allHeads(leavingOutMalformed: false).threads
    }

    /// `allHeads()`, with each ref whose file holds nothing readable left out and returned apart
    /// with its error when `leavingOutMalformed` (a listing goes past it, as `git for-each-ref` goes
    /// past a broken ref); other failures are still thrown.
    public func allHeads(leavingOutMalformed: Bool) throws(RefError) -> (
        threads: [(name: ThreadName, heads: [ObjectID])], malformed: [(name: ThreadName, error: RefError)]
    ) {
        var reader = RefTreeReader(root: threadsDirectory)
        do {
            try reader.read()
            if reader.found.isEmpty { try checkRefsFolder() }
        } catch {
            throw .fileSystem(error)
        }
        var packedEntries = try packed.read()
        var threads: [(name: ThreadName, heads: [ObjectID])] = []
        var malformed: [(name: ThreadName, error: RefError)] = []
        threads.reserveCapacity(reader.found.count + packedEntries.count)
        for (name, content) in reader.sorted() {
            let packedIDs = packedEntries.removeValue(forKey: name) ?? []
            do throws(RefError) {
                switch content {
                case .bytes(let bytes):
                    threads.append((name, combined(try Self.parse(bytes, name: name, path: path(of: name)), packed: packedIDs)))
                case .absent: threads.append((name, packedIDs))
                case .failed(let error): throw RefError.fileSystem(error)
                case .unread: threads.append((name, combined(try looseHeads(of: name), packed: packedIDs)))
                }
            } catch {
                guard leavingOutMalformed, case .malformed = error else { throw error }
                malformed.append((name, error))
            }
        }
        guard !packedEntries.isEmpty else { return (threads, malformed) }
        // Threads only the packed file holds (two packed ids of one name are read as in §5.7).
        for (name, ids) in packedEntries { threads.append((name, combined([], packed: ids))) }
        threads.sort { $0.name < $1.name }
        return (threads, malformed)
    }

    /// The heads of `name` for a writer about to extend it: like `heads(of:)`, but a folder where
    /// the ref file should be is an error, not an unborn thread (extending it would start a new
    /// root and cut the old history off).
    public func headsForExtending(_ name: ThreadName) throws(RefError) -> [ObjectID] {
        let path = path(of: name)
        if FilePaths.isDirectory(path) { throw .notAFile(name, path: path) }
        return try heads(of: name)
    }

    /// Whether thread `name` has a ref file (a born thread).
    public func exists(_ name: ThreadName) -> Bool {
        (FilePaths.exists(path(of: name), followingLinks: true) && !FilePaths.isDirectory(path(of: name)))
            || !((try? packed.ids(of: name))?.isEmpty ?? true)
    }

    /// Throws when `refs` is there but is not a folder (a file, or a link to nothing): damage to
    /// report, not a repository without threads (`refs/threads` itself missing is one).
    func checkRefsFolder() throws(FileSystemError) {
        let refs = root + "/refs"
        guard !FilePaths.isDirectory(refs), FilePaths.exists(refs, followingLinks: false) else { return }
        throw FileSystemError("list", path: refs, code: ENOTDIR)
    }

    /// Every valid name of a file below `directory` (thread refs, tags), as paths relative to it.
    static func collectNames(in directory: String, prefix: String, into names: inout [ThreadName]) throws(FileSystemError) {
        var invalid: [String] = []
        try collectNames(in: directory, prefix: prefix, into: &names, invalid: &invalid)
    }

    /// `collectNames`, with the files whose path is not a valid name (lock files aside) put in
    /// `invalid`, as paths: for `fsck`, which reports them.
    static func collectNames(
        in directory: String, prefix: String, into names: inout [ThreadName], invalid: inout [String]
    ) throws(FileSystemError) {
        for (entry, isDirectory) in try FilePaths.entries(of: directory) {
            let path = directory + "/" + entry
            if isDirectory ?? FilePaths.isDirectory(path) {
                try collectNames(in: path, prefix: prefix + entry + "/", into: &names, invalid: &invalid)
            } else if let name = try? ThreadName(prefix + entry) {
                // Lock files, temporary files and strays are not valid thread names and are skipped.
                names.append(name)
            } else if !entry.hasSuffix(".lock"), !entry.hasPrefix(".tmp-") {
                // Leftovers of writes are `fsck`'s leftovers (docs/FORMAT.md §10.1), not bad names.
                invalid.append(path)
            }
        }
    }

    /// Sets thread `name` to `new` (or deletes it when `new` is nil) if it holds what `expected` says.
    /// - Throws: `RefError.concurrentChange` when it does not; nothing is changed then.
    public func update(
        _ name: ThreadName, to new: ObjectID?, expecting expected: ExpectedRefValue, reflogMessage: String
    ) throws(RefError) {
        try update(name, holding: try lock(name), to: new, expecting: expected, reflogMessage: reflogMessage)
    }

    /// Whether a writer holds (or a crash left) the lock of thread `name`'s ref. A writer logs the
    /// change under the lock before the ref moves (`update`), so a reader that read the reflog, then
    /// finds no lock, then reads the ref, never sees the log ahead of the ref it reads.
    func isLocked(_ name: ThreadName) -> Bool {
        FilePaths.exists(path(of: name) + ".lock", followingLinks: false)
    }

    /// Takes the lock of thread `name`'s ref ahead of `update(_:holding:…)`: a change that writes
    /// several files (a rename, `checkout -b`) takes every lock first, so that one held elsewhere
    /// stops it before any file is written. The lock is released when the value is dropped.
    func lock(_ name: ThreadName) throws(RefError) -> LockFile {
        do {
            return try folder.lock(path(of: name))
        } catch {
            switch error {
            case .folders(let error): throw .fileSystem(error)
            case .lock(let error): throw .lock(error)
            }
        }
    }

    /// `update`, under the lock `lock(name)` took.
    func update(
        _ name: ThreadName, holding lock: consuming LockFile, to new: ObjectID?, expecting expected: ExpectedRefValue,
        reflogMessage: String
    ) throws(RefError) {
        do {
            try update(name, holding: lock, reflogMessage: reflogMessage, acceptingMalformed: false) { current throws(RefError) in
                let current = current ?? []
                guard expected.accepts(current) else { throw .concurrentChange(name, expected: expected, found: current) }
                return (current.first, new, new.map { [$0] } ?? [])
            }
        } catch {
            // The folders made for this ref must not outlive a failed change: an empty folder
            // would block creating a thread of its name.
            folder.removeEmptyFolders(above: path(of: name))
            throw error
        }
    }

    /// Replaces the head `old` of thread `name` with `new`, keeping its other heads as they are: a
    /// reply stored while a `git pull` made the thread diverge follows its question, which is one of
    /// the heads now. - Throws: `RefError.concurrentChange` when `old` is not a head of `name`.
    public func replaceHead(_ old: ObjectID, with new: ObjectID, of name: ThreadName, reflogMessage: String) throws(RefError) {
        try lockAndUpdate(name, at: path(of: name), reflogMessage: reflogMessage) { current throws(RefError) in
            guard current.contains(old) else { throw .concurrentChange(name, expected: .head(old), found: current) }
            var heads: [ObjectID] = []
            for head in current.map({ $0 == old ? new : $0 }) where !heads.contains(head) { heads.append(head) }
            return (old, new, heads)
        }
    }

    /// Removes the ref of thread `name` that this process just created at `head`, with no reflog line:
    /// the undoing of a change that could not be completed (a rename not recorded), not a deletion.
    /// Under the ref's lock, and only while it still holds `head` alone.
    /// - Throws: `RefError.concurrentChange` when the ref moved meanwhile (nothing is changed then).
    func removeCreated(_ name: ThreadName, at head: ObjectID) throws(RefError) {
        let lock = try lock(name)
        let current = try heads(of: name)
        guard current == [head] else { throw .concurrentChange(name, expected: .head(head), found: current) }
        do {
            try lock.commitRemoval()
        } catch {
            throw .lock(error)
        }
        folder.removeEmptyFolders(above: path(of: name))
    }

    /// Deletes thread `name` while its ref file holds nothing readable (`threads delete -f`, the way
    /// out `fsck` names for a damaged ref), and logs the deletion. Under the ref's lock, and only
    /// while the file is still malformed: a ref rewritten meanwhile is left as it is.
    /// - Throws: `RefError.concurrentChange` when the ref reads again (nothing is changed then).
    public func deleteMalformed(_ name: ThreadName, reflogMessage: String) throws(RefError) {
        try lockAndUpdate(name, at: path(of: name), reflogMessage: reflogMessage, acceptingMalformed: true) { current throws(RefError) in
            guard current == nil else { throw .concurrentChange(name, expected: .any, found: current ?? []) }
            return (nil, nil, [])
        }
    }

    /// Under the ref's lock: reads its heads, asks `change` for the move the reflog line records and
    /// the heads to write (none: delete the ref), logs, and writes.
    private func lockAndUpdate(
        _ name: ThreadName, at path: String, reflogMessage: String,
        change: ([ObjectID]) throws(RefError) -> (loggedOld: ObjectID?, loggedNew: ObjectID?, heads: [ObjectID])
    ) throws(RefError) {
        try lockAndUpdate(name, at: path, reflogMessage: reflogMessage, acceptingMalformed: false) { current throws(RefError) in
            try change(current ?? [])
        }
    }

    /// `lockAndUpdate`, where a malformed ref is handed to `change` as nil when `acceptingMalformed`
    /// (and is an error otherwise).
    private func lockAndUpdate(
        _ name: ThreadName, at path: String, reflogMessage: String, acceptingMalformed: Bool,
        change: ([ObjectID]?) throws(RefError) -> (loggedOld: ObjectID?, loggedNew: ObjectID?, heads: [ObjectID])
    ) throws(RefError) {
        let lock: LockFile
        do {
            lock = try LockFile.acquire(for: path)
        } catch {
            throw .lock(error)
        }
        try update(name, holding: lock, reflogMessage: reflogMessage, acceptingMalformed: acceptingMalformed, change: change)
    }

    /// The change `lockAndUpdate` makes, once the ref's lock is held.
    private func update(
        _ name: ThreadName, holding lock: consuming LockFile, reflogMessage: String, acceptingMalformed: Bool,
        change: ([ObjectID]?) throws(RefError) -> (loggedOld: ObjectID?, loggedNew: ObjectID?, heads: [ObjectID])
    ) throws(RefError) {
        // `.packed` read once: for the current heads and for what this change does to its lines.
        let packedIDs = try packed.ids(of: name)
        let current: [ObjectID]?
        do {
            current = combined(try looseHeads(of: name), packed: packedIDs)
        } catch .malformed where acceptingMalformed {
            current = nil
        }
        let (loggedOld, loggedNew, heads) = try change(current)
        // Packed lines that would still be heads beside the new ones go with this change (§5.7).
        let dropsPacked = !packedIDs.isEmpty && (heads.isEmpty || combined(heads, packed: packedIDs).count > heads.count)
        // Like git, log while holding the lock and before the ref moves: a reflog that cannot be
        // written stops the update instead of leaving a change that no log recorded.
        let reflog = reflog(of: name)
        let loggedAt: Int
        do {
            loggedAt = try reflog.append(old: loggedOld, new: loggedNew, message: reflogMessage)
        } catch {
            throw .fileSystem(error)
        }
        var moved = false
        do throws(RefError) {
            if dropsPacked {
                // The packed lock after the ref's (§5.7): `gc` cannot pack this ref in between.
                var rewrite = try packed.beginRewrite()
                rewrite.entries[name] = nil
                if heads.isEmpty {
                    // A deletion drops the packed lines first: stopped after that, the thread still is.
                    try rewrite.commit()
                    try Self.write(heads, holding: lock, folder: folder)
                } else {
                    try Self.write(heads, holding: lock, folder: folder)
                    moved = true
                    try rewrite.commit()
                }
            } else {
                try Self.write(heads, holding: lock, folder: folder)
            }
        } catch {
            // The ref did not move (unless only the flush failed): its line goes. Should that fail
            // too, the ref's own failure is the one to report; the line is only advisory.
            if case .lock(.madeButNotFlushed) = error {} else if !moved { try? reflog.undoAppend(to: loggedAt) }
            throw error
        }
    }

    /// Writes `heads` as the ref file the lock is for, or removes that file when there are none
    /// (a thread only `.packed` held has none to remove).
    static func write(_ heads: [ObjectID], holding lock: consuming LockFile, folder: RefFolder) throws(RefError) {
        let path = lock.targetPath
        do {
            if heads.isEmpty {
                if FilePaths.exists(path, followingLinks: false) { try lock.commitRemoval() }
                folder.removeEmptyFolders(above: path)
            } else {
                try lock.commit(Array(heads.map { $0.hex + "\n" }.joined().utf8))
            }
        } catch {
            throw .lock(error)
        }
    }
}
