#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of objects held open, to read many objects by a short name (`openat`): the kernel then
/// resolves one or two names per object instead of the whole path. Either one folder `objects/XX`,
/// for a run of objects that lie in it, or the `objects` folder itself, for a walk that reads
/// objects from every folder. An object not loose is looked for in the packs (`ObjectStore`). Objects read here are verified as `ObjectStore.bytes(of:)` verifies
/// them and fail with the same errors; a folder that cannot be opened is read path by path, so that
/// `ObjectStore` says why, object by object.
struct ObjectFolder: ~Copyable {
    private let store: ObjectStore
    /// The open folder, or -1.
    private let descriptor: Int32
    /// How many bytes at the end of an object's path name it within the open folder.
    private let nameLength: Int
    /// An object's file name: the id's digits after the folder's two, then `.md`.
    private static let fileNameLength = ObjectID.hexDigitCount - 2 + ".md".utf8.count

    /// Opens the folder that holds `id`.
    init(_ store: ObjectStore, holding id: ObjectID) {
        self.store = store
        let folder = FilePaths.directoryName(of: store.path(of: id))
        descriptor = openRetryingInterrupts(AT_FDCWD, folder, flags: O_RDONLY | O_DIRECTORY)
        nameLength = Self.fileNameLength
    }

    /// Opens the `objects` folder, to read objects of any folder.
    init(wholeStoreOf store: ObjectStore) {
        self.store = store
        descriptor = openRetryingInterrupts(AT_FDCWD, store.directory, flags: O_RDONLY | O_DIRECTORY)
        nameLength = "XX/".utf8.count + Self.fileNameLength
    }

    /// The exact bytes of object `id`, which lies in this folder, verified against the id.
    func bytes(of id: ObjectID) throws(ObjectError) -> [UInt8] {
        guard descriptor >= 0 else { return try store.bytes(of: id) }
        return try store.verified(unverifiedBytes(of: id), of: id)
    }

    /// What `ObjectStore.unverifiedBytes(of:)` reads for object `id`, which lies in this folder.
    func unverifiedBytes(of id: ObjectID) throws(ObjectError) -> [UInt8] {
        guard descriptor >= 0 else { return try store.unverifiedBytes(of: id) }
        let folder = descriptor, nameLength = nameLength
        return try store.unverifiedBytes(of: id) { path throws(FileSystemError) in
            let name = String(decoding: path.utf8.suffix(nameLength), as: UTF8.self)
            return try FilePaths.readReplacedFile(named: name, inFolder: folder, path: path)
        }
    }

    /// Whether object `id` is stored: one `fstatat` relative to the open `objects` folder, then the
    /// packs (docs/FORMAT.md §15.2).
    func contains(_ id: ObjectID) -> Bool {
        guard descriptor >= 0, nameLength > Self.fileNameLength else { return store.contains(id) }
        let folder = descriptor
        return id.withRelativePath { path in
            guard let path = path.baseAddress else { return store.contains(id) }
            var status = stat()
            return fstatat(folder, path, &status, 0) == 0 || store.packs.contains(id)
        }
    }

    /// The frontmatter of message `id`, which lies in this folder, verified, as `ObjectStore.header(_:)` reads it.
    func header(_ id: ObjectID) throws(ObjectError) -> MessageHeader {
        try store.header(of: id, decoding: bytes(of: id))
    }

    deinit {
        if descriptor >= 0 { _ = closeDescriptor(descriptor) }
    }
}
