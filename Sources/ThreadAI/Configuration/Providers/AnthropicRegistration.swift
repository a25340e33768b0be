extension ProviderKind {
    /// Claude through the Anthropic Messages API.
    public static let anthropic = ProviderKind(registering: "anthropic")
}

extension ConfigKey {
    public static let anthropicBaseURL = ConfigKey(
        name: "anthropic.base-url", summary: "Where the Anthropic API is (a proxy or a mock server).",
        defaultText: AnthropicProvider.defaultBaseURL, environmentVariable: "ANTHROPIC_BASE_URL", kind: .baseURL)
    public static let anthropicVersion = ConfigKey(
        name: "anthropic.version", summary: "The anthropic-version header sent with every request.",
        defaultText: AnthropicProvider.defaultVersion, environmentVariable: nil, kind: .apiVersion)
}

extension ProviderRegistration {
    /// Claude (`ThreadAIProviders/Anthropic`).
    public static let anthropic = ProviderRegistration(
        kind: .anthropic, defaultModel: "claude-sonnet-5", keyVariable: "ANTHROPIC_API_KEY",
        chosenWhenKeySet: "an Anthropic API key is set", configKeys: [.anthropicBaseURL, .anthropicVersion],
        baseURL: { layers throws(ConfigurationError) in try layers.validated(.anthropicBaseURL) },
        connect: { connection in
            try AnthropicProvider(
                credential: connection.credential, baseURL: connection.baseURL, version: connection.apiVersion,
                options: connection.options)
        })
}
