#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Darwin)
typealias DirectoryPointer = UnsafeMutablePointer<DIR>
#else
typealias DirectoryPointer = OpaquePointer
#endif

/// An open folder, listed entry by entry as bytes (no `String` per name), whose descriptor opens
/// its entries with `openat`: the kernel then resolves one name, not the whole path again. Walking
/// about 1,000 folders and 3,000 ref files this way saves most of the path lookups `open(path)` costs.
///
/// `path` is the folder's path as the caller names it, kept for error messages only.
struct DirectoryStream: ~Copyable {
    private let stream: DirectoryPointer
    let path: String

    private init(stream: DirectoryPointer, path: String) {
        self.stream = stream
        self.path = path
    }

    /// Opens the folder at `path`, as `opendir` does.
    /// - Throws: `FileSystemError` ("list") for any failure but the folder being absent.
    /// - Returns: nil when nothing is there or a file is in the way (`ENOENT`, `ENOTDIR`).
    static func open(_ path: String) throws(FileSystemError) -> DirectoryStream? {
        try adopt(openDirectory(AT_FDCWD, path), path: path)
    }

    /// Opens the entry `name` of this folder as a folder; `path` is its path for error messages.
    /// The same results and errors as `open(path)`, while the path is shorter than `PATH_MAX` (a
    /// longer one is opened by its path, so it fails as `opendir` would).
    func open(entry name: UnsafePointer<CChar>, path: String) throws(FileSystemError) -> DirectoryStream? {
        if path.utf8.count >= Int(PATH_MAX) { return try Self.open(path) }
        return try Self.adopt(openDirectory(descriptor, name), path: path)
    }

    private static func adopt(_ descriptor: Int32, path: String) throws(FileSystemError) -> DirectoryStream? {
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw .last("list", path: path)
        }
        guard let stream = fdopendir(descriptor) else {
            let failure = FileSystemError.last("list", path: path)
            _ = closeDescriptor(descriptor)
            throw failure
        }
        return DirectoryStream(stream: stream, path: path)
    }

    /// The folder's descriptor, for `openat` and `fstatat` relative to it.
    var descriptor: Int32 { dirfd(stream) }

    /// Calls `body` with each entry but `.` and `..`, in the order the folder lists them.
    func forEachEntry<Failure: Error>(_ body: (borrowing DirectoryEntry) throws(Failure) -> Void) throws(Failure) {
        while let entry = readdir(stream) {
            let kind: Bool? = switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): true
            case Int32(DT_REG): false
            default: nil
            }
            // The name is read where readdir left it, up to its NUL, and never copied whole: the
            // record readdir returns is only as long as its name (d_reclen), so a copy of the
            // 256-byte `d_name` (`pointee.d_name` as a value, or `size(ofValue:)` of it) reads past
            // the end of the system's buffer, a crash when that buffer ends a page. `&…d_name` on
            // the pointer's `pointee` is its address in place.
            let result = withUnsafeMutablePointer(to: &entry.pointee.d_name) { tuple in
                let name = UnsafeRawPointer(tuple).assumingMemoryBound(to: CChar.self)
                return Result { () throws(Failure) in
                    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self), count: strlen(name))
                    if bytes.count == 1 && bytes[0] == UInt8(ascii: ".") { return }
                    if bytes.count == 2 && bytes[0] == UInt8(ascii: ".") && bytes[1] == UInt8(ascii: ".") { return }
                    try body(DirectoryEntry(name: name, bytes: bytes, isDirectory: kind))
                }
            }
            try result.get()
        }
    }

    /// What the entry `name` is, asked of the file system (`fstatat`) when `d_type` does not say:
    /// anything that cannot be inspected counts as a file, as `FilePaths.isDirectory` says.
    func kind(of name: UnsafePointer<CChar>) -> EntryKind {
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .file }
        if info.st_mode & S_IFMT == S_IFDIR { return .folder }
        guard info.st_mode & S_IFMT == S_IFLNK, fstatat(descriptor, name, &info, 0) == 0 else { return .file }
        return info.st_mode & S_IFMT == S_IFDIR ? .linkToFolder : .file
    }

    deinit {
        closedir(stream)
    }
}

/// What an entry of a folder is, for walking a tree.
enum EntryKind: Equatable {
    case folder
    /// A symbolic link whose target is a folder.
    case linkToFolder
    /// Anything else: a file, a link to one, a dangling link, something that cannot be inspected.
    case file
}

/// One entry of a `DirectoryStream`, valid only inside `forEachEntry`'s call.
struct DirectoryEntry: ~Copyable {
    /// The name as a C string, for `openat`.
    let name: UnsafePointer<CChar>
    /// The name's bytes (any bytes but NUL and `/`; not necessarily UTF-8).
    let bytes: UnsafeBufferPointer<UInt8>
    /// Whether it is a folder as the folder itself says (`d_type`), or nil when it cannot say (a
    /// symbolic link, or a file system that does not record it): ask `kind(of:)` then.
    let isDirectory: Bool?
}

private func openDirectory(_ directory: Int32, _ path: UnsafePointer<CChar>) -> Int32 {
    openRetryingInterrupts(directory, path, flags: O_RDONLY | O_DIRECTORY)
}
