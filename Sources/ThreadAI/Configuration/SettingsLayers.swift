/// Everything that can set a configuration key, strongest first: command-line flags, the
/// environment, the repository's config, the user's config. Defaults come after all of them and
/// are applied by `ProviderSelection`.
public struct SettingsLayers: Sendable {
    /// Values given on the command line (`--provider`, `--model`, `--budget`).
    public var flags: [ConfigKey: String]
    public var environment: [String: String]
    /// `.threadai/config`, when a repository is in use.
    public var repositoryConfig: ConfigFile?
    /// The user's config file, when there is a folder for it.
    public var userConfig: ConfigFile?

    public init(
        flags: [ConfigKey: String] = [:], environment: [String: String] = [:],
        repositoryConfig: ConfigFile? = nil, userConfig: ConfigFile? = nil
    ) {
        self.flags = flags
        self.environment = environment
        self.repositoryConfig = repositoryConfig
        self.userConfig = userConfig
    }

    /// Reads the config files that apply: the repository's when `repositoryDirectory` is given,
    /// and the user's from the environment's config folder. Missing files are empty.
    /// - Throws: `ConfigurationError.syntax` or `.fileSystem` for a file that cannot be read.
    public static func load(
        flags: [ConfigKey: String], environment: [String: String], repositoryDirectory: String?
    ) throws(ConfigurationError) -> SettingsLayers {
        let repository = try repositoryDirectory.map { (directory) throws(ConfigurationError) in
            try ConfigFile.load(ConfigLocations.repositoryConfig(in: directory))
        }
        let user = try ConfigLocations(environment: environment).userConfig.map { (path) throws(ConfigurationError) in
            try ConfigFile.load(path)
        }
        return SettingsLayers(flags: flags, environment: environment, repositoryConfig: repository, userConfig: user)
    }

    /// The strongest raw value set for `key` and where it came from, or nil when no layer sets it.
    /// An environment variable that is set but empty counts as unset.
    public func raw(_ key: ConfigKey) -> Setting<String>? {
        if let value = flags[key] { return Setting(value, from: .flag(Self.flagSpelling(key))) }
        if let variable = key.environmentVariable, let value = environment[variable], !value.trimmingWhitespace().isEmpty {
            return Setting(value, from: .environment(variable))
        }
        if let file = repositoryConfig, let entry = file.entry(for: key.name) {
            return Setting(entry.value, from: .repositoryConfig(file.path ?? ".threadai/config"))
        }
        if let file = userConfig, let entry = file.entry(for: key.name) {
            return Setting(entry.value, from: .userConfig(file.path ?? "user config"))
        }
        return nil
    }

    /// `raw(key)` checked and normalized by the key's rules.
    /// - Throws: `ConfigurationError.invalidValue` (or `.secretValue`) naming where the value came from.
    public func validated(_ key: ConfigKey) throws(ConfigurationError) -> Setting<String>? {
        guard let raw = raw(key) else { return nil }
        return Setting(try key.validate(raw.value, source: raw.source), from: raw.source)
    }

    /// A whole-number key's value.
    func integer(_ key: ConfigKey) throws(ConfigurationError) -> Setting<Int>? {
        guard let setting = try validated(key), let number = Int(setting.value) else { return nil }
        return Setting(number, from: setting.source)
    }

    /// A seconds key's value as a duration (to the millisecond).
    func duration(_ key: ConfigKey) throws(ConfigurationError) -> Setting<Duration>? {
        guard let setting = try validated(key), let seconds = Double(setting.value) else { return nil }
        return Setting(.milliseconds(Int((seconds * 1000).rounded())), from: setting.source)
    }

    /// How the command line spells the flag that sets `key`.
    static func flagSpelling(_ key: ConfigKey) -> String {
        switch key {
        case .contextBudget: return "--budget"
        default: return "--" + key.name
        }
    }
}

extension SettingsLayers {
    /// Whether `send` and `retry` record code anchors: off when `THREADAI_NO_ANCHORS` is set to anything
    /// but empty or `0`, else the `anchors` key (default true).
    /// - Throws: `ConfigurationError.invalidValue` for an `anchors` value that is not a boolean.
    public func anchorsEnabled() throws(ConfigurationError) -> Bool {
        if let off = environment["THREADAI_NO_ANCHORS"], !off.isEmpty, off != "0" { return false }
        return try validated(.anchors)?.value != "false"
    }
}

extension SettingsLayers {
    /// The loose-object threshold of automatic packing (docs/FORMAT.md §15.6): the `gc.auto` key,
    /// `Repository.defaultAutoPackLimit` when unset; 0 turns it off.
    /// - Throws: `ConfigurationError.invalidValue` for a `gc.auto` value that is not a whole number in range.
    public func autoPackLimit() throws(ConfigurationError) -> Int {
        try integer(.gcAuto)?.value ?? Repository.defaultAutoPackLimit
    }
}
