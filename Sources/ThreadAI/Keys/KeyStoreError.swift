/// Why an API key could not be stored, read or removed. No case ever holds the key itself.
public enum KeyStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Neither `XDG_CONFIG_HOME` nor `HOME` names a folder for the keys file.
    case noUserConfigDirectory
    /// The keys file would be inside a `.threadai` folder or a git work tree: `folder` is the
    /// folder that makes it so and `marker` what it holds (`.git`, `.threadai`).
    case insideRepository(path: String, folder: String, marker: String)
    /// The keys file can be read by the group or others.
    case unsafePermissions(path: String, mode: UInt32)
    /// The keys file belongs to another user.
    case wrongOwner(path: String)
    /// The keys file is a symbolic link, folder or device rather than a plain file.
    case notARegularFile(path: String)
    /// A line of the keys file is not `provider = key`.
    case malformedFile(path: String, line: Int)
    /// The key offered is unusable (empty, spaces inside, control characters); the reason says which.
    case invalidKey(reason: String)
    /// No key store exists for this provider (the offline model needs none).
    case noKeyNeeded(ProviderKind)
    /// The Keychain refused an operation, with its status code.
    case keychain(operation: String, status: Int32)
    case fileSystem(FileSystemError)

    public var description: String {
        switch self {
        case .noUserConfigDirectory:
            return "there is no folder for the keys file: set HOME, or XDG_CONFIG_HOME to an absolute path."
        case .insideRepository(let path, let folder, let marker):
            return "refusing to keep API keys in \(path): it is inside \(folder), which holds \(marker), "
                + "so the keys could end up in a commit or a shared conversation folder. "
                + "Set XDG_CONFIG_HOME to a folder outside any repository, or use the environment variables."
        case .unsafePermissions(let path, let mode):
            return "refusing to use \(path): its mode is \(String(mode, radix: 8)), so other users may read the keys. "
                + "Run 'chmod 600 \(path)' (and consider replacing the keys it holds)."
        case .wrongOwner(let path):
            return "refusing to use \(path): it belongs to another user. Remove it, then set the keys again."
        case .notARegularFile(let path):
            return "refusing to use \(path): it is not a plain file (a link, folder or device). Remove it, then set the keys again."
        case .malformedFile(let path, let line):
            return "\(path):\(line): not a 'provider = key' line. Fix or remove that line "
                + "(or remove the file and set the keys again)."
        case .invalidKey(let reason):
            return "that key cannot be used: \(reason). Nothing was stored."
        case .noKeyNeeded(let provider):
            return "\(provider) needs no API key. Keys are kept for \(ProviderKind.keyed.map(\.rawValue).joined(separator: ", "))."
        case .keychain(let operation, let status):
            return "the Keychain could not \(operation) (status \(status)). Unlock the Keychain and try again, "
                + "or choose \(Remedy(.fileKeyStore)) to keep keys in a file."
        case .fileSystem(let error):
            return error.description
        }
    }
}
