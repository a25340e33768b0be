import ThreadAI

/// `-m MODEL` must name a model the catalog knows, unless the provider is a compatible server
/// (which serves names of its own) or the name is a newer model of a provider's own naming: a typo
/// such as `-m sonet` or `-m claude-sonet-4-5` is refused with the closest names, as a mistyped
/// command is, instead of going to a provider that answers "model not found".
enum ModelNameCheck {
    /// Throws a usage error when `typed` (the `-m` value) names no known model and is not sent as
    /// given; returns the one-line note to show when it is sent as given though not in the catalog.
    ///
    /// A name of a provider's own naming (`claude-…`, `gpt-…`, `o3…`) is sent as given unless it
    /// is a near miss of a known name: close to one (as a mistyped command is) without being another
    /// version of a known family (`claude-sonnet-6` differs from `claude-sonnet-4-5` only in its
    /// numbers, `claude-sonet-4-5` in a word).
    static func check(_ typed: String, for choice: ProviderChoice) throws -> String? {
        guard ProviderKind(rawValue: choice.providerName)?.servesAnyModel != true, ModelCatalog.lookup(typed) == nil else { return nil }
        let names = ModelCatalog.all.flatMap { [$0.id] + $0.aliases }
        let suggestions = OptionSuggestion.closestNames(to: typed, among: names).prefix(3).map { "'\($0)'" }
        if let provider = ModelNaming.provider(of: typed), suggestions.isEmpty || ModelNaming.isVersionOfKnownFamily(typed) {
            return "'\(typed)' is not in threadai's model catalog; it is sent to \(provider) as given "
                + "('threadai models --remote' lists what \(provider) offers)."
        }
        let didYouMean = suggestions.isEmpty ? "" : " Did you mean \(suggestions.joined(separator: " or "))?"
        throw CLIError(
            "'\(typed)' is not a model threadai knows.\(didYouMean) 'threadai models' lists them. "
                + "A name of a provider's own naming (claude-…, gpt-…, o3…) is sent as given; a compatible server "
                + "takes any name (--provider openai-compatible).",
            status: .usage)
    }
}
