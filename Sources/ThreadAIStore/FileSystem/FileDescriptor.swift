#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file: a thin, owning wrapper over a POSIX file descriptor.
///
/// Reads and writes retry on `EINTR` and loop until all bytes have moved, so callers never see
/// a short read or write. The descriptor is closed when the value is consumed by `close()`;
/// callers use `withOpenFile` so that every path, including a thrown error, closes it.
struct FileDescriptor: ~Copyable {
    let raw: Int32
    let path: String

    /// Opens `path` with the given `open(2)` flags and permission bits (for created files).
    /// - Throws: `FileSystemError` with the system's reason.
    init(opening path: String, flags: Int32, mode: mode_t = 0o644) throws(FileSystemError) {
        try self.init(opening: path, inFolder: AT_FDCWD, flags: flags, mode: mode, path: path)
    }

    /// Opens `name` inside the open folder `folder` (`openat(2)`) with the given `open(2)` flags:
    /// the kernel resolves one name instead of the whole path.
    /// - Parameter path: the file's whole path, for errors and for `path`.
    /// - Parameter folder: an open descriptor of the folder (`AT_FDCWD`: `name` is a path).
    init(opening name: String, inFolder folder: Int32, flags: Int32, mode: mode_t = 0o644, path: String) throws(FileSystemError) {
        if flags & (O_WRONLY | O_RDWR | O_CREAT) != 0 { try FaultSeam.step("open", path: path) }
        let descriptor = openRetryingInterrupts(folder, name, flags: flags, mode: mode)
        guard descriptor >= 0 else { throw .last("open", path: path) }
        self.raw = descriptor
        self.path = path
    }

    /// Writes every byte of `bytes`, retrying short writes.
    func writeAll(_ bytes: some Collection<UInt8>) throws(FileSystemError) {
        try FaultSeam.step("write", path: path)
        // A contiguous collection (an array or a slice of one) is written in place, not copied.
        let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(FileSystemError) in try writeBuffer(buffer) }
        }
        let outcome = contiguous ?? Array(bytes).withUnsafeBufferPointer { buffer in
            Result { () throws(FileSystemError) in try writeBuffer(buffer) }
        }
        try outcome.get()
    }

    private func writeBuffer(_ buffer: UnsafeBufferPointer<UInt8>) throws(FileSystemError) {
        var written = 0
        while written < buffer.count {
            let result = write(raw, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw .last("write", path: path)
            }
            written += result
        }
    }

    /// Reads the file from its current offset to its end.
    /// - Parameter replacedFile: the file is never changed in place, only replaced by `rename` (an
    ///   object, a ref): the size `fstat` reports is its length, so the read stops once it has that
    ///   many bytes instead of asking again for the end of the file; and it must be a regular file —
    ///   a folder fails with `EISDIR`, as `read(2)` fails on one, a pipe or a device with
    ///   `FileSystemError.notRegularFile`.
    func readToEnd(replacedFile: Bool = false) throws(FileSystemError) -> [UInt8] {
        var status = stat()
        let known = fstat(raw, &status) == 0
        if replacedFile {
            guard known else { throw .last("inspect", path: path) }
            let kind = status.st_mode & S_IFMT
            guard kind == S_IFREG else {
                throw FileSystemError("read", path: path, code: kind == S_IFDIR ? EISDIR : FileSystemError.notRegularFile)
            }
        }
        let trustingSize = replacedFile
        let size = known ? max(0, Int(status.st_size)) : 0
        // One byte more than the size, so that a file that grew meanwhile fills the buffer and is
        // read on to its end below.
        var failure: FileSystemError?
        var filled = false
        var result = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            while count < buffer.count {
                let got = read(raw, base + count, buffer.count - count)
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = .last("read", path: path)
                    return
                }
                if got == 0 || (trustingSize && count + got == size) {
                    count += got
                    return
                }
                count += got
            }
            filled = true
        }
        if let failure { throw failure }
        if filled {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while try readSome(into: &chunk, appendingTo: &result) > 0 {}
        }
        return result
    }

    /// Reads what one `read(2)` gives, at most `chunk.count` bytes, and appends it to `result`.
    /// - Returns: how many bytes were read; 0 at the end of the file.
    func readSome(into chunk: inout [UInt8], appendingTo result: inout [UInt8]) throws(FileSystemError) -> Int {
        while true {
            let count = chunk.withUnsafeMutableBytes { read(raw, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .last("read", path: path)
            }
            result.append(contentsOf: chunk[0..<count])
            return count
        }
    }

    /// Sets the file's permission bits to exactly `mode`, whatever the umask made of them at `open`.
    func setPermissions(_ mode: mode_t) throws(FileSystemError) {
        guard fchmod(raw, mode) == 0 else { throw .last("set the mode of", path: path) }
    }

    /// Flushes the file's data and metadata to stable storage.
    func synchronize() throws(FileSystemError) {
        try FaultSeam.step("fsync", path: path)
        guard fsync(raw) == 0 else { throw .last("fsync", path: path) }
    }

    deinit {
        _ = closeDescriptor(raw)
    }
}

/// `openat(2)`, tried again while a signal interrupts it: every open of a file or folder goes through it.
/// - Returns: the descriptor, or -1 with `errno` set.
func openRetryingInterrupts(_ folder: Int32, _ path: UnsafePointer<CChar>, flags: Int32, mode: mode_t = 0) -> Int32 {
    var descriptor: Int32
    repeat {
        descriptor = openat(folder, path, flags | O_CLOEXEC, mode)
    } while descriptor < 0 && errno == EINTR
    return descriptor
}

/// `close(2)`; a free function because inside the type `close` would name nothing useful.
@inline(__always)
func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
