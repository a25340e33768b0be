import ThreadAISupport

/// Why a setting could not be read, written or used. Every case says what to do.
public enum ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `config set/get/unset` named a key this version does not know.
    case unknownKey(String, suggestion: String?)
    /// A key that would hold an API key; those never go into configuration.
    case secretKey(String)
    /// A value that looks like an API key.
    case secretValue(key: String)
    /// A value the key does not accept, and where it came from.
    case invalidValue(key: String, value: String, reason: String, source: SettingSource?)
    /// A line of a config file that is not `key = value`, a comment or blank.
    case syntax(path: String, line: Int, reason: String)
    /// Neither `XDG_CONFIG_HOME` nor `HOME` names a folder for the user's configuration.
    case noUserConfigDirectory
    /// `config set/unset` without `--user` outside any repository.
    case noRepository(String)
    /// A compatible server was chosen without a model name.
    case missingModel(provider: ProviderKind)
    /// A model that belongs to `owner`, named as strongly as a different provider was chosen
    /// (`--provider anthropic -m gpt-4o`): sending it, or the provider's default in its place,
    /// would not be what was asked.
    case modelOfAnotherProvider(model: Setting<String>, owner: ProviderKind, provider: Setting<ProviderKind>)
    /// The key store could not be read.
    case keyStore(KeyStoreError)
    case fileSystem(FileSystemError)

    public var description: String {
        switch self {
        case .unknownKey(let key, let suggestion):
            return "'\(key)' is not a configuration key."
                + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
                + " '\(Remedy(.configurationHelp))' lists the keys."
        case .secretKey(let key):
            return "'\(key)' would hold an API key, and API keys are never stored in configuration "
                + "(config files may be shared or committed). Use '\(Remedy(.setKey, "PROVIDER"))' or the "
                + "ANTHROPIC_API_KEY / OPENAI_API_KEY environment variables."
        case .secretValue(let key):
            return "the value given for '\(key)' looks like an API key, so it was not stored (the value is not shown). "
                + "API keys belong in '\(Remedy(.setKey, "PROVIDER"))', never in configuration."
        case .invalidValue(let key, let value, let reason, let source):
            let from = source.map { " (from \($0))" } ?? ""
            return "'\(Self.shown(value))' is not a valid value for \(key)\(from): \(reason)."
        case .syntax(let path, let line, let reason):
            return "\(path):\(line): \(reason). Each line is 'key = value', a '#' comment or blank; "
                + "fix the line or remove it."
        case .noUserConfigDirectory:
            return "there is no folder for user configuration: set HOME, or XDG_CONFIG_HOME to an absolute path."
        case .noRepository(let reason):
            return "\(reason) Use \(Remedy(.userConfiguration)) for the user configuration."
        case .missingModel(let provider):
            return "\(provider) has no default model: name one with \(Remedy(.chooseModel)), "
                + "or '\(Remedy(.configure, "model", "NAME"))'."
        case .modelOfAnotherProvider(let model, let owner, let provider):
            return "'\(Self.shown(model.value))' (\(model.source)) is an \(owner) model, but the provider is \(provider.value) "
                + "(\(provider.source)): name a \(provider.value) model ('\(Remedy(.listModels, "--provider", provider.value))' "
                + "lists them), or \(Remedy(.chooseProvider, owner)) to ask \(owner)."
        case .keyStore(let error):
            return error.description
        case .fileSystem(let error):
            return error.description
        }
    }

    /// A value as messages show it: one line, at most 80 characters, with anything shaped like
    /// a key and any user or password in a URL replaced.
    static func shown(_ value: String) -> String {
        var oneLine = String(value.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        oneLine = oneLine.replacing(#/://[^/@\s]*@/#) { _ in "://\(Redactor.placeholder)@" }
        return Redactor.truncate(Redactor().redact(oneLine), to: 80)
    }
}
