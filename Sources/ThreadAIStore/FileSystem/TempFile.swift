#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file whole or not at all: bytes go to a temporary file beside the destination, which is
/// flushed to disk and then renamed into place. Readers see the old file or the new one, never a mix,
/// and a crash leaves at worst a `.tmp-*` file that is garbage (docs/FORMAT.md §10).
enum TempFile {
    /// Atomically replaces (or creates) `destination` with `bytes`.
    /// - Parameter synchronizeDirectory: also flush the folder so the rename itself survives a crash.
    static func write(
        _ bytes: some Collection<UInt8>, to destination: String, mode: mode_t = 0o644,
        synchronizeDirectory: Bool = true
    ) throws(FileSystemError) {
        let directory = FilePaths.directoryName(of: destination)
        let temporary = FilePaths.join(directory, ".tmp-\(randomSuffix())")
        do {
            let file = try FileDescriptor(opening: temporary, flags: O_WRONLY | O_CREAT | O_EXCL, mode: mode)
            try file.writeAll(bytes)
            try file.synchronize()
            try FilePaths.rename(temporary, to: destination)
        } catch {
            try? FilePaths.remove(temporary)  // Best effort: the write already failed with `error`.
            throw error
        }
        if synchronizeDirectory { try FilePaths.synchronizeDirectory(directory) }
    }

    static func randomSuffix() -> String {
        var generator = SystemRandomNumberGenerator()
        return String(generator.next() as UInt64, radix: 36) + String(getpid(), radix: 36)
    }
}
