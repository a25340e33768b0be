#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keys in a private file, one `provider = key` line each (the config syntax, docs/FORMAT.md §9).
///
/// The file is written through a temporary file created with mode 0600 from its first byte, then
/// renamed; its folder is created with mode 0700. Before reading, the file must be a plain file
/// of the current user that neither the group nor others can read; anything else is refused with
/// the command that fixes it. It is never written inside a `.threadai` folder or a git work tree.
public struct FileKeyStore: KeyStore {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public var location: String { path }

    public func key(for provider: ProviderKind) throws(KeyStoreError) -> Credential? {
        guard let file = try load(), let entry = file.entry(for: provider.rawValue) else { return nil }
        return Credential(entry.value)
    }

    public func setKey(_ secret: String, for provider: ProviderKind) throws(KeyStoreError) {
        guard provider != .offline else { throw .noKeyNeeded(provider) }
        let secret = try KeyStores.checked(secret)
        let directory = LocalFile.parent(of: path)
        if let unsafe = KeyLocation.unsafeAncestor(of: directory) {
            throw .insideRepository(path: path, folder: unsafe.folder, marker: unsafe.marker)
        }
        var file = try load() ?? ConfigFile(path: path)
        file.set(provider.rawValue, to: secret)
        try save(file, in: directory)
    }

    public func removeKey(for provider: ProviderKind) throws(KeyStoreError) -> Bool {
        guard var file = try load(), file.remove(provider.rawValue) else { return false }
        try save(file, in: LocalFile.parent(of: path))
        return true
    }

    /// The providers that have a line in the file.
    public func storedProviders() throws(KeyStoreError) -> [ProviderKind] {
        (try load()?.entries ?? []).compactMap { ProviderKind(rawValue: $0.key) }
    }

    private func save(_ file: ConfigFile, in directory: String) throws(KeyStoreError) {
        do {
            try LocalFile.makeDirectories(directory, mode: 0o700)
            try LocalFile.replace(path, with: file.text, mode: 0o600)
        } catch {
            throw .fileSystem(error)
        }
    }

    /// The file, checked for safety first; nil when it does not exist.
    private func load() throws(KeyStoreError) -> ConfigFile? {
        let status: LocalFile.Status?
        do {
            status = try LocalFile.status(path)
        } catch {
            throw .fileSystem(error)
        }
        guard let status else { return nil }
        guard status.isRegularFile else { throw .notARegularFile(path: path) }
        guard status.owner == geteuid() else { throw .wrongOwner(path: path) }
        guard status.permissions & 0o077 == 0 else { throw .unsafePermissions(path: path, mode: UInt32(status.permissions)) }
        let text: String?
        do {
            text = try LocalFile.read(path)
        } catch {
            throw .fileSystem(error)
        }
        do {
            return try ConfigFile(parsing: text ?? "", path: path)
        } catch {
            // Only the line number travels on: the line itself may hold a key.
            if case .syntax(_, let line, _) = error { throw .malformedFile(path: path, line: line) }
            throw .malformedFile(path: path, line: 0)
        }
    }
}
