#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every ref file below a ref folder with what it holds, in one pass over the folder tree: each
/// folder listed once (`DirectoryStream`), each file name checked on its bytes
/// (`ThreadName.validated`), each valid ref read relative to its folder's descriptor
/// (`FilePaths.readReplacedFile(named:inFolder:path:)`: `openat`, `fstat`, one `read`, `close`).
///
/// The results and errors are those of listing every name (`RefStore.collectNames`), sorting them,
/// then reading each ref by its path in name order (`RefStore.heads(of:)`): a listing error is
/// thrown as soon as it is met; a ref that cannot be read is an error only once the names are
/// sorted and no earlier ref failed. Below a symbolic link to a folder, and below `maximumDepth`,
/// the tree is listed and read by path, as those do: there, how the kernel resolves whole paths
/// (at most 40 links in one path, `PATH_MAX`) decides what is found, and a link back up the tree
/// nests until it does.
struct RefTreeReader {
    /// What reading one ref file found.
    enum Content {
        case bytes([UInt8])
        /// Gone since it was listed, or a folder after all: an unborn thread, as `heads(of:)` says.
        case absent
        case failed(FileSystemError)
        /// Below `maximumDepth`: listed by path, to be read by path.
        case unread
    }

    /// The folder read (`refs/threads`); ref paths are built from it as `RefStore.path(of:)` builds them.
    let root: String
    /// Folders deeper than this are listed by path, so that few folders are open at once whatever
    /// the tree. A valid name, 200 bytes at most, has at most 100 components.
    let maximumDepth: Int
    private(set) var found: [(name: ThreadName, content: Content)] = []
    /// The name of the folder being listed, relative to `root`, with its final `/`.
    private var prefix: [UInt8] = []

    init(root: String, maximumDepth: Int = 100) {
        self.root = root
        self.maximumDepth = maximumDepth
    }

    /// Lists and reads `root`'s tree; an absent folder holds no refs. With many entries at the top
    /// (a thousand folders on the large corpus), the second half of them is walked on another core:
    /// the first error in listing order wins as in a walk on one core, and the refs found are the
    /// same (they are sorted by name afterwards).
    /// - Throws: the `FileSystemError` of the first folder that cannot be listed.
    mutating func read() throws(FileSystemError) {
        guard let folder = try DirectoryStream.open(root) else { return }
        let entries = Self.entries(of: folder)
        guard entries.count >= Self.entriesWorthASecondCore else {
            for entry in entries { try visit(entry, in: folder, depth: 0) }
            return
        }
        let later = Array(entries[(entries.count / 2)...])
        let (root, maximumDepth) = (root, maximumDepth)
        let second = BackgroundWork { () -> Result<[(name: ThreadName, content: Content)], FileSystemError> in
            var reader = RefTreeReader(root: root, maximumDepth: maximumDepth)
            return Result { () throws(FileSystemError) in
                // The same folder, opened again: a descriptor is not shared between threads.
                guard let folder = try DirectoryStream.open(root) else { return [] }
                for entry in later { try reader.visit(entry, in: folder, depth: 0) }
                return reader.found
            }
        }
        do {
            for entry in entries[..<(entries.count / 2)] { try visit(entry, in: folder, depth: 0) }
        } catch {
            _ = second.wait()
            throw error
        }
        found += try second.wait().get()
    }

    /// Below this many entries at the top, starting a second thread costs more than it saves.
    static let entriesWorthASecondCore = 64

    /// The refs found, sorted by name.
    func sorted() -> [(name: ThreadName, content: Content)] {
        found.sorted { $0.name < $1.name }
    }

    /// The entries of `folder` in listing order, each with what it is. A name that is not UTF-8 is
    /// never valid, and `collectNames` looks for a folder under its repaired spelling, which names
    /// nothing: such entries hold no refs and are left out.
    private static func entries(of folder: borrowing DirectoryStream) -> [(name: String, kind: EntryKind)] {
        var entries: [(name: String, kind: EntryKind)] = []
        folder.forEachEntry { (entry: borrowing DirectoryEntry) in
            guard let text = String(validating: entry.bytes, as: UTF8.self) else { return }
            entries.append((text, entry.isDirectory.map { $0 ? EntryKind.folder : .file } ?? folder.kind(of: entry.name)))
        }
        return entries
    }

    private mutating func visit(_ entry: (name: String, kind: EntryKind), in folder: borrowing DirectoryStream, depth: Int) throws(FileSystemError) {
        switch entry.kind {
        case .folder: try visitFolder(named: entry.name, in: folder, depth: depth, byPath: false)
        case .linkToFolder: try visitFolder(named: entry.name, in: folder, depth: depth, byPath: true)
        case .file: readRef(named: entry.name, in: folder)
        }
    }

    private mutating func visitFolder(
        named name: String, in parent: borrowing DirectoryStream, depth: Int, byPath: Bool
    ) throws(FileSystemError) {
        let path = parent.path + "/" + name
        let restore = prefix.count
        defer { prefix.removeSubrange(restore...) }
        prefix += name.utf8
        prefix.append(UInt8(ascii: "/"))
        if byPath || depth + 1 >= maximumDepth {
            var names: [ThreadName] = []
            try RefStore.collectNames(in: path, prefix: String(decoding: prefix, as: UTF8.self), into: &names)
            found += names.map { ($0, .unread) }
            return
        }
        guard let folder = try parent.open(entry: name, path: path) else { return }
        for entry in Self.entries(of: folder) { try visit(entry, in: folder, depth: depth + 1) }
    }

    private mutating func readRef(named entry: String, in folder: borrowing DirectoryStream) {
        let restore = prefix.count
        defer { prefix.removeSubrange(restore...) }
        prefix += entry.utf8
        // Lock files, temporary files and strays are not valid thread names and are skipped.
        guard let name = prefix.withUnsafeBufferPointer(ThreadName.validated) else { return }
        let content: Content
        do {
            let path = root + "/" + name.rawValue
            // A path too long for `open` fails by its path, as `heads(of:)` fails.
            content = .bytes(try path.utf8.count >= Int(PATH_MAX)
                ? FilePaths.readReplacedFile(path) : FilePaths.readReplacedFile(named: entry, inFolder: folder.descriptor, path: path))
        } catch {
            content = error.meansNoFile ? .absent : .failed(error)
        }
        found.append((name, content))
    }
}
