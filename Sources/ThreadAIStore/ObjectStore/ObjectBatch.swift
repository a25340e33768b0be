#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Stores many objects with a few flushes instead of two `fsync`s per object (an import of 218,000
/// messages; docs/DESIGN.md, "Durability policy").
///
/// `add` writes each new object to a temporary file in its own folder without flushing it. `flush`
/// then makes every pending file durable at once, renames each into place, and makes the renames
/// durable: on Linux each of the two steps is one `syncfs` of the objects' filesystem, elsewhere an
/// `fsync` per file and then per folder. So, as with `ObjectStore.write`, an object stands at its
/// name only once its bytes are on disk, and a crash leaves at worst `.tmp-*` files (garbage, FORMAT
/// §10). A batch flushes itself every `limit` objects or `byteLimit` bytes, which bounds its memory;
/// callers flush before moving a ref at what they added. Files of a batch that is never flushed are
/// removed when it goes away.
public final class ObjectBatch {
    public let store: ObjectStore
    private let limit: Int
    private let byteLimit: Int
    private var pending: [(temporary: TempFile.Temporary, destination: String)] = []
    private var pendingIDs = Set<ObjectID>()
    private var pendingBytes = 0
    private var folders = Set<String>()

    /// How many objects, and bytes of them, a batch holds before it flushes itself: also the size of
    /// a chunk an import stores at once (`ThreadAIJSON`).
    public static let objectLimit = 4096
    public static let byteLimit = 16 << 20

    public init(store: ObjectStore, limit: Int = ObjectBatch.objectLimit, byteLimit: Int = ObjectBatch.byteLimit) {
        self.store = store
        self.limit = limit
        self.byteLimit = byteLimit
    }

    deinit {
        for file in pending { file.temporary.remove() }  // Unflushed: garbage either way.
    }

    /// Adds the object with these bytes, unless the store (or this batch) holds it already.
    /// - Returns: its id, and whether it is new. Like `ObjectStore.write`, an existing object counts
    ///   only if it verifies; a corrupt copy is replaced.
    @discardableResult
    public func add(_ bytes: [UInt8]) throws(ObjectError) -> (id: ObjectID, isNew: Bool) {
        let id = ObjectID.of(bytes)
        if pendingIDs.contains(id) || (try? store.bytes(of: id)) != nil { return (id, false) }
        let destination = store.path(of: id)
        do {
            let folder = FilePaths.directoryName(of: destination)
            if !folders.contains(folder) {
                try FilePaths.makeDirectories(folder)
                folders.insert(folder)
            }
            let temporary = try TempFile.writeTemporary(beside: destination, mode: 0o444, flushed: false) {
                file throws(FileSystemError) in try file.writeAll(bytes)
            }
            pending.append((temporary, destination))
        } catch {
            throw .fileSystem(error)
        }
        pendingIDs.insert(id)
        pendingBytes += bytes.count
        if pending.count >= limit || pendingBytes >= byteLimit { try flush() }
        return (id, true)
    }

    /// Makes every object added so far durable at its name.
    public func flush() throws(ObjectError) {
        guard !pending.isEmpty else { return }
        do {
            try synchronize(pending.map(\.temporary.path), folders: false)
            for file in pending { try file.temporary.rename(to: file.destination) }
            try synchronize(Set(pending.map { FilePaths.directoryName(of: $0.destination) }).sorted(), folders: true)
        } catch {
            throw .fileSystem(error)
        }
        pending.removeAll(keepingCapacity: true)
        pendingIDs.removeAll(keepingCapacity: true)
        pendingBytes = 0
    }

    private func synchronize(_ paths: [String], folders: Bool) throws(FileSystemError) {
        if try FilePaths.synchronizeFileSystem(containing: store.directory) { return }
        for path in paths {
            if folders {
                try FilePaths.synchronizeDirectory(path)
            } else {
                try FileDescriptor(opening: path, flags: O_RDONLY).synchronize()
            }
        }
    }
}
