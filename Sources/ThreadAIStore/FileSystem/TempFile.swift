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
public enum TempFile {
    /// Atomically replaces (or creates) `destination` with `bytes`.
    ///
    /// The temporary file is created with `O_CREAT|O_EXCL|O_NOFOLLOW`, so it is new and not a link
    /// someone planted, and given exactly `mode` with `fchmod` before its first byte, so the umask
    /// neither widens nor narrows it (a key file is 0600, an object 0444). It is flushed, renamed
    /// over `destination`, and the folder is flushed so the rename survives a crash.
    /// - Parameter mode: the permission bits the file ends up with.
    /// - Throws: `FileSystemError` naming the step that failed. Before the rename, the temporary
    ///   file is removed and `destination` is untouched.
    public static func write(_ bytes: some Collection<UInt8>, to destination: String, mode: mode_t = 0o644)
        throws(FileSystemError)
    {
        try write(parts: [bytes], to: destination, mode: mode)
    }

    /// Like `write(_:to:mode:)`, for a file made of `parts` written one after the other, so a large
    /// file need not be assembled in memory first.
    public static func write<Part: Collection<UInt8>>(parts: [Part], to destination: String, mode: mode_t = 0o644)
        throws(FileSystemError)
    {
        try write(to: destination, mode: mode) { file throws(FileSystemError) in
            for part in parts { try file.writeAll(part) }
        }
    }

    /// Like `write(_:to:mode:)` for a file that can be made again from the repository (a page of an
    /// exported site): still whole or not at all, but neither the file nor its folder is flushed, so
    /// writing thousands costs no more than writing their bytes.
    public static func writeUnflushed(_ bytes: some Collection<UInt8>, to destination: String, mode: mode_t = 0o644)
        throws(FileSystemError)
    {
        try write(to: destination, mode: mode, flushed: false) { file throws(FileSystemError) in try file.writeAll(bytes) }
    }

    /// Like `write(_:to:mode:)`, for a file whose bytes `contents` writes as it makes them.
    static func write(
        to destination: String, mode: mode_t = 0o644, flushed: Bool = true,
        contents: (borrowing FileDescriptor) throws(FileSystemError) -> Void
    ) throws(FileSystemError) {
        let temporary = try writeTemporary(beside: destination, mode: mode, flushed: flushed, contents: contents)
        do {
            try temporary.rename(to: destination)
        } catch {
            temporary.remove()  // Best effort: the write already failed with `error`.
            throw error
        }
        if flushed { try FilePaths.synchronizeDirectory(FilePaths.directoryName(of: destination)) }
    }

    /// A temporary file written and not yet renamed into place, registered with `SignalCleanup` so
    /// that a signal stopping the process removes it.
    struct Temporary {
        let path: String
        private let cleanup: Int

        fileprivate init(path: String) {
            self.path = path
            cleanup = SignalCleanup.register(path)
        }

        /// Renames it to `destination`, then forgets it (its random name is no one else's meanwhile).
        func rename(to destination: String) throws(FileSystemError) {
            try FilePaths.rename(path, to: destination)
            SignalCleanup.forget(cleanup, path)
        }

        /// Removes it (best effort: whoever calls this is already reporting a failure, or dropping garbage).
        func remove() {
            SignalCleanup.forget(cleanup, path)
            try? FilePaths.remove(path)
        }
    }

    /// Writes a new temporary file in `destination`'s folder and returns it, leaving the rename to
    /// the caller; with `flushed` false its bytes are not yet flushed (`ObjectBatch` flushes many at
    /// once). On failure the temporary file is removed.
    static func writeTemporary(
        beside destination: String, mode: mode_t, flushed: Bool,
        contents: (borrowing FileDescriptor) throws(FileSystemError) -> Void
    ) throws(FileSystemError) -> Temporary {
        let path = FilePaths.join(FilePaths.directoryName(of: destination), ".tmp-\(randomSuffix())")
        let file = try FileDescriptor(opening: path, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: mode)
        let temporary = Temporary(path: path)
        do {
            try file.setPermissions(mode)
            try contents(file)
            if flushed { try file.synchronize() }
        } catch {
            temporary.remove()  // Best effort: the write already failed with `error`.
            throw error
        }
        return temporary
    }

    private static func randomSuffix() -> String {
        var generator = SystemRandomNumberGenerator()
        return String(generator.next() as UInt64, radix: 36) + String(getpid(), radix: 36)
    }
}
