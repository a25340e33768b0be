/// The providers' own naming of their models, for names newer than the catalog: Anthropic names
/// every model `claude-…`; OpenAI `gpt-…`, `chatgpt-…` and `o` with a digit (`o3`, `o4-mini`).
/// A name that fits is sent to that provider as given, so a model released after this catalog
/// can be asked for by name; a name that fits none is only a compatible server's.
public enum ModelNaming {
    /// The provider whose naming `name` fits (`anthropic`, `openai`), or nil.
    public static func provider(of name: String) -> String? {
        let name = name.lowercased()
        if name.hasPrefix("claude-") { return "anthropic" }
        if name.hasPrefix("gpt-") || name.hasPrefix("chatgpt-") { return "openai" }
        if name.hasPrefix("o"), let second = name.dropFirst().first, second.isASCII, second.isNumber { return "openai" }
        return nil
    }

    /// Whether `name` is another version of a family the catalog knows: some known name of the same
    /// provider has the same words (runs of letters), so the two differ only in numbers and
    /// punctuation (`claude-sonnet-6` beside `claude-sonnet-4-5`, `gpt-6` beside `gpt-5`). A name
    /// whose words are new may be a typo of a known name (`claude-sonet-4-5`).
    public static func isVersionOfKnownFamily(_ name: String) -> Bool {
        guard let provider = provider(of: name) else { return false }
        let wanted = words(name)
        return ModelCatalog.models(for: provider).contains { model in
            ([model.id] + model.aliases).contains { words($0) == wanted }
        }
    }

    /// The runs of letters of `name`, lowercased: `claude-3-7-sonnet-latest` → claude, sonnet, latest.
    static func words(_ name: String) -> [String] {
        name.lowercased().split { !$0.isLetter }.map(String.init)
    }
}
