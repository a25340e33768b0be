/// Where a setting's value came from, so `config list` and error messages can say.
public enum SettingSource: Sendable, Equatable, CustomStringConvertible {
    /// A command-line option, spelled as typed: `--model`.
    case flag(String)
    /// An environment variable, by name.
    case environment(String)
    /// The repository's `.threadai/config`, by path.
    case repositoryConfig(String)
    /// The user's config file, by path.
    case userConfig(String)
    /// The key store: the keys file's path, or `Keychain`.
    case keyStore(String)
    /// Chosen by a rule, with the rule in words ("an Anthropic key is set").
    case automatic(String)
    /// The built-in default.
    case builtIn

    public var description: String {
        switch self {
        case .flag(let spelling): return spelling
        case .environment(let name): return "environment \(name)"
        case .repositoryConfig(let path): return "repository config \(path)"
        case .userConfig(let path): return "user config \(path)"
        case .keyStore(let location): return "key store \(location)"
        case .automatic(let reason): return "automatic: \(reason)"
        case .builtIn: return "default"
        }
    }

    /// Lower is stronger: flags, then environment, then repository config, then user config,
    /// then everything decided without being asked.
    var precedence: Int {
        switch self {
        case .flag: return 0
        case .environment: return 1
        case .repositoryConfig: return 2
        case .userConfig: return 3
        case .keyStore: return 4
        case .automatic, .builtIn: return 5
        }
    }
}

/// A resolved value and where it came from.
public struct Setting<Value: Sendable>: Sendable {
    public var value: Value
    public var source: SettingSource

    public init(_ value: Value, from source: SettingSource) {
        self.value = value
        self.source = source
    }
}

extension Setting: Equatable where Value: Equatable {}
