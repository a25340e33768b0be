extension ProviderKind {
    /// OpenAI's Chat Completions API.
    public static let openai = ProviderKind(registering: "openai")
}

extension ConfigKey {
    public static let openAIBaseURL = ConfigKey(
        name: "openai.base-url", summary: "Where the OpenAI API is (a proxy or a mock server).",
        defaultText: OpenAIProvider.defaultBaseURL, environmentVariable: "OPENAI_BASE_URL", kind: .baseURL)
}

extension ProviderRegistration {
    /// OpenAI (`ThreadAIProviders/OpenAI`).
    public static let openai = ProviderRegistration(
        kind: .openai, defaultModel: "gpt-5.5", keyVariable: "OPENAI_API_KEY",
        chosenWhenKeySet: "an OpenAI API key is set", configKeys: [.openAIBaseURL],
        baseURL: { layers throws(ConfigurationError) in try layers.validated(.openAIBaseURL) },
        connect: { connection in
            try OpenAIProvider(
                credential: connection.credential, baseURL: connection.baseURL, mode: .openai, options: connection.options)
        })
}
