import ThreadAI

/// `threadai config list`: every key's effective value and its source, or the user file's lines.
enum ConfigListing {
    static func run(user: Bool, _ context: CommandContext) throws -> ExitStatus {
        let repository = try context.optionalRepository()
        let layers = try SettingsLayers.load(
            flags: [:], environment: context.environment, repositoryDirectory: user ? nil : repository?.directory)
        if user {
            guard let file = layers.userConfig else { throw ConfigurationError.noUserConfigDirectory }
            for entry in file.entries { context.output.line("\(entry.key) = \(shownValue(entry.value, key: entry.key))") }
            return .success
        }
        var problems: [String] = []
        let settings: ProviderSettings?
        do {
            settings = try ProviderSelection.resolve(
                layers, credentials: CredentialLookup(
                    environment: context.environment, store: ProviderFactory.keyStore(context.environment)))
        } catch {
            settings = nil
            problems.append(error.description)
        }
        var rows = [["KEY", "VALUE", "FROM"]]
        for key in ConfigKey.all {
            rows.append([key.name] + effective(key, layers: layers, settings: settings))
            do {
                _ = try layers.validated(key)
            } catch {
                if !problems.contains(error.description) { problems.append(error.description) }
            }
        }
        for file in [layers.repositoryConfig, layers.userConfig].compactMap({ $0 }) {
            for entry in file.entries where (try? ConfigKey.named(entry.key)) == nil {
                rows.append([entry.key, "(unknown key, ignored)", "\(file.path ?? ""):\(entry.line)"])
            }
        }
        let lines = Columns.lines(rows)
        context.output.line(context.style.bold(lines[0]))
        for line in lines.dropFirst() { context.output.line(line) }
        for problem in problems { context.note(problem) }
        return problems.isEmpty ? .success : .failure
    }

    /// The value in effect for `key` and where it comes from, as two cells.
    /// For the provider, the model and the budget, what `send` would use (a model set at one level
    /// may not be the one in effect when the provider comes from another); for the rest, the value
    /// set nearest, else the default.
    private static func effective(_ key: ConfigKey, layers: SettingsLayers, settings: ProviderSettings?) -> [String] {
        let raw = layers.raw(key)
        if let settings {
            // The value as it was set, when that is what is in effect; else what is, and why.
            let resolved: (value: String, source: SettingSource)? = switch key {
            case .provider: (settings.provider.value.rawValue, settings.provider.source)
            case .model: (settings.model.value, settings.model.source)
            case .contextBudget: (String(settings.contextBudget.value), settings.contextBudget.source)
            default: nil
            }
            if let resolved, resolved.source != raw?.source {
                return [resolved.value, resolved.source.description]
            }
        }
        if let raw {
            let valid = (try? key.validate(raw.value)) != nil
            return [valid ? raw.value : "(invalid: see below)", raw.source.description]
        }
        if let settings, key == .compatibleBaseURL, let url = settings.baseURL, settings.provider.value == .openAICompatible {
            return [url.value, url.source.description]
        }
        return [key.defaultText, SettingSource.builtIn.description]
    }

    /// A file's value as listed: hidden when the key is unknown or the value is not valid for it,
    /// since a hand-edited file might hold a secret there.
    private static func shownValue(_ value: String, key: String) -> String {
        guard let known = try? ConfigKey.named(key) else { return "(unknown key; value not shown)" }
        return (try? known.validate(value)) != nil ? value : "(invalid value; not shown)"
    }
}
