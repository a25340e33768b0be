/// The message objects of a repository: `objects/XX/YYYY….md`, named by the SHA-256 of their bytes.
///
/// Objects are immutable. `write` stores new bytes through a temporary file in the object's own
/// folder (flush, then rename) and skips objects that already exist; every read verifies that the
/// bytes hash to the requested id, so a corrupt object is reported, never served as content.
public struct ObjectStore: Sendable {
    /// The `objects` folder.
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// Where the object `id` lives, whether or not it exists.
    public func path(of id: ObjectID) -> String {
        directory + "/" + id.fanOutPath
    }

    public func contains(_ id: ObjectID) -> Bool {
        FilePaths.exists(path(of: id), followingLinks: true)
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

    /// What `read` gives for the path of object `id`, not yet checked; the one place that says what
    /// a missing or unreadable object is, whoever opens its file.
    func unverifiedBytes(of id: ObjectID, read: (String) throws(FileSystemError) -> [UInt8]) throws(ObjectError) -> [UInt8] {
        let path = path(of: id)
        do {
            return try read(path)
        } catch {
            if error.isNotFound { throw .missing(id, path: path) }
            throw .fileSystem(error)
        }
    }

    /// `bytes`, when they hash to `id`.
    func verified(_ bytes: [UInt8], of id: ObjectID) throws(ObjectError) -> [UInt8] {
        let actual = ObjectID.of(bytes)
        guard actual == id else { throw .corrupt(id, path: path(of: id), actual: actual) }
        return bytes
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
            throw .malformed(id, path: path(of: id), error)
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
            throw .malformed(id, path: path(of: id), error)
        }
    }

    /// Every object id in the store, in no particular order: `inventory()`'s ids, without the stray
    /// files (temporary files, names that are not ids) it lists for `fsck`.
    public func allIDs() throws(ObjectError) -> [ObjectID] {
        do {
            return try inventory().ids
        } catch {
            throw .fileSystem(error)
        }
    }

    /// The ids that begin with `prefix` (at least two lowercase hex digits), found by listing one folder.
    public func ids(withPrefix prefix: String) throws(ObjectError) -> [ObjectID] {
        guard prefix.utf8.count >= 2 else { return try allIDs().filter { $0.hex.hasPrefix(prefix) } }
        do {
            return try ids(inFolder: String(prefix.prefix(2))).filter { $0.hex.hasPrefix(prefix) }
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
