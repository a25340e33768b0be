/// One provider as configuration, selection, keys, help, `models` and `status` see it. Its
/// connection (a `ChatProvider`) lives in its own folder of `ThreadAIProviders`; this value says
/// how ThreadAI reaches it, and `ProviderRegistry.all` lists it once.
public struct ProviderRegistration: Sendable {
    /// The name `--provider`, `THREADAI_PROVIDER` and `provider =` take.
    public var kind: ProviderKind
    /// The model used when none is chosen; nil when nobody can guess one (a compatible server).
    public var defaultModel: String?
    /// Whether it sends an API key, so one can be stored for it (`threadai keys set`).
    public var takesKey: Bool
    /// Whether a request may go without a key (a local server): `status` says so rather than warn.
    public var keyIsOptional: Bool
    /// The environment variable that holds its key (`ANTHROPIC_API_KEY`), before the key store.
    public var keyVariable: String?
    /// When neither a provider nor a model is set, it is chosen if its key is set, with this reason
    /// ("an Anthropic API key is set"); the registry's order decides between two such keys.
    public var chosenWhenKeySet: String?
    /// Whether it serves any model name it is given (a compatible server).
    public var servesAnyModel: Bool
    /// Whether it has no base URL of its own, so one must be configured (`status` says when none is).
    public var needsBaseURL: Bool
    /// Its configuration keys, in the order `config list` shows them.
    public var configKeys: [ConfigKey]
    /// Where it is reached, as `layers` configure it; nil for its own default.
    public var baseURL: @Sendable (SettingsLayers) throws(ConfigurationError) -> Setting<String>?
    /// Its key, when finding it takes more than `keyVariable` then the key store (`CredentialLookup.key`):
    /// given the base URL chosen, since a key may go only with the server it belongs to.
    public var credential: (@Sendable (CredentialLookup, Setting<String>?) throws(KeyStoreError) -> Setting<Credential>?)?
    /// Its HTTP connection; nil for the built-in offline model, which has none.
    public var connect: (@Sendable (ProviderConnection) throws -> any ChatProvider & ModelListing)?

    public init(
        kind: ProviderKind, defaultModel: String?, takesKey: Bool = true, keyIsOptional: Bool = false,
        keyVariable: String? = nil, chosenWhenKeySet: String? = nil, servesAnyModel: Bool = false,
        needsBaseURL: Bool = false, configKeys: [ConfigKey] = [],
        baseURL: @escaping @Sendable (SettingsLayers) throws(ConfigurationError) -> Setting<String>? = { _ throws(ConfigurationError) in nil },
        credential: (@Sendable (CredentialLookup, Setting<String>?) throws(KeyStoreError) -> Setting<Credential>?)? = nil,
        connect: (@Sendable (ProviderConnection) throws -> any ChatProvider & ModelListing)?
    ) {
        self.kind = kind
        self.defaultModel = defaultModel
        self.takesKey = takesKey
        self.keyIsOptional = keyIsOptional
        self.keyVariable = keyVariable
        self.chosenWhenKeySet = chosenWhenKeySet
        self.servesAnyModel = servesAnyModel
        self.needsBaseURL = needsBaseURL
        self.configKeys = configKeys
        self.baseURL = baseURL
        self.credential = credential
        self.connect = connect
    }
}

/// What a provider's connection is made from.
public struct ProviderConnection: Sendable {
    public var credential: Credential?
    /// The base URL configured; nil for the provider's own default.
    public var baseURL: String?
    /// The API version header configured (`anthropic.version`).
    public var apiVersion: String
    public var options: ProviderOptions
}

/// Every provider, in the order help and errors list them: one line per provider.
public enum ProviderRegistry {
    public static let all: [ProviderRegistration] = [
        .offline,
        .anthropic,
        .openai,
        .openAICompatible,
    ]

    /// The environment variables that hold providers' keys, in the registry's order.
    public static var keyVariables: [String] { all.compactMap(\.keyVariable) }
}
