/// Where API keys are kept between runs: a private file, or the Keychain where the Security
/// framework exists. Environment variables are read separately (`CredentialLookup`) and win.
public protocol KeyStore: Sendable {
    /// Where the keys are, for messages: the file's path, or the Keychain.
    var location: String { get }
    /// The stored key for `provider`, or nil.
    /// - Throws: `KeyStoreError`, e.g. when the keys file is readable by others.
    func key(for provider: ProviderKind) throws(KeyStoreError) -> Credential?
    /// Stores `secret` for `provider`, replacing any key stored before.
    /// - Throws: `KeyStoreError`; `.invalidKey` for a key with spaces or control characters.
    func setKey(_ secret: String, for provider: ProviderKind) throws(KeyStoreError)
    /// Removes the key for `provider`.
    /// - Returns: whether there was one.
    func removeKey(for provider: ProviderKind) throws(KeyStoreError) -> Bool
}

public enum KeyStores {
    /// The key store for this platform and environment: the Keychain where the Security framework
    /// exists (unless `THREADAI_KEY_STORE=file`), else the file `keys` in the user's config folder.
    /// - Throws: `KeyStoreError.noUserConfigDirectory` when a file store is needed and there is no folder.
    public static func standard(environment: [String: String]) throws(KeyStoreError) -> any KeyStore {
        #if canImport(Security)
        if environment["THREADAI_KEY_STORE"] != "file" { return KeychainKeyStore() }
        #endif
        guard let path = ConfigLocations(environment: environment).keysFile else { throw .noUserConfigDirectory }
        return FileKeyStore(path: path)
    }

    /// `secret` trimmed, or the reason it cannot be a key. Keys are single tokens of printable
    /// ASCII; anything else is most likely a paste gone wrong, and would break the file format.
    static func checked(_ secret: String) throws(KeyStoreError) -> String {
        let trimmed = secret.trimmingWhitespace()
        if trimmed.isEmpty { throw .invalidKey(reason: "it is empty") }
        if trimmed.count > 4096 { throw .invalidKey(reason: "it is longer than 4096 characters") }
        guard trimmed.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw .invalidKey(reason: "it contains spaces, control characters or non-ASCII characters")
        }
        return trimmed
    }
}
