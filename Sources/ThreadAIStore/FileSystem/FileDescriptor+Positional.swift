#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileDescriptor {
    /// Reads exactly `count` bytes at `offset` into the start of `buffer` (grown when too small),
    /// with `pread(2)`, leaving the file's offset alone.
    /// - Throws: `FileSystemError` when the system fails or the file ends first (it was truncated).
    func readExactly(at offset: Int, count: Int, into buffer: inout [UInt8]) throws(FileSystemError) {
        if buffer.count < count { buffer = [UInt8](repeating: 0, count: count) }
        var done = 0
        while done < count {
            let result = buffer.withUnsafeMutableBytes { pread(raw, $0.baseAddress.map { $0 + done }, count - done, off_t(offset + done)) }
            if result < 0 {
                if errno == EINTR { continue }
                throw .last("read", path: path)
            }
            guard result > 0 else { throw FileSystemError("read (the file ended early)", path: path, code: EIO) }
            done += result
        }
    }

    /// The file's size in bytes.
    func size() throws(FileSystemError) -> Int {
        var status = stat()
        guard fstat(raw, &status) == 0 else { throw .last("stat", path: path) }
        return Int(status.st_size)
    }
}
