#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `lstat(2)` says about a path: the path itself, not what a final symbolic link points at,
/// so a caller that must refuse links (a key file, say) sees one.
public struct FileStatus: Equatable, Sendable {
    /// What kind of thing is at the path.
    public enum Kind: Equatable, Sendable {
        case regularFile
        case directory
        case symbolicLink
        /// A device, FIFO or socket.
        case other
    }

    /// The permission bits, including set-user-ID, set-group-ID and sticky (`mode & 0o7777`).
    public let permissions: mode_t
    /// The owning user's id.
    public let owner: uid_t
    public let kind: Kind
    /// When the contents last changed, in seconds since 1970 (UTC).
    public let modifiedSeconds: Int64
    /// The size in bytes (of a link: of its target path).
    public let size: Int64

    init(_ info: stat) {
        #if canImport(Darwin)
        modifiedSeconds = Int64(info.st_mtimespec.tv_sec)
        #else
        modifiedSeconds = Int64(info.st_mtim.tv_sec)
        #endif
        size = Int64(info.st_size)
        permissions = info.st_mode & 0o7777
        owner = info.st_uid
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regularFile
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
    }
}
