#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file read front to back in pieces of bounded size, so a reader of a large file (an import of
/// hundreds of megabytes) holds one piece at a time instead of the whole file.
public final class FileChunks {
    private let file: FileDescriptor
    private var chunk: [UInt8]

    /// Opens `path` for reading.
    /// - Parameter chunkSize: the most bytes one `next()` returns.
    /// - Throws: `FileSystemError` (`isNotFound` when nothing is there).
    public init(path: String, chunkSize: Int = 1 << 20) throws(FileSystemError) {
        file = try FileDescriptor(opening: path, flags: O_RDONLY)
        chunk = [UInt8](repeating: 0, count: max(chunkSize, 1))
    }

    /// The next piece of the file, or nil at its end.
    public func next() throws(FileSystemError) -> [UInt8]? {
        var piece: [UInt8] = []
        return try file.readSome(into: &chunk, appendingTo: &piece) == 0 ? nil : piece
    }
}
