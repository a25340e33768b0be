/// Finds the API key for a provider: its environment variable first (as the official SDKs name
/// them), then the key store.
public struct CredentialLookup: Sendable {
    public var environment: [String: String]
    /// The key store; nil when there is none (no config folder), so only the environment counts.
    public var store: (any KeyStore)?

    public init(environment: [String: String], store: (any KeyStore)?) {
        self.environment = environment
        self.store = store
    }

    /// The environment variable that holds `provider`'s key: `ANTHROPIC_API_KEY`, `OPENAI_API_KEY`;
    /// nil for the offline model and for compatible servers, whose key comes from the store (or,
    /// paired with `OPENAI_BASE_URL`, from `OPENAI_API_KEY`: see `ProviderSelection`).
    public static func environmentVariable(for provider: ProviderKind) -> String? {
        provider.registration?.keyVariable
    }

    /// The key set in the environment variable `name`, or nil when it is unset or blank.
    public func environmentKey(_ name: String) -> Setting<Credential>? {
        environment[name].flatMap(Credential.init).map { Setting($0, from: .environment(name)) }
    }

    /// The stored key for `provider`, or nil.
    /// - Throws: `KeyStoreError` when the store cannot be read safely.
    public func storedKey(_ provider: ProviderKind) throws(KeyStoreError) -> Setting<Credential>? {
        guard let store, provider != .offline, let key = try store.key(for: provider) else { return nil }
        return Setting(key, from: .keyStore(store.location))
    }

    /// `provider`'s key: its environment variable, else the store.
    public func key(for provider: ProviderKind) throws(KeyStoreError) -> Setting<Credential>? {
        if let variable = Self.environmentVariable(for: provider), let key = environmentKey(variable) { return key }
        return try storedKey(provider)
    }
}
