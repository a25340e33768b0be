/// The models the harness knows by name, with their aliases and limits.
///
/// Unknown models are allowed (a compatible server can serve anything): `resolve` describes
/// them with `unknownContextWindow` and `unknownMaxOutputTokens`, deliberately small so a
/// context budget built on them fits the small local models such servers usually run.
public enum ModelCatalog {
    /// Context window assumed for a model the catalog does not know.
    public static let unknownContextWindow = 8_192
    /// Output limit, and default `max_tokens`, assumed for a model the catalog does not know.
    public static let unknownMaxOutputTokens = 4_096
    /// The largest `max_tokens` sent by default: long enough for any chat reply, and it keeps
    /// a runaway reply from spending a model's whole (often 64k or more) output budget.
    public static let defaultReplyTokenCap = 8_192

    /// Every known model, grouped by provider, newest first within each: the providers' published
    /// models as of November 2026 (docs/PROVIDERS.md, "Models", says where they were read), and the
    /// older ones still served. The defaults and the short aliases (`sonnet`, `opus`) name models
    /// the providers' own pages list; the others were read from gateways' pages. Limits are the providers' own: 1M-token windows for Claude 5.x,
    /// 1,050,000 for GPT-5.5 and GPT-5.6.
    public static let all: [ModelInfo] = anthropic + openAI + [
        ModelInfo(id: OfflineProvider.modelName, provider: "offline", aliases: ["offline"],
                  contextWindow: 128_000, maxOutputTokens: 8_192),
    ]

    static let anthropic: [ModelInfo] = [
        ModelInfo(id: "claude-fable-5-1", provider: "anthropic", aliases: ["fable"],
                  contextWindow: 1_000_000, maxOutputTokens: 128_000),
        ModelInfo(id: "claude-opus-5-5", provider: "anthropic", aliases: ["opus-5.5"],
                  contextWindow: 1_000_000, maxOutputTokens: 128_000),
        ModelInfo(id: "claude-sonnet-5-5", provider: "anthropic", aliases: ["sonnet-5.5"],
                  contextWindow: 1_000_000, maxOutputTokens: 128_000),
        ModelInfo(id: "claude-haiku-4-5", provider: "anthropic", aliases: ["haiku", "claude-haiku-4-5-20251001"],
                  contextWindow: 200_000, maxOutputTokens: 64_000),
        ModelInfo(id: "claude-fable-5", provider: "anthropic", aliases: ["fable-5"],
                  contextWindow: 1_000_000, maxOutputTokens: 128_000),
        ModelInfo(id: "claude-opus-5", provider: "anthropic", aliases: ["opus", "opus-5"],
                  contextWindow: 1_000_000, maxOutputTokens: 128_000),
        ModelInfo(id: "claude-sonnet-5", provider: "anthropic", aliases: ["sonnet", "sonnet-5"],
                  contextWindow: 1_000_000, maxOutputTokens: 128_000),
        ModelInfo(id: "claude-opus-4-1", provider: "anthropic", aliases: ["opus-4.1", "claude-opus-4-1-20250805"],
                  contextWindow: 200_000, maxOutputTokens: 32_000),
        ModelInfo(id: "claude-sonnet-4-5", provider: "anthropic", aliases: ["sonnet-4.5", "claude-sonnet-4-5-20250929"],
                  contextWindow: 200_000, maxOutputTokens: 64_000),
        ModelInfo(id: "claude-opus-4-0", provider: "anthropic", aliases: ["opus-4", "claude-opus-4-20250514"],
                  contextWindow: 200_000, maxOutputTokens: 32_000),
        ModelInfo(id: "claude-sonnet-4-0", provider: "anthropic", aliases: ["sonnet-4", "claude-sonnet-4-20250514"],
                  contextWindow: 200_000, maxOutputTokens: 64_000),
        ModelInfo(id: "claude-3-7-sonnet-latest", provider: "anthropic", aliases: ["sonnet-3.7", "claude-3-7-sonnet-20250219"],
                  contextWindow: 200_000, maxOutputTokens: 64_000),
        ModelInfo(id: "claude-3-5-haiku-latest", provider: "anthropic", aliases: ["haiku-3.5", "claude-3-5-haiku-20241022"],
                  contextWindow: 200_000, maxOutputTokens: 8_192),
    ]

    static let openAI: [ModelInfo] = [
        ModelInfo(id: "gpt-5.6-sol", provider: "openai", contextWindow: 1_050_000, maxOutputTokens: 128_000),
        ModelInfo(id: "gpt-5.6-terra", provider: "openai", contextWindow: 1_050_000, maxOutputTokens: 128_000),
        ModelInfo(id: "gpt-5.6-luna", provider: "openai", contextWindow: 1_050_000, maxOutputTokens: 128_000),
        ModelInfo(id: "gpt-5.5", provider: "openai", contextWindow: 1_050_000, maxOutputTokens: 128_000),
        ModelInfo(id: "gpt-5", provider: "openai", contextWindow: 400_000, maxOutputTokens: 128_000),
        ModelInfo(id: "gpt-5-mini", provider: "openai", contextWindow: 400_000, maxOutputTokens: 128_000),
        ModelInfo(id: "gpt-5-nano", provider: "openai", contextWindow: 400_000, maxOutputTokens: 128_000),
        ModelInfo(id: "gpt-4.1", provider: "openai", contextWindow: 1_047_576, maxOutputTokens: 32_768),
        ModelInfo(id: "gpt-4.1-mini", provider: "openai", contextWindow: 1_047_576, maxOutputTokens: 32_768),
        ModelInfo(id: "gpt-4.1-nano", provider: "openai", contextWindow: 1_047_576, maxOutputTokens: 32_768),
        ModelInfo(id: "gpt-4o", provider: "openai", contextWindow: 128_000, maxOutputTokens: 16_384),
        ModelInfo(id: "gpt-4o-mini", provider: "openai", contextWindow: 128_000, maxOutputTokens: 16_384),
        ModelInfo(id: "o4-mini", provider: "openai", contextWindow: 200_000, maxOutputTokens: 100_000),
        ModelInfo(id: "o3", provider: "openai", contextWindow: 200_000, maxOutputTokens: 100_000),
        ModelInfo(id: "o3-mini", provider: "openai", contextWindow: 200_000, maxOutputTokens: 100_000),
    ]

    /// The known model whose id or alias is `name` (case-insensitive), or nil.
    public static func lookup(_ name: String) -> ModelInfo? {
        let wanted = name.lowercased()
        return all.first { $0.id.lowercased() == wanted || $0.aliases.contains { $0.lowercased() == wanted } }
    }

    /// The known model named `name`, or a description of an unknown model with that id
    /// (`isKnown == false`): for a name of a provider's own naming (`ModelNaming`, a model newer
    /// than the catalog) that provider, with the smallest limits among its known models; for any
    /// other name no provider and the conservative defaults.
    public static func resolve(_ name: String) -> ModelInfo {
        if let known = lookup(name) { return known }
        if let provider = ModelNaming.provider(of: name) {
            let family = models(for: provider)
            if let window = family.map(\.contextWindow).min(), let output = family.map(\.maxOutputTokens).min() {
                return ModelInfo(id: name, provider: provider, contextWindow: window, maxOutputTokens: output, isKnown: false)
            }
        }
        return ModelInfo(
            id: name, provider: nil, contextWindow: unknownContextWindow,
            maxOutputTokens: unknownMaxOutputTokens, isKnown: false)
    }

    /// The provider that serves `name`: the catalog's for a known model, else the one whose naming
    /// it fits (`ModelNaming`), else nil.
    public static func provider(of name: String) -> String? {
        lookup(name)?.provider ?? ModelNaming.provider(of: name)
    }

    /// The known models one provider serves.
    public static func models(for provider: String) -> [ModelInfo] {
        all.filter { $0.provider == provider }
    }
}
