extension ProviderKind {
    /// Any server that speaks the Chat Completions API (Ollama, llama.cpp, vLLM, LM Studio, OpenRouter, …).
    public static let openAICompatible = ProviderKind(registering: "openai-compatible")
}

extension ConfigKey {
    public static let compatibleBaseURL = ConfigKey(
        name: "openai-compatible.base-url",
        summary: "The base URL of an OpenAI-compatible server, such as http://localhost:11434/v1.",
        defaultText: "OPENAI_BASE_URL when set; otherwise required", environmentVariable: nil, kind: .baseURL)
}

extension ProviderRegistration {
    /// A compatible server (`ThreadAIProviders/OpenAI` in its compatible mode): it has no default
    /// model or base URL, serves any model name, and may need no key.
    public static let openAICompatible = ProviderRegistration(
        kind: .openAICompatible, defaultModel: nil, keyIsOptional: true, servesAnyModel: true, needsBaseURL: true,
        configKeys: [.compatibleBaseURL],
        baseURL: { layers throws(ConfigurationError) in
            if let configured = try layers.validated(.compatibleBaseURL) { return configured }
            // A compatible server is most often reached the way the OpenAI SDKs reach one.
            guard let fromEnvironment = try layers.validated(.openAIBaseURL),
                  case .environment = fromEnvironment.source else { return nil }
            return fromEnvironment
        },
        credential: { credentials, baseURL throws(KeyStoreError) in
            if let stored = try credentials.storedKey(.openAICompatible) { return stored }
            // OPENAI_API_KEY goes to a compatible server only when OPENAI_BASE_URL sent us there,
            // as the SDKs pair them; a server set in config never receives the OpenAI key.
            guard case .environment("OPENAI_BASE_URL") = baseURL?.source else { return nil }
            return credentials.environmentKey("OPENAI_API_KEY")
        },
        connect: { connection in
            try OpenAIProvider(
                credential: connection.credential, baseURL: connection.baseURL, mode: .compatible, options: connection.options)
        })
}
