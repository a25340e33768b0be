/// The message objects of a repository: `objects/XX/YYYY….md`, named by the SHA-256 of their bytes,
/// and those in `packs/` (docs/FORMAT.md §15), which every read here finds when an object is not
/// loose: each read path (this type, `ObjectFolder`, `HistoryWalker`, the parallel reads) comes
/// through `unverifiedBytes(of:read:)`, so every command reads loose, packed and mixed stores alike.
///
/// Objects are immutable. `write` stores new bytes through a temporary file in the object's own
/// folder (flush, then rename) and skips objects that already exist; every read verifies that the
/// bytes hash to the requested id, so a corrupt object is reported, never served as content.
public struct ObjectStore: Sendable {
    /// The `objects` folder.
    public let directory: String
    /// The packs beside `objects/`, opened on the first read that the loose files cannot answer.
    let packs: PackSet

    /// The store of the repository whose `objects` folder is `directory`; with `usesCache` false
    /// (`THREADAI_NO_CACHE`) the packs' indexes in `cache/` are neither read nor written.
    public init(directory: String, usesCache: Bool = true) {
        self.directory = directory
        let repository = FilePaths.directoryName(of: directory)
        packs = PackSet(
            directory: repository + "/packs", cache: CacheFolder(directory: repository + "/cache", isEnabled: usesCache))
    }

    /// Where the object `id` lives, whether or not it exists.
    public func path(of id: ObjectID) -> String {
        directory + "/" + id.fanOutPath
    }

    /// Whether object `id` is stored, loose or in a pack.
    public func contains(_ id: ObjectID) -> Bool {
        FilePaths.exists(path(of: id), followingLinks: true) || packs.contains(id)
    }

    /// Stores `message` and returns its id. Writing a message that exists already changes nothing.
    @discardableResult
    public func write(_ message: Message) throws(ObjectError) -> ObjectID {
        let bytes = MessageCodec.encode(message)
        let id = ObjectID.of(bytes)
        let destination = path(of: id)
        // An existing object counts only if it verifies; a corrupt copy is replaced by the right bytes
        // (any read failure here means "write it", and the write reports its own errors).
        if (try? self.bytes(of: id)) != nil { return id }
        do {
            try FilePaths.makeDirectories(FilePaths.directoryName(of: destination))
            try TempFile.write(bytes, to: destination, mode: 0o444)
        } catch {
            throw .fileSystem(error)
        }
        return id
    }

    /// The exact bytes of object `id`, verified against the id.
    public func bytes(of id: ObjectID) throws(ObjectError) -> [UInt8] {
        try verified(unverifiedBytes(of: id), of: id)
    }

    /// The bytes of object `id`'s file, not yet checked: for a reader that checks them with
    /// `verified` or `message(_:fromUnverified:)` before using them (a walk that reads the next file
    /// while another core checks this one).
    func unverifiedBytes(of id: ObjectID) throws(ObjectError) -> [UInt8] {
        try unverifiedBytes(of: id) { path throws(FileSystemError) in try FilePaths.readReplacedFile(path) }
    }

    /// What `read` gives for the path of object `id`, else what a pack holds for it, not yet
    /// checked; the one place that says what a missing or unreadable object is, whoever opens its file.
    func unverifiedBytes(of id: ObjectID, read: (String) throws(FileSystemError) -> [UInt8]) throws(ObjectError) -> [UInt8] {
        let path = path(of: id)
        do {
            return try read(path)
        } catch {
            guard error.isNotFound else { throw .fileSystem(error) }
            guard let packed = packs.bytes(of: id) else { throw .missing(id, path: path) }
            return packed.bytes
        }
    }

    /// `bytes`, when they hash to `id`.
    func verified(_ bytes: [UInt8], of id: ObjectID) throws(ObjectError) -> [UInt8] {
        let actual = ObjectID.of(bytes)
        guard actual == id else { throw .corrupt(id, path: location(of: id), actual: actual) }
        return bytes
    }

    /// Where the bytes read for `id` came from, for an error about them: its loose file when there
    /// is one (a read tries it first), else the pack that holds it.
    func location(of id: ObjectID) -> String {
        let loose = path(of: id)
        if FilePaths.exists(loose, followingLinks: true) { return loose }
        return packs.bytes(of: id)?.path ?? loose
    }

    /// The message `id`, verified and parsed.
    public func message(_ id: ObjectID) throws(ObjectError) -> Message {
        try message(id, fromUnverified: unverifiedBytes(of: id))
    }

    /// The message in `bytes`, read by `unverifiedBytes(of: id)`: verified and parsed as `message(_:)` does.
    func message(_ id: ObjectID, fromUnverified bytes: [UInt8]) throws(ObjectError) -> Message {
        let bytes = try verified(bytes, of: id)
        do {
            return try MessageCodec.decode(bytes)
        } catch {
            throw .malformed(id, path: location(of: id), error)
        }
    }

    /// The frontmatter of message `id`, verified, without decoding its content.
    public func header(_ id: ObjectID) throws(ObjectError) -> MessageHeader {
        try header(of: id, decoding: bytes(of: id))
    }

    /// The frontmatter in `bytes`, the verified bytes of object `id`.
    func header(of id: ObjectID, decoding bytes: [UInt8]) throws(ObjectError) -> MessageHeader {
        do {
            return try MessageCodec.decodeHeader(bytes)
        } catch {
            throw .malformed(id, path: location(of: id), error)
        }
    }

    /// Every object id in the store, loose or packed, each once, in no particular order:
    /// `inventory()`'s ids, without the stray files (temporary files, names that are not ids) it lists for `fsck`.
    public func allIDs() throws(ObjectError) -> [ObjectID] {
        do {
            return try inventory().ids
        } catch {
            throw .fileSystem(error)
        }
    }

    /// The ids that begin with `prefix` (at least two lowercase hex digits), found by listing one
    /// folder and searching the packs' sorted ids.
    public func ids(withPrefix prefix: String) throws(ObjectError) -> [ObjectID] {
        guard prefix.utf8.count >= 2 else { return try allIDs().filter { $0.hex.hasPrefix(prefix) } }
        do {
            let loose = try ids(inFolder: String(prefix.prefix(2))).filter { $0.hex.hasPrefix(prefix) }
            let packed = packs.ids(withPrefix: prefix)
            return packed.isEmpty ? loose : Array(Set(loose).union(packed))
        } catch {
            throw .fileSystem(error)
        }
    }

    private func ids(inFolder folder: String) throws(FileSystemError) -> [ObjectID] {
        // Strays are skipped here; `inventory()` reports them.
        try folderInventory(folder, isDirectory: nil).ids
    }

    /// The id a file `objects/FOLDER/NAME` stands for, or nil when it is not an object file.
    static func objectID(folder: String, fileName: String) -> ObjectID? {
        guard fileName.hasSuffix(".md") else { return nil }
        return try? ObjectID(hex: folder + fileName.dropLast(3))  // Not an id: not an object file.
    }
}
