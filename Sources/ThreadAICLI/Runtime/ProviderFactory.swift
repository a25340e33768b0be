import ThreadAI

/// The provider and model a `send` will use, and a notice to show when the choice was implicit.
struct ProviderChoice {
    var provider: any ChatProvider
    var model: String
    /// The token budget for the context, from the model's context window; nil for no limit.
    var contextBudget: Int?
    /// Said once on stderr, e.g. that the offline model answers because no provider is configured.
    var notice: String?
}

/// Chooses the provider for a send. The composition root builds it; tests may replace it.
struct ProviderFactory: Sendable {
    var choose: @Sendable (_ providerFlag: String?, _ modelFlag: String?, _ environment: [String: String]) throws -> ProviderChoice

    /// Only the offline model; the real providers plug in through `ProviderSelection`.
    static let offlineOnly = ProviderFactory { providerFlag, modelFlag, _ in
        if let providerFlag, providerFlag != "offline" {
            throw CLIError("unknown provider '\(providerFlag)'. Available: offline.", status: .usage)
        }
        return ProviderChoice(
            provider: OfflineProvider(wordDelay: .milliseconds(8)),
            model: modelFlag ?? OfflineProvider.modelName,
            contextBudget: nil,
            notice: providerFlag == nil ? "no provider configured; the offline model answers (no API key needed)." : nil)
    }
}
