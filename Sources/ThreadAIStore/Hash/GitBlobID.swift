/// Git's name for a file's content: the hash of `"blob " LENGTH NUL BYTES`, as `git hash-object`
/// prints it (docs/FORMAT.md §4.7), computed without git so that it works where git is absent.
public enum GitBlobID {
    /// The hash function of a git repository (`git rev-parse --show-object-format`).
    public enum Algorithm: String, Sendable {
        case sha1
        case sha256
    }

    /// The blob id of `bytes`, in lowercase hex: 40 digits for SHA-1, 64 for SHA-256.
    public static func of(_ bytes: [UInt8], algorithm: Algorithm = .sha1) -> String {
        let object = Array("blob \(bytes.count)\u{0}".utf8) + bytes
        switch algorithm {
        case .sha1: return SHA256.hexString(SHA1.hash(object))
        case .sha256: return SHA256.hexDigest(object)
        }
    }
}
