/// Everything `send` needs to call a provider, each value with where it came from.
/// `ProviderSelection.resolve` makes one; `makeProvider` turns it into a `ChatProvider`.
public struct ProviderSettings: Sendable {
    public var provider: Setting<ProviderKind>
    /// The model id sent (a known alias resolved to its id; any name as given for a compatible server).
    public var model: Setting<String>
    /// The catalog's description of the model, or conservative defaults for one it does not know.
    public var modelInfo: ModelInfo
    /// The base URL; nil for the provider's own default (and for the offline model).
    public var baseURL: Setting<String>?
    public var anthropicVersion: Setting<String>
    /// The configured `max_tokens`; nil leaves it to the model's default.
    public var maxOutputTokens: Setting<Int>?
    /// Token budget for the context sent.
    public var contextBudget: Setting<Int>
    public var timeouts: StreamTimeouts
    public var retryPolicy: RetryPolicy
    /// The API key, when the provider uses one and one is set.
    public var credential: Setting<Credential>?
    /// One line to tell the user, e.g. that the offline model answers because nothing is configured.
    public var notice: String?

    /// The `max_tokens` a reply may use: the configured one, else the model's default.
    public var effectiveMaxOutputTokens: Int {
        maxOutputTokens?.value ?? modelInfo.defaultMaxOutputTokens
    }

    /// Builds the provider these settings describe.
    /// - Parameters:
    ///   - transport: how HTTP providers reach the network (tests pass a loopback or scripted one).
    ///   - onRetry: told before each retry, to show progress.
    ///   - offlineWordDelay: pause between the offline model's words, so a terminal shows a stream.
    /// - Throws: `ProviderError.missingAPIKey` when the provider needs a key and none is set,
    ///   `.invalidBaseURL` for an unusable base URL.
    public func makeProvider(
        transport: any HTTPTransport = AutomaticHTTPTransport(), retryEnvironment: RetryEnvironment = .live,
        onRetry: (@Sendable (RetryNotice) -> Void)? = nil, offlineWordDelay: Duration = .zero
    ) throws -> any ChatProvider {
        let options = ProviderOptions(
            transport: transport, timeouts: timeouts, retryPolicy: retryPolicy, retryEnvironment: retryEnvironment,
            onRetry: onRetry)
        if provider.value == .offline { return OfflineProvider(wordDelay: offlineWordDelay) }
        return try Self.httpProvider(
            provider.value, credential: credential?.value, baseURL: baseURL?.value, version: anthropicVersion.value,
            options: options)
    }

    /// The HTTP provider `kind`, reached at `baseURL` with `credential`.
    /// - Throws: `ProviderError.missingAPIKey`, `.invalidBaseURL`; `ListingError.offline` for the
    ///   offline model, which is no HTTP provider.
    static func httpProvider(
        _ kind: ProviderKind, credential: Credential?, baseURL: String?, version: String, options: ProviderOptions
    ) throws -> any ChatProvider & ModelListing {
        guard let connect = kind.registration?.connect else { throw ProviderSelection.ListingError.offline }
        return try connect(ProviderConnection(credential: credential, baseURL: baseURL, apiVersion: version, options: options))
    }
}
