#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Small path and directory operations over the C library, each reporting a `FileSystemError`.
enum FilePaths {
    /// Reads a whole file. Throws `FileSystemError` (`isNotFound` when it does not exist).
    static func read(_ path: String) throws(FileSystemError) -> [UInt8] {
        let file = try FileDescriptor(opening: path, flags: O_RDONLY)
        return try file.readToEnd()
    }

    /// Whether anything exists at `path` (a dangling link counts as nothing).
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Creates `path` and any missing parents; succeeds when it already is a directory.
    static func makeDirectories(_ path: String) throws(FileSystemError) {
        if isDirectory(path) { return }
        let parent = directoryName(of: path)
        if parent != path && !parent.isEmpty { try makeDirectories(parent) }
        if mkdir(path, 0o755) != 0 && !(errno == EEXIST && isDirectory(path)) {
            throw .last("create directory", path: path)
        }
    }

    /// Moves `source` over `destination` atomically (both in one filesystem).
    static func rename(_ source: String, to destination: String) throws(FileSystemError) {
        guard renameFile(source, destination) == 0 else { throw .last("rename", path: destination) }
    }

    /// Removes a file; a file that is already gone is not an error.
    static func remove(_ path: String) throws(FileSystemError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw .last("remove", path: path) }
    }

    /// Removes an empty directory; one that is gone or not empty is left without error.
    static func removeEmptyDirectory(_ path: String) {
        _ = rmdir(path)
    }

    /// Flushes a directory's entries, so a rename or create inside it survives a crash.
    static func synchronizeDirectory(_ path: String) throws(FileSystemError) {
        let directory = try FileDescriptor(opening: path, flags: O_RDONLY | O_DIRECTORY)
        // Some filesystems refuse fsync on directories (EINVAL); there is nothing more to flush then.
        if fsync(directory.raw) != 0 && errno != EINVAL && errno != EBADF {
            throw .last("fsync", path: path)
        }
    }

    /// The names in a directory, excluding `.` and `..`; an absent directory has none.
    static func contents(of path: String) throws(FileSystemError) -> [String] {
        guard let stream = opendir(path) else {
            if errno == ENOENT || errno == ENOTDIR { return [] }
            throw .last("list", path: path)
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    static func directoryName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    static func join(_ parts: String...) -> String {
        parts.filter { !$0.isEmpty }.joined(separator: "/")
    }
}

@inline(__always)
private func renameFile(_ source: String, _ destination: String) -> Int32 {
    rename(source, destination)
}
