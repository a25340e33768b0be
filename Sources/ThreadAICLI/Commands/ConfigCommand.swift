import ThreadAI

/// `threadai config get|set|unset|list`: reads and edits the repository's or the user's config.
enum ConfigCommand: Command {
    static let name = "config"
    static let spec = CommandSpec(
        name: name,
        abstract: "Read and change settings: provider, model, base URLs, timeouts, retries.",
        discussion: """
            Actions: 'get KEY' prints a key's value from the config file; 'set KEY VALUE' writes it; \
            'unset KEY' removes it; 'list' shows every key's effective value and where it comes from \
            (with --user: the user config file's lines).
            The repository config (.threadai/config) is shared with everyone who clones the repository; \
            the user config ($XDG_CONFIG_HOME/threadai/config, else ~/.config/threadai/config) applies \
            everywhere. Flags beat environment variables, which beat the repository config, which beats \
            the user config, which beats the defaults.
            API keys are never stored in configuration: use 'threadai keys set PROVIDER'.
            """ + "\nKeys:\n" + ConfigKey.all.map { "  \($0.name): \($0.summary) Default: \($0.defaultText)." }
                .joined(separator: "\n"),
        arguments: [
            .positional("action", valueName: "ACTION", help: "get, set, unset or list."),
            .positional("key", valueName: "KEY", arity: .optional, help: "The key, such as model or timeout.stall."),
            .positional("value", valueName: "VALUE", arity: .optional, help: "The value, for set."),
            .flag("user", help: "Use the user config instead of the repository's."),
        ],
        examples: [
            .init("threadai config set model sonnet"),
            .init("threadai config set --user provider anthropic"),
            .init("threadai config set openai-compatible.base-url http://localhost:11434/v1"),
            .init("threadai config list"),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let action = arguments.positional("action") ?? ""
        switch action {
        case "list":
            try expectNoMore(arguments, after: "action")
            return try ConfigListing.run(user: arguments.flag("user"), context)
        case "get", "set", "unset":
            let path = try configPath(user: arguments.flag("user"), context)
            var file = try ConfigFile.load(path)
            // `unset` also removes a line `list` shows as an unknown key (a typo, an old key): as git
            // config --unset does, it removes whatever the file holds under that name.
            if action == "unset", let name = arguments.positional("key"), (try? ConfigKey.named(name)) == nil,
               file.entry(for: name) != nil {
                try expectNoMore(arguments, after: "key")
                _ = file.remove(name)
                try file.save(to: path)
                return .success
            }
            let key = try configKey(arguments.positional("key"), action: action)
            if action == "get" {
                try expectNoMore(arguments, after: "key")
                guard let entry = file.entry(for: key.name) else {
                    context.note("\(key.name) is not set in \(path); 'threadai config list' shows the value in effect.")
                    return .failure
                }
                context.output.line(entry.value)
                return .success
            }
            if action == "unset" {
                try expectNoMore(arguments, after: "key")
                guard file.remove(key.name) else {
                    context.note("\(key.name) is not set in \(path); nothing to remove.")
                    return .failure
                }
                try file.save(to: path)
                return .success
            }
            guard let value = arguments.positional("value") else {
                throw CLIError("'config set' needs a value: threadai config set \(key.name) VALUE.", status: .usage)
            }
            file.set(key.name, to: try key.validate(value))
            try file.save(to: path)
            if let variable = key.environmentVariable, !(context.environment[variable] ?? "").isEmpty {
                context.note("\(variable) is set in the environment and overrides this setting.")
            }
            return .success
        default:
            throw CLIError("'\(action)' is not a config action: use get, set, unset or list.", status: .usage)
        }
    }

    /// The key named on the command line, with a suggestion when it is close to a real one.
    private static func configKey(_ name: String?, action: String) throws -> ConfigKey {
        guard let name else { throw CLIError("'config \(action)' needs a KEY; 'threadai config --help' lists them.", status: .usage) }
        do {
            return try ConfigKey.named(name)
        } catch {
            guard case .unknownKey(let unknown, _) = error else { throw error }
            let typed = Array(unknown.lowercased())
            let closest = ConfigKey.all.map { ($0.name, OptionSuggestion.editDistance(typed, Array($0.name))) }
                .filter { $0.1 <= 2 }.min { $0.1 < $1.1 }
            throw ConfigurationError.unknownKey(unknown, suggestion: closest?.0)
        }
    }

    /// The config file an edit goes to: the user's with `--user`, else the repository's.
    private static func configPath(user: Bool, _ context: CommandContext) throws -> String {
        if user {
            guard let path = ConfigLocations(environment: context.environment).userConfig else {
                throw ConfigurationError.noUserConfigDirectory
            }
            return path
        }
        guard let repository = try context.optionalRepository() else {
            throw ConfigurationError.noRepository("there is no .threadai repository here, so no repository config.")
        }
        return ConfigLocations.repositoryConfig(in: repository.directory)
    }

    private static func expectNoMore(_ arguments: ParsedArguments, after name: String) throws {
        let later = name == "action" ? ["key", "value"] : ["value"]
        if let extra = later.compactMap({ arguments.positional($0) }).first {
            throw CLIError("unexpected argument '\(extra)'.", status: .usage)
        }
    }
}
