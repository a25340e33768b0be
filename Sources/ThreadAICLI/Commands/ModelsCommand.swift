import ThreadAI

/// `threadai models`: the models ThreadAI knows, with their limits, and which one send would use.
enum ModelsCommand: Command {
    static let name = "models"
    static let spec = CommandSpec(
        name: name,
        abstract: "List known models with provider, aliases, context window and default max output.",
        discussion: """
            A star marks each provider's default model. CONTEXT is the model's context window in tokens; \
            MAX OUTPUT is the max_tokens asked for by default, then the model's own limit. The context \
            budget is the context window minus the max output, unless context.budget or --budget says \
            otherwise. A name of a provider's own naming (claude-…, gpt-…, o3…) that this list does not know \
            is sent to that provider as given; a compatible server serves names of its own; any other model \
            this list does not know is assumed to have a \(ModelCatalog.unknownContextWindow)-token window. \
            With --remote, the list is what the provider's own models endpoint offers (GET /v1/models, \
            with its key; a compatible server's at its base URL), marked where the catalog knows it.
            """,
        arguments: [
            .option("provider", valueName: "NAME", help: "Only this provider's models (with --remote: ask this provider)."),
            .flag("remote", help: "Ask the provider's models endpoint what it offers (needs its key or base URL)."),
            .flag("json", help: "Print a JSON array of models."),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        if arguments.flag("remote") { return try await RemoteModelsListing.run(arguments, context) }
        var models = ModelCatalog.all
        if let name = arguments.option("provider") {
            let provider = try ProviderKind(named: name, source: .flag("--provider"))
            models = models.filter { $0.provider == provider.rawValue }
        }
        if arguments.flag("json") {
            try JSONOutput.write(models.map(ModelJSON.init), to: context.output)
            return .success
        }
        var rows = [["", "MODEL", "PROVIDER", "CONTEXT", "MAX OUTPUT", "ALIASES"]]
        for model in models {
            rows.append([
                isDefault(model) ? "*" : "", model.id, model.provider ?? "any", String(model.contextWindow),
                "\(model.defaultMaxOutputTokens) of \(model.maxOutputTokens)", model.aliases.joined(separator: ", "),
            ])
        }
        let lines = Columns.lines(rows)
        context.output.line(context.style.bold(lines[0]))
        for line in lines.dropFirst() { context.output.line(line) }
        context.output.line()
        context.output.line(context.style.dim("* the default model of its provider."))
        // What send would use with no flags: `--provider` here only filters the list.
        do {
            let choice = try context.chooseProvider(provider: nil, model: nil, repository: try context.optionalRepository())
            let from = choice.settings.map { " (\($0.provider.source); model: \($0.model.source))" } ?? ""
            context.output.line("send would use \(choice.providerName) with \(choice.model)\(from).")
        } catch {
            context.note("cannot tell which model send would use: \(error)")
        }
        return .success
    }

    private static func isDefault(_ model: ModelInfo) -> Bool {
        model.provider.flatMap(ProviderKind.init(rawValue:))?.defaultModel == model.id
    }

    /// One model in `models --json`.
    struct ModelJSON: Encodable {
        var id: String
        var provider: String?
        var aliases: [String]
        var contextWindow: Int
        var maxOutputTokens: Int
        var defaultMaxOutputTokens: Int
        var isDefault: Bool

        init(_ model: ModelInfo) {
            id = model.id
            provider = model.provider
            aliases = model.aliases
            contextWindow = model.contextWindow
            maxOutputTokens = model.maxOutputTokens
            defaultMaxOutputTokens = model.defaultMaxOutputTokens
            isDefault = ModelsCommand.isDefault(model)
        }
    }
}
