/// `.threadai/cache/`: local, rebuildable files that make reading fast (docs/FORMAT.md §12).
///
/// Protocol: a cache file is read whole and used only when its frame checks (`CacheFrame`);
/// it is written whole through `TempFile` (temporary file beside it, then rename), without a lock,
/// so a reader sees an old or a new complete file and two writers only lose each other's work.
/// Nothing here is ever the source of truth: every failure to read means "absent".
public struct CacheFolder: Sendable {
    /// The `cache` folder.
    public let directory: String
    /// False when caches are turned off (`THREADAI_NO_CACHE`): nothing is read or written.
    public let isEnabled: Bool

    public init(directory: String, isEnabled: Bool) {
        self.directory = directory
        self.isEnabled = isEnabled
    }

    public func path(of kind: String) -> String {
        directory + "/" + kind
    }

    /// The path of `cache/KIND` when caches are on and a regular file is there: anything else in its
    /// place (a folder, say) is no cache at all, for the kinds read in place rather than whole.
    func existingFile(_ kind: String) -> String? {
        let path = path(of: kind)
        guard isEnabled, (try? FilePaths.status(path))?.kind == .regularFile else { return nil }
        return path
    }

    /// The bytes of `cache/KIND`, or nil when caches are off or the file cannot be read.
    func read(_ kind: String) -> [UInt8]? {
        guard isEnabled else { return nil }
        // Any failure (absent, unreadable, a folder) means "no cache": the caller computes instead.
        return try? FilePaths.readReplacedFile(path(of: kind))
    }

    /// Replaces `cache/KIND` with `bytes`, creating the folder when needed. Does nothing when caches are off.
    func write(_ kind: String, _ bytes: [UInt8]) throws(FileSystemError) {
        guard isEnabled else { return }
        try FilePaths.makeDirectories(directory)
        try TempFile.write(bytes, to: path(of: kind))
    }

    /// Writes like `write`, ignoring failure: a cache that cannot be written (a read-only repository,
    /// a full disk) only means the next command computes again (docs/FORMAT.md §12 rule 6).
    func writeIfPossible(_ kind: String, _ bytes: [UInt8]) {
        try? write(kind, bytes)
    }

    /// Removes `cache/KIND` when it is there, ignoring failure: a file left only takes room, since
    /// a reader checks what it was computed from (a pack's index names its pack, §15.2).
    func removeIfPresent(_ kind: String) {
        try? FilePaths.remove(path(of: kind))
    }

    /// Removes the whole folder and everything in it, every kind included.
    public func clear() throws(FileSystemError) {
        try removeTree(directory)
    }

    /// Removes `path` and, for a folder (not a link to one), everything below it first.
    private func removeTree(_ path: String) throws(FileSystemError) {
        guard let status = try FilePaths.status(path) else { return }
        guard status.kind == .directory else { return try FilePaths.remove(path) }
        for name in try FilePaths.contents(of: path) { try removeTree(path + "/" + name) }
        try FilePaths.removeDirectory(path)
    }
}
