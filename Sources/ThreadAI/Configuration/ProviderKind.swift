/// A provider `send` can use, by the name configuration and `--provider` spell. The providers are
/// the ones `ProviderRegistry.all` registers, each in its own file in `Configuration/Providers/`
/// (docs/DESIGN.md, "Adding a provider"); `allCases` follows that list.
public struct ProviderKind: RawRepresentable, Hashable, CaseIterable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// The registered provider called `rawValue`, or nil.
    public init?(rawValue: String) {
        guard let kind = ProviderRegistry.all.first(where: { $0.kind.rawValue == rawValue })?.kind else { return nil }
        self = kind
    }

    /// A provider's identity, for its registration (`ProviderRegistration.kind`).
    public init(registering name: String) {
        rawValue = name
    }

    /// The registered providers, in the order help and errors list them.
    public static var allCases: [ProviderKind] { ProviderRegistry.all.map(\.kind) }

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

    /// What this provider registered; nil for a kind made with `init(registering:)` and not listed.
    public var registration: ProviderRegistration? {
        ProviderRegistry.all.first { $0.kind == self }
    }

    /// The model used when none is chosen; nil for a compatible server, whose models nobody can guess.
    public var defaultModel: String? { registration?.defaultModel }

    /// Whether the provider sends an API key, so one can be stored for it (`threadai keys set`).
    public var takesKey: Bool { registration?.takesKey ?? false }

    /// Whether it serves any model name it is given (a compatible server may serve a model named
    /// like another provider's), so a model name never moves a send away from it.
    public var servesAnyModel: Bool { registration?.servesAnyModel ?? false }

    /// The providers a key can be stored for (`threadai keys set`), in the order of `allCases`.
    public static var keyed: [ProviderKind] { allCases.filter(\.takesKey) }

    /// "offline, anthropic, openai or openai-compatible": what help texts and errors list.
    public static var allNames: String { listed(allCases) }

    /// `kinds`' names as a list in words: "anthropic, openai or openai-compatible".
    public static func listed(_ kinds: [ProviderKind]) -> String {
        let names = kinds.map(\.rawValue)
        return Array(names.dropLast()).joinedText(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
    }

    public var description: String { rawValue }
}
