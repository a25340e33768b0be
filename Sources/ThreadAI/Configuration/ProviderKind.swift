/// The providers `send` can use, by the names configuration and `--provider` spell.
public enum ProviderKind: String, CaseIterable, Sendable, Equatable, CustomStringConvertible {
    /// The built-in model: no key, no network.
    case offline
    /// Claude through the Anthropic Messages API.
    case anthropic
    /// OpenAI's Chat Completions API.
    case openai
    /// Any server that speaks the Chat Completions API (Ollama, llama.cpp, vLLM, LM Studio, OpenRouter, …).
    case openAICompatible = "openai-compatible"

    /// The provider called `name`.
    /// - Throws: `ConfigurationError.invalidValue` naming the accepted names.
    public init(named name: String, source: SettingSource? = nil) throws(ConfigurationError) {
        guard let kind = ProviderKind(rawValue: name.lowercased()) else {
            throw .invalidValue(
                key: ConfigKey.provider.name, value: name,
                reason: "it must be one of \(Self.allNames)", source: source)
        }
        self = kind
    }

    /// The model used when none is chosen; nil for a compatible server, whose models nobody can guess.
    public var defaultModel: String? {
        switch self {
        case .offline: return OfflineProvider.modelName
        case .anthropic: return "claude-sonnet-5"
        case .openai: return "gpt-5.5"
        case .openAICompatible: return nil
        }
    }

    /// The providers a key can be stored for (`threadai keys set`).
    public static let keyed: [ProviderKind] = [.anthropic, .openai, .openAICompatible]

    /// "offline, anthropic, openai or openai-compatible".
    public static var allNames: String {
        let names = allCases.map(\.rawValue)
        return Array(names.dropLast()).joinedText(separator: ", ") + " or " + (names.last ?? "")
    }

    public var description: String { rawValue }
}
