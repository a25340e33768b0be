/// The provider `threadai models --remote` asks for its models list: reached as `send` would
/// reach it (base URL, key, version, timeouts, retries), with no model needed.
extension ProviderSelection {
    /// Why a provider's models cannot be listed.
    public enum ListingError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The offline model is the only one, and nothing serves a list of it.
        case offline

        public var description: String {
            "the offline provider has no models endpoint: its one model is \(OfflineProvider.modelName)."
        }
    }

    /// The models endpoint of `kind`, as configured in `layers`.
    /// - Throws: `ListingError.offline`; `ConfigurationError` for an invalid setting or unreadable
    ///   key store; `ProviderError.missingAPIKey` or `.invalidBaseURL` (no request is sent then).
    public static func modelListing(
        _ layers: SettingsLayers, provider kind: ProviderKind, credentials: CredentialLookup,
        transport: any HTTPTransport = AutomaticHTTPTransport()
    ) throws -> any ModelListing {
        let (baseURL, credential) = try connection(layers, provider: kind, credentials: credentials)
        let options = ProviderOptions(transport: transport, timeouts: try timeouts(layers), retryPolicy: try retryPolicy(layers))
        return try ProviderSettings.httpProvider(
            kind, credential: credential?.value, baseURL: baseURL?.value,
            version: try layers.validated(.anthropicVersion)?.value ?? AnthropicProvider.defaultVersion, options: options)
    }
}
