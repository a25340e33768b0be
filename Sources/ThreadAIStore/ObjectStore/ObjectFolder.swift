#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One folder `objects/XX` held open, to read a run of its objects by file name alone (`openat`):
/// the kernel then resolves one name per object instead of the whole path. Objects read here are
/// verified as `ObjectStore.bytes(of:)` verifies them and fail with the same errors; a folder that
/// cannot be opened is read path by path, so that `ObjectStore` says why, object by object.
struct ObjectFolder: ~Copyable {
    private let store: ObjectStore
    /// The open folder, or -1.
    private let descriptor: Int32
    /// An object's file name: the id's digits after the folder's two, then `.md`.
    private static let fileNameLength = ObjectID.hexDigitCount - 2 + ".md".utf8.count

    /// Opens the folder that holds `id`.
    init(_ store: ObjectStore, holding id: ObjectID) {
        self.store = store
        let folder = FilePaths.directoryName(of: store.path(of: id))
        descriptor = openRetryingInterrupts(AT_FDCWD, folder, flags: O_RDONLY | O_DIRECTORY)
    }

    /// The exact bytes of object `id`, which lies in this folder, verified against the id.
    func bytes(of id: ObjectID) throws(ObjectError) -> [UInt8] {
        guard descriptor >= 0 else { return try store.bytes(of: id) }
        let folder = descriptor
        let bytes = try store.unverifiedBytes(of: id) { path throws(FileSystemError) in
            let name = String(decoding: path.utf8.suffix(Self.fileNameLength), as: UTF8.self)
            return try FilePaths.readReplacedFile(named: name, inFolder: folder, path: path)
        }
        return try store.verified(bytes, of: id)
    }

    /// The frontmatter of message `id`, which lies in this folder, verified, as `ObjectStore.header(_:)` reads it.
    func header(_ id: ObjectID) throws(ObjectError) -> MessageHeader {
        try store.header(of: id, decoding: bytes(of: id))
    }

    deinit {
        if descriptor >= 0 { _ = closeDescriptor(descriptor) }
    }
}
