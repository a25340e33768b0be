#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file operations configuration and key files need: read whole, replace atomically with
/// a chosen mode, create a private folder, and look at a file's mode and owner.
///
/// The store has its own (internal) equivalents for objects and refs; these stay separate so the
/// store's file layer need not become public API.
enum LocalFile {
    /// What `stat` says about a path, without following a final symbolic link.
    struct Status: Equatable {
        var permissions: mode_t
        var owner: uid_t
        var isRegularFile: Bool
        var isSymbolicLink: Bool
        var isDirectory: Bool
    }

    /// The status of `path`, or nil when nothing is there.
    /// - Throws: `FileSystemError` for any other failure (a folder that may not be searched, say).
    static func status(_ path: String) throws(FileSystemError) -> Status? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw FileSystemError("inspect", path: path, code: errno)
        }
        let type = info.st_mode & S_IFMT
        return Status(
            permissions: info.st_mode & 0o7777, owner: info.st_uid,
            isRegularFile: type == S_IFREG, isSymbolicLink: type == S_IFLNK, isDirectory: type == S_IFDIR)
    }

    /// Whether anything, even a dangling link, exists at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The whole file as text, or nil when it does not exist.
    static func read(_ path: String) throws(FileSystemError) -> String? {
        let descriptor = openRetrying(path, O_RDONLY | O_CLOEXEC, 0)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw FileSystemError("open", path: path, code: errno)
        }
        defer { _ = close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError("read", path: path, code: errno)
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Replaces (or creates) `destination` with `text`: the bytes go to a new temporary file beside
    /// it, created with exactly `mode` from its first byte (`O_CREAT | O_EXCL`, then `fchmod` so
    /// no umask widens or narrows it), flushed, then renamed into place.
    static func replace(_ destination: String, with text: String, mode: mode_t) throws(FileSystemError) {
        let directory = parent(of: destination)
        let temporary = directory + "/.tmp-" + randomSuffix()
        let descriptor = openRetrying(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard descriptor >= 0 else { throw FileSystemError("create", path: temporary, code: errno) }
        do throws(FileSystemError) {
            defer { _ = close(descriptor) }
            guard fchmod(descriptor, mode) == 0 else { throw FileSystemError("set the mode of", path: temporary, code: errno) }
            try writeAll(Array(text.utf8), to: descriptor, path: temporary)
            guard fsync(descriptor) == 0 else { throw FileSystemError("fsync", path: temporary, code: errno) }
        } catch {
            _ = unlink(temporary)
            throw error
        }
        guard rename(temporary, destination) == 0 else {
            let failure = FileSystemError("rename", path: destination, code: errno)
            _ = unlink(temporary)
            throw failure
        }
    }

    /// Creates `path` and any missing parents; a folder created here gets `mode`, existing ones are left alone.
    static func makeDirectories(_ path: String, mode: mode_t) throws(FileSystemError) {
        if let status = try status(path) {
            if status.isDirectory { return }
            throw FileSystemError("create directory", path: path, code: ENOTDIR)
        }
        let above = parent(of: path)
        if above != path && !above.isEmpty { try makeDirectories(above, mode: mode) }
        if mkdir(path, mode) != 0 && errno != EEXIST {
            throw FileSystemError("create directory", path: path, code: errno)
        }
    }

    /// Removes a file; one already gone is not an error.
    static func remove(_ path: String) throws(FileSystemError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw FileSystemError("remove", path: path, code: errno) }
    }

    /// The folder that holds `path`.
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FileSystemError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress.map { $0 + written }, bytes.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                throw FileSystemError("write", path: path, code: errno)
            }
            written += result
        }
    }

    private static func openRetrying(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        var descriptor: Int32
        repeat {
            descriptor = open(path, flags, mode)
        } while descriptor < 0 && errno == EINTR
        return descriptor
    }

    private static func randomSuffix() -> String {
        var generator = SystemRandomNumberGenerator()
        return String(generator.next() as UInt64, radix: 36) + String(getpid(), radix: 36)
    }
}

/// `read(2)`; a free function because inside `LocalFile` the name `read` is the type's own.
@inline(__always)
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
