#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Small path and directory operations over the C library, each reporting a `FileSystemError`.
///
/// The store keeps its objects and refs with these, and the app layer its config and key files,
/// so there is one implementation of reading, inspecting and creating files.
public enum FilePaths {
    /// Reads a whole file.
    /// - Throws: `FileSystemError` (`isNotFound` when nothing is there).
    /// - Returns: the file's bytes.
    public static func read(_ path: String) throws(FileSystemError) -> [UInt8] {
        let file = try FileDescriptor(opening: path, flags: O_RDONLY)
        return try file.readToEnd()
    }

    /// Reads a whole file that is never changed in place, only replaced by `rename` (an object, a
    /// ref, a tag): `open`, `fstat`, one `read` of the size it reports, `close`.
    /// - Throws: `FileSystemError` (`isNotFound` when nothing is there).
    ///
    /// Only a regular file is read: a pipe, a device or a folder in its place is an error, found
    /// without waiting (`O_NONBLOCK`), so a damaged store cannot make a reader hang or read forever;
    /// a folder gives `EISDIR` (`FileSystemError.meansNoFile`).
    static func readReplacedFile(_ path: String) throws(FileSystemError) -> [UInt8] {
        let file = try FileDescriptor(opening: path, flags: replacedFileFlags)
        return try file.readToEnd(replacedFile: true)
    }

    /// `readReplacedFile(path)` for the file `name` of the open folder `folder` (`openat`: the
    /// kernel resolves one name, not the whole path, when thousands of files of a folder are read).
    /// - Parameter path: the file's whole path, for errors.
    static func readReplacedFile(named name: String, inFolder folder: Int32, path: String) throws(FileSystemError) -> [UInt8] {
        let file = try FileDescriptor(opening: name, inFolder: folder, flags: replacedFileFlags, path: path)
        return try file.readToEnd(replacedFile: true)
    }

    /// How a file only ever replaced by `rename` is opened: without waiting, so a pipe in its place
    /// (a damaged store, a cache file someone replaced) cannot make the opener hang.
    static let replacedFileFlags = O_RDONLY | O_NONBLOCK

    /// Reads a whole file as UTF-8 text; a byte sequence that is not UTF-8 becomes U+FFFD.
    /// - Throws: `FileSystemError` for any failure but the file being absent.
    /// - Returns: the text, or nil when the file does not exist.
    public static func readText(_ path: String) throws(FileSystemError) -> String? {
        do {
            return String(decoding: try read(path), as: UTF8.self)
        } catch {
            if error.isNotFound { return nil }
            throw error
        }
    }

    /// Whether anything is at `path`.
    /// - Parameter followingLinks: false (the default) looks at the path itself, as `lstat` does,
    ///   so a dangling symbolic link counts; true asks whether a link's target exists.
    /// - Returns: false too when the path cannot be inspected (a folder that may not be searched).
    public static func exists(_ path: String, followingLinks: Bool = false) -> Bool {
        systemStatus(path, followingLinks: followingLinks) != nil
    }

    /// What is at `path`, without following a final symbolic link (a link is reported as one).
    /// - Throws: `FileSystemError` when the path cannot be inspected for a reason other than
    ///   being absent (a folder on the way that may not be searched, say).
    /// - Returns: its permissions, owner and kind, or nil when nothing is there.
    public static func status(_ path: String) throws(FileSystemError) -> FileStatus? {
        guard let info = systemStatus(path, followingLinks: false) else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw .last("inspect", path: path)
        }
        return FileStatus(info)
    }

    /// Whether `path` is a directory or a symbolic link to one.
    public static func isDirectory(_ path: String) -> Bool {
        guard let info = systemStatus(path, followingLinks: true) else { return false }
        return info.st_mode & S_IFMT == S_IFDIR
    }

    /// Creates `path` and any missing parents, as `mkdir -p` does.
    /// - Parameter mode: the permission bits of each folder created here (less the umask);
    ///   folders that already exist, or links to folders, are left as they are.
    /// - Throws: `FileSystemError` when a folder cannot be created or a file is in the way.
    public static func makeDirectories(_ path: String, mode: mode_t = 0o755) throws(FileSystemError) {
        if isDirectory(path) { return }
        let parent = directoryName(of: path)
        if parent != path && !parent.isEmpty { try makeDirectories(parent, mode: mode) }
        try FaultSeam.step("create directory", path: path)
        if mkdir(path, mode) != 0 && !(errno == EEXIST && isDirectory(path)) {
            // A file where the folder belongs: say so, not "File exists".
            if errno == EEXIST { throw FileSystemError("create directory", path: path, code: ENOTDIR) }
            throw .last("create directory", path: path)
        }
    }

    /// Moves `source` over `destination` atomically (both in one filesystem).
    public static func rename(_ source: String, to destination: String) throws(FileSystemError) {
        try FaultSeam.step("rename", path: destination)
        guard renameFile(source, destination) == 0 else { throw .last("rename", path: destination) }
    }

    /// Removes a file; a file that is already gone is not an error.
    public static func remove(_ path: String) throws(FileSystemError) {
        try FaultSeam.step("remove", path: path)
        guard unlink(path) == 0 || errno == ENOENT else { throw .last("remove", path: path) }
    }

    /// Removes an empty directory; one that is already gone counts as removed.
    static func removeDirectory(_ path: String) throws(FileSystemError) {
        try FaultSeam.step("remove", path: path)
        guard rmdir(path) == 0 || errno == ENOENT else { throw .last("remove", path: path) }
    }

    /// Removes an empty directory; one that is gone or not empty is left without error.
    static func removeEmptyDirectory(_ path: String) {
        _ = rmdir(path)
    }

    /// Flushes a directory's entries, so a rename or create inside it survives a crash.
    static func synchronizeDirectory(_ path: String) throws(FileSystemError) {
        let directory = try FileDescriptor(opening: path, flags: O_RDONLY | O_DIRECTORY)
        try FaultSeam.step("fsync", path: path)
        // Some filesystems refuse fsync on directories (EINVAL); there is nothing more to flush then.
        if fsync(directory.raw) != 0 && errno != EINVAL && errno != EBADF {
            throw .last("fsync", path: path)
        }
    }

    /// Flushes every written file and directory entry of the filesystem holding `path` with one
    /// `syncfs(2)` (Linux), which `ObjectBatch` uses instead of an `fsync` per file.
    /// - Returns: false where `syncfs` does not exist (the caller flushes file by file then).
    static func synchronizeFileSystem(containing path: String) throws(FileSystemError) -> Bool {
        #if os(Linux)
        // Not exported by Swift's Glibc module (it needs _GNU_SOURCE), so looked up at run time.
        typealias SyncFS = @convention(c) (Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else { return false }
        let directory = try FileDescriptor(opening: path, flags: O_RDONLY | O_DIRECTORY)
        try FaultSeam.step("fsync", path: path)
        guard unsafeBitCast(symbol, to: SyncFS.self)(directory.raw) == 0 else { throw .last("syncfs", path: path) }
        return true
        #else
        return false
        #endif
    }

    /// The size in bytes of the file at `path`, or nil when it cannot be read (absent, say).
    static func fileSize(_ path: String) -> Int? {
        (try? status(path))?.map { Int($0.size) }
    }

    /// The names in a directory, excluding `.` and `..`; an absent directory has none.
    static func contents(of path: String) throws(FileSystemError) -> [String] {
        try entries(of: path).map(\.name)
    }

    /// The entries of a directory, excluding `.` and `..`, each with whether it is a folder as the
    /// directory itself says (`d_type`): true or false, or nil when it cannot say (a symbolic link,
    /// or a file system that does not record it), so the caller asks `isDirectory`. Saves a `stat`
    /// per entry when listing thousands of refs.
    static func entries(of path: String) throws(FileSystemError) -> [(name: String, isDirectory: Bool?)] {
        guard let folder = try DirectoryStream.open(path) else { return [] }
        var entries: [(name: String, isDirectory: Bool?)] = []
        folder.forEachEntry { entry in
            entries.append((String(decoding: entry.bytes, as: UTF8.self), entry.isDirectory))
        }
        return entries
    }

    /// The process's current directory (`getcwd`), or "/" in the unlikely case that it cannot be
    /// read (it was deleted, say): a repository is then looked for from the top.
    public static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The folder that holds `path`, by its text alone: "." for a bare name, "/" for a name at the root.
    /// - Returns: `path` up to its last "/".
    public static func directoryName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    static func join(_ parts: String...) -> String {
        parts.filter { !$0.isEmpty }.joined(separator: "/")
    }
}

/// `stat(2)` or `lstat(2)`; nil when it fails, with the reason left in `errno`.
private func systemStatus(_ path: String, followingLinks: Bool) -> stat? {
    var info = stat()
    let result = followingLinks ? stat(path, &info) : lstat(path, &info)
    return result == 0 ? info : nil
}

@inline(__always)
private func renameFile(_ source: String, _ destination: String) -> Int32 {
    rename(source, destination)
}
