import ThreadAI

/// `-m MODEL` must name a model the catalog knows, unless the provider is a compatible server
/// (which serves names of its own): a typo such as `-m sonet` is refused with the closest names,
/// as a mistyped command is, instead of going to a provider that answers "model not found".
enum ModelNameCheck {
    /// Throws a usage error when `typed` (the `-m` value) names no known model and `choice` is not a
    /// compatible server.
    static func check(_ typed: String, for choice: ProviderChoice) throws {
        guard choice.providerName != ProviderKind.openAICompatible.rawValue, ModelCatalog.lookup(typed) == nil else { return }
        let names = ModelCatalog.all.flatMap { [$0.id] + $0.aliases }
        let suggestions = OptionSuggestion.closestNames(to: typed, among: names).prefix(3).map { "'\($0)'" }
        let didYouMean = suggestions.isEmpty ? "" : " Did you mean \(suggestions.joined(separator: " or "))?"
        throw CLIError(
            "'\(typed)' is not a model threadai knows.\(didYouMean) 'threadai models' lists them. "
                + "A compatible server takes any name (--provider openai-compatible); a model newer than "
                + "this list is sent as given from THREADAI_MODEL or 'threadai config set model NAME'.",
            status: .usage)
    }
}
