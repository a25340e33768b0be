import ThreadAI

/// `threadai keys set|list|remove`: API keys, kept outside every repository.
enum KeysCommand: Command {
    static let name = "keys"
    static let spec = CommandSpec(
        name: name,
        abstract: "Store, list and remove API keys (kept outside every repository).",
        discussion: """
            'set PROVIDER' reads the key without showing it when you type it, or from standard input \
            when it is piped; 'list' shows which keys are set and where from, masked; 'remove PROVIDER' \
            deletes a stored key. Providers: \(ProviderKind.keyed.map(\.rawValue).joined(separator: ", ")).
            Keys live in the Keychain where the Security framework exists, otherwise in \
            $XDG_CONFIG_HOME/threadai/keys (else ~/.config/threadai/keys), a file created with mode 0600 \
            and refused if others can read it. They are never written inside a .threadai folder or a \
            git work tree. \(ProviderRegistry.keyVariables.joinedText(separator: " and ")) in the environment win over stored keys.
            """,
        arguments: [
            .positional("action", valueName: "ACTION", help: "set, list or remove."),
            .positional("provider", valueName: "PROVIDER", arity: .optional, help: ProviderKind.listed(ProviderKind.keyed) + "."),
        ],
        examples: [
            .init("threadai keys set anthropic", explanation: "Type or paste the key; it is not shown."),
            .init("printf %s \"$KEY\" | threadai keys set openai"),
            .init("threadai keys list"),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let action = arguments.positional("action") ?? ""
        switch action {
        case "list":
            if let extra = arguments.positional("provider") {
                throw CLIError("unexpected argument '\(extra)'; 'keys list' lists every provider.", status: .usage)
            }
            return try list(context)
        case "set", "remove":
            guard let name = arguments.positional("provider") else {
                throw CLIError("'keys \(action)' needs a PROVIDER: \(ProviderKind.keyed.map(\.rawValue).joined(separator: ", ")).", status: .usage)
            }
            let provider = try keyedProvider(name)
            let store = try KeyStores.standard(environment: context.environment)
            return action == "set" ? try set(provider, in: store, context) : try remove(provider, from: store, context)
        default:
            throw CLIError("'\(action)' is not a keys action: use set, list or remove.", status: .usage)
        }
    }

    private static func set(_ provider: ProviderKind, in store: any KeyStore, _ context: CommandContext) throws -> ExitStatus {
        let secret: String
        if context.input.isTerminal {
            guard let terminal = context.input as? SecretInput else {
                throw CLIError("cannot read a key without showing it here; pipe it instead: printf %s \"$KEY\" | threadai keys set \(provider)")
            }
            secret = try terminal.readSecretLine(prompt: "API key for \(provider) (not shown): ", errors: context.errors)
        } else {
            let lines = try context.input.readAll().split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
            guard lines.count <= 1 else {
                throw CLIError("standard input holds \(lines.count) lines; give exactly one key. Nothing was stored.")
            }
            secret = lines.first.map(String.init) ?? ""
        }
        try store.setKey(secret, for: provider)
        let masked = Credential(secret)?.masked ?? "••••"
        context.output.line("Stored the \(provider) key \(masked) in \(store.location).")
        if let variable = CredentialLookup.environmentVariable(for: provider), !(context.environment[variable] ?? "").isEmpty {
            context.note("\(variable) is set in the environment and is used instead of the stored key.")
        }
        return .success
    }

    private static func remove(_ provider: ProviderKind, from store: any KeyStore, _ context: CommandContext) throws -> ExitStatus {
        let variable = CredentialLookup.environmentVariable(for: provider)
        let stillInEnvironment = variable.map { !(context.environment[$0] ?? "").isEmpty } ?? false
        guard try store.removeKey(for: provider) else {
            context.note("no \(provider) key is stored in \(store.location); nothing was removed.")
            return .failure
        }
        context.output.line("Removed the \(provider) key from \(store.location).")
        if stillInEnvironment, let variable {
            context.note("\(variable) is still set in the environment and still applies.")
        }
        return .success
    }

    private static func list(_ context: CommandContext) throws -> ExitStatus {
        let store = ProviderFactory.keyStore(context.environment)
        let lookup = CredentialLookup(environment: context.environment, store: store)
        var rows = [["PROVIDER", "KEY", "FROM"]]
        var problems: [String] = []
        for provider in ProviderKind.keyed {
            let fromEnvironment = CredentialLookup.environmentVariable(for: provider).flatMap(lookup.environmentKey)
            var stored: Setting<Credential>?
            var unreadable = false
            do {
                stored = try lookup.storedKey(provider)
            } catch {
                problems.append(error.description)
                unreadable = true
            }
            guard let active = fromEnvironment ?? stored else {
                // A store that would not be read is not "no key": a script reading the table must not think so.
                rows.append([provider.rawValue, unreadable ? "unknown (store not read: see below)" : "not set", ""])
                continue
            }
            var from = active.source.description
            if fromEnvironment != nil, let stored { from += " (also stored: \(stored.value.masked), not used)" }
            rows.append([provider.rawValue, active.value.masked, from])
        }
        let lines = Columns.lines(rows)
        context.output.line(context.style.bold(lines[0]))
        for line in lines.dropFirst() { context.output.line(line) }
        if store == nil { context.note(KeyStoreError.noUserConfigDirectory.description) }
        for problem in Set(problems).sorted() { context.note(problem) }
        return problems.isEmpty ? .success : .failure
    }

    private static func keyedProvider(_ name: String) throws -> ProviderKind {
        guard let provider = ProviderKind(rawValue: name.lowercased()), ProviderKind.keyed.contains(provider) else {
            throw CLIError(
                "'\(name)' is not a provider that takes a key: use \(ProviderKind.keyed.map(\.rawValue).joined(separator: ", ")).",
                status: .usage)
        }
        return provider
    }
}
