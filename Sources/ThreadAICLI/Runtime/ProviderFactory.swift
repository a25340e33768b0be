import ThreadAI

/// What a command asks the provider factory: the flags given, and where it runs.
struct ProviderQuery: Sendable {
    /// `--provider`, when given.
    var provider: String?
    /// `-m/--model`, when given.
    var model: String?
    var environment: [String: String]
    /// The `.threadai` folder in use, whose `config` applies; nil outside a repository.
    var repositoryDirectory: String?
}

/// The provider and model a command will use, decided before anything is stored.
struct ProviderChoice: Sendable {
    var providerName: String
    var model: String
    /// The token budget for the context; nil for no limit.
    var contextBudget: Int?
    /// The `max_tokens` to ask for; nil leaves it to the provider's default for the model.
    var maxOutputTokens: Int?
    /// Said once on stderr, e.g. that the offline model answers because no provider is configured.
    var notice: String?
    /// The full resolution, with sources, when the live selection made the choice.
    var settings: ProviderSettings?
    /// Builds the provider; `onRetry` hears about each retry. Throws `ProviderError` (missing key,
    /// unusable base URL), so a send fails before it stores anything.
    var makeProvider: @Sendable (_ onRetry: (@Sendable (RetryNotice) -> Void)?) throws -> any ChatProvider
}

/// Chooses the provider for a command. The composition root passes `.live`; tests may replace it.
struct ProviderFactory: Sendable {
    var choose: @Sendable (ProviderQuery) throws -> ProviderChoice

    /// The real selection (docs/PROVIDERS.md): flags, environment, repository config, user config,
    /// defaults; keys from the environment or the key store.
    static let live = ProviderFactory { query in
        var flags: [ConfigKey: String] = [:]
        flags[.provider] = query.provider
        flags[.model] = query.model
        let layers = try SettingsLayers.load(
            flags: flags, environment: query.environment, repositoryDirectory: query.repositoryDirectory)
        let settings = try ProviderSelection.resolve(
            layers, credentials: CredentialLookup(environment: query.environment, store: keyStore(query.environment)))
        return ProviderChoice(
            providerName: settings.provider.value.rawValue, model: settings.model.value,
            contextBudget: settings.contextBudget.value, maxOutputTokens: settings.maxOutputTokens?.value,
            notice: settings.notice, settings: settings,
            makeProvider: { onRetry in
                try settings.makeProvider(
                    transport: AutomaticHTTPTransport(environment: query.environment), onRetry: onRetry,
                    offlineWordDelay: .milliseconds(8))
            })
    }

    /// Only the offline model, whatever is configured: the demo uses it, and tests that need no network.
    static let offlineOnly = ProviderFactory { query in
        if let provider = query.provider, provider != ProviderKind.offline.rawValue {
            throw CLIError("unknown provider '\(provider)'. Available: offline.", status: .usage)
        }
        return ProviderChoice(
            providerName: ProviderKind.offline.rawValue, model: OfflineProvider.modelName, contextBudget: nil,
            maxOutputTokens: nil, notice: query.provider == nil ? ProviderSelection.offlineNotice : nil, settings: nil,
            makeProvider: { _ in OfflineProvider(wordDelay: .milliseconds(8)) })
    }

    /// The platform's key store, or none when there is no folder for one (then only the
    /// environment's keys count, and `threadai keys` explains what is missing).
    static func keyStore(_ environment: [String: String]) -> (any KeyStore)? {
        do {
            return try KeyStores.standard(environment: environment)
        } catch {
            return nil
        }
    }
}
