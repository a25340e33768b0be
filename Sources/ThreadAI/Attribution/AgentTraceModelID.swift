import ThreadAIProviders

/// A message's stored `model` as an Agent Trace `model_id`, which follows models.dev's
/// `provider/model` convention (`anthropic/claude-opus-4-5-20251101`, `openai/gpt-4o`).
///
/// - A name that already has a provider part (`anthropic/claude-…`, as an OpenAI-compatible router
///   names models) is kept as it is.
/// - A name whose provider its own naming tells (`ModelNaming`: `claude-…` is Anthropic's, `gpt-…`,
///   `chatgpt-…` and `o3` OpenAI's; `gemini-…` is Google's, models.dev's `google`) gets that prefix.
/// - Any other name (a local Ollama model, `llama3.2`) is kept bare: its provider is not known, and
///   the name is still more use to a reader than no model at all.
/// - Nothing when the message records no model, or when the result would be longer than the 250
///   characters the schema allows.
enum AgentTraceModelID {
    static let maximumLength = 250

    static func of(storedModel: String?) -> String? {
        guard let model = storedModel, !model.isEmpty else { return nil }
        let identifier: String
        if model.contains("/") {
            identifier = model
        } else if let provider = provider(of: model) {
            identifier = provider + "/" + model
        } else {
            identifier = model
        }
        // JSON Schema counts a string's length in code points.
        return identifier.unicodeScalars.count <= maximumLength ? identifier : nil
    }

    /// models.dev's name for the provider whose naming `model` fits.
    private static func provider(of model: String) -> String? {
        if let provider = ModelNaming.provider(of: model) { return provider }
        // Gemini CLI's sessions record `gemini-2.5-pro`; ThreadAI sends to no Google model itself,
        // so `ModelNaming` (which chooses where a send goes) does not know the family.
        return model.lowercased().hasPrefix("gemini-") ? "google" : nil
    }
}
