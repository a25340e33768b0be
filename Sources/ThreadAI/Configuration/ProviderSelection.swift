/// Decides which provider, model and settings a send uses, from flags, environment, repository
/// config, user config and defaults, strongest first (docs/PROVIDERS.md, "Precedence").
///
/// The provider is, in order: the strongest `provider` setting, unless a stronger `model`
/// setting names a known model of another provider (then that provider); else the provider of a
/// known model; else Anthropic if its key is set, else OpenAI if its key is set, else the offline
/// model, with a notice.
public enum ProviderSelection {
    /// The notice shown when nothing chose a provider and no key is set.
    public static let offlineNotice = "no provider configured; the offline model answers (no API key needed)."

    /// Resolves every setting a send needs.
    /// - Throws: `ConfigurationError` for an invalid value (naming where it came from), a
    ///   compatible server without a model, or a key store that cannot be read safely.
    public static func resolve(
        _ layers: SettingsLayers, credentials: CredentialLookup
    ) throws(ConfigurationError) -> ProviderSettings {
        let requestedModel = try layers.validated(.model)
        var notice: String?
        let provider = try chooseProvider(layers, model: requestedModel, credentials: credentials, notice: &notice)
        let model = try chooseModel(requestedModel, provider: provider)
        let modelInfo = ModelCatalog.resolve(model.value)
        let baseURL = try chooseBaseURL(layers, provider: provider.value)
        let maxOutput = try layers.integer(.maxOutputTokens)
        let effectiveMax = maxOutput?.value ?? modelInfo.defaultMaxOutputTokens
        let budget = try layers.integer(.contextBudget) ?? Setting(
            max(1, modelInfo.contextWindow - effectiveMax),
            from: .automatic("context window \(modelInfo.contextWindow) − max output \(effectiveMax)"))
        return ProviderSettings(
            provider: provider, model: model, modelInfo: modelInfo, baseURL: baseURL,
            anthropicVersion: try layers.validated(.anthropicVersion)
                ?? Setting(AnthropicProvider.defaultVersion, from: .builtIn),
            maxOutputTokens: maxOutput, contextBudget: budget,
            timeouts: try timeouts(layers), retryPolicy: try retryPolicy(layers),
            credential: try credential(for: provider.value, baseURL: baseURL, credentials: credentials),
            notice: notice)
    }

    /// The stream timeouts set in `layers`, else the standard ones.
    static func timeouts(_ layers: SettingsLayers) throws(ConfigurationError) -> StreamTimeouts {
        StreamTimeouts(
            firstByte: try layers.duration(.firstByteTimeout)?.value ?? StreamTimeouts.standard.firstByte,
            stall: try layers.duration(.stallTimeout)?.value ?? StreamTimeouts.standard.stall)
    }

    /// The retry policy set in `layers`, else the standard one.
    static func retryPolicy(_ layers: SettingsLayers) throws(ConfigurationError) -> RetryPolicy {
        RetryPolicy(maxRetries: try layers.integer(.retryMax)?.value ?? RetryPolicy.standard.maxRetries)
    }

    /// Where `provider` would be reached and with which key, as `resolve` decides them: what
    /// `status` still reports when the settings cannot be resolved for want of a model.
    /// - Throws: `ConfigurationError` for an invalid base URL or a key store that cannot be read.
    public static func connection(
        _ layers: SettingsLayers, provider: ProviderKind, credentials: CredentialLookup
    ) throws(ConfigurationError) -> (baseURL: Setting<String>?, credential: Setting<Credential>?) {
        let baseURL = try chooseBaseURL(layers, provider: provider)
        return (baseURL, try credential(for: provider, baseURL: baseURL, credentials: credentials))
    }

    private static func chooseProvider(
        _ layers: SettingsLayers, model: Setting<String>?, credentials: CredentialLookup, notice: inout String?
    ) throws(ConfigurationError) -> Setting<ProviderKind> {
        let owner = model.flatMap { owningProvider(of: $0.value) }
        if let chosen = try layers.validated(.provider) {
            let kind = try ProviderKind(named: chosen.value, source: chosen.source)
            // A model named more strongly than the provider wins over it: `-m gpt-4o` with
            // `provider = anthropic` in a config file means OpenAI. A compatible server may serve
            // any model name, so it keeps the models it is given.
            if let model, let owner, owner != kind, !kind.servesAnyModel,
               model.source.precedence < chosen.source.precedence {
                return Setting(owner, from: .automatic("\(model.value) (\(model.source)) is served by \(owner)"))
            }
            return Setting(kind, from: chosen.source)
        }
        if let model, let owner {
            return Setting(owner, from: .automatic("\(model.value) (\(model.source)) is served by \(owner)"))
        }
        for registration in ProviderRegistry.all {
            guard let reason = registration.chosenWhenKeySet else { continue }
            if try lookUp({ () throws(KeyStoreError) in try credentials.key(for: registration.kind) }) != nil {
                return Setting(registration.kind, from: .automatic(reason))
            }
        }
        notice = offlineNotice
        return Setting(.offline, from: .automatic("no provider chosen and no API key set"))
    }

    private static func chooseModel(
        _ requested: Setting<String>?, provider: Setting<ProviderKind>
    ) throws(ConfigurationError) -> Setting<String> {
        let kind = provider.value
        if let requested, !kind.servesAnyModel, let owner = owningProvider(of: requested.value), owner != kind {
            // A model named as strongly as the provider (both flags, both in one file) that the
            // provider does not serve is a contradiction: sending the provider's default instead
            // would bill for a model nobody asked for. (A stronger model already chose its own
            // provider in `chooseProvider`.)
            if requested.source.precedence <= provider.source.precedence {
                throw .modelOfAnotherProvider(model: requested, owner: owner, provider: provider)
            }
        }
        if kind == .offline {
            // The offline model is the only one: a weaker model set elsewhere is not what answers.
            guard let requested, requested.value != OfflineProvider.modelName else {
                return Setting(OfflineProvider.modelName, from: requested?.source ?? .builtIn)
            }
            return Setting(OfflineProvider.modelName, from: .automatic("the offline provider has one model; \(requested.value) (\(requested.source)) is not used"))
        }
        if let requested {
            if kind.servesAnyModel { return requested }
            let owner = owningProvider(of: requested.value)
            // A weaker model setting for another provider (`model = sonnet` in the user's config,
            // `--provider openai` today) gives way to the chosen provider's default.
            if owner == nil || owner == kind {
                return Setting(ModelCatalog.lookup(requested.value)?.id ?? requested.value, from: requested.source)
            }
        }
        guard let model = kind.defaultModel else { throw .missingModel(provider: kind) }
        return Setting(model, from: .builtIn)
    }

    private static func chooseBaseURL(
        _ layers: SettingsLayers, provider: ProviderKind
    ) throws(ConfigurationError) -> Setting<String>? {
        guard let registration = provider.registration else { return nil }
        return try registration.baseURL(layers)
    }

    private static func credential(
        for provider: ProviderKind, baseURL: Setting<String>?, credentials: CredentialLookup
    ) throws(ConfigurationError) -> Setting<Credential>? {
        guard let registration = provider.registration, registration.takesKey else { return nil }
        if let find = registration.credential {
            return try lookUp { () throws(KeyStoreError) in try find(credentials, baseURL) }
        }
        return try lookUp { () throws(KeyStoreError) in try credentials.key(for: provider) }
    }

    /// Runs a key lookup, reporting a key store that cannot be read as a configuration error.
    private static func lookUp(
        _ body: () throws(KeyStoreError) -> Setting<Credential>?
    ) throws(ConfigurationError) -> Setting<Credential>? {
        do {
            return try body()
        } catch {
            throw .keyStore(error)
        }
    }

    /// The provider that serves a model the catalog knows, or whose naming a newer model's name
    /// fits (`claude-…` is Anthropic's), or nil.
    static func owningProvider(of model: String) -> ProviderKind? {
        ModelCatalog.provider(of: model).flatMap(ProviderKind.init(rawValue:))
    }
}
