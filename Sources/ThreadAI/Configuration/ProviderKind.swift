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

    /// Whether the provider sends an API key, so one can be stored for it (`threadai keys set`).
    public var takesKey: Bool { self != .offline }

    /// The providers a key can be stored for (`threadai keys set`), in the order of `allCases`.
    public static let keyed: [ProviderKind] = allCases.filter(\.takesKey)

    /// "offline, anthropic, openai or openai-compatible": what help texts and errors list.
    public static var allNames: String { listed(allCases) }

    /// `kinds`' names as a list in words: "anthropic, openai or openai-compatible".
    public static func listed(_ kinds: [ProviderKind]) -> String {
        let names = kinds.map(\.rawValue)
        return Array(names.dropLast()).joinedText(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
    }

    public var description: String { rawValue }
}
