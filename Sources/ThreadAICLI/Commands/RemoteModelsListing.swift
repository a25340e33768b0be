import ThreadAI

/// `threadai models --remote`: what the provider's own models endpoint offers, beside the catalog.
enum RemoteModelsListing {
    /// Lists the models of `--provider`, else of the provider `send` would use.
    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.optionalRepository()
        let kind = try provider(arguments.option("provider"), repository, context)
        let listing = try ProviderSelection.modelListing(
            try context.settingsLayers(choosing: kind, repository: repository), provider: kind, credentials: context.credentials,
            transport: AutomaticHTTPTransport(environment: context.environment))
        let models = try await listing.listModels()
        if arguments.flag("json") {
            try JSONOutput.write(models.map(RemoteModelJSON.init), to: context.output)
            return .success
        }
        var rows = [["MODEL", "NAME", "CATALOG"]]
        for model in models {
            rows.append([model.id, model.displayName ?? model.ownedBy ?? "", ModelCatalog.lookup(model.id) == nil ? "" : "known"])
        }
        let lines = Columns.lines(rows)
        context.output.line(context.style.bold(lines[0]))
        for line in lines.dropFirst() { context.output.line(line) }
        context.output.line()
        context.output.line(context.style.dim("\(CountedNoun.phrase(models.count, "model")) listed by \(kind)'s models endpoint."))
        return .success
    }

    /// The provider named by `--provider`, else the one a send would use (a compatible server
    /// without a model still counts: the list is how to find one).
    private static func provider(_ name: String?, _ repository: Repository?, _ context: CommandContext) throws -> ProviderKind {
        if let name { return try ProviderKind(named: name, source: .flag("--provider")) }
        do {
            let choice = try context.chooseProvider(provider: nil, model: nil, repository: repository)
            return try ProviderKind(named: choice.providerName)
        } catch ConfigurationError.missingModel(let provider) {
            return provider
        }
    }

    /// One model in `models --remote --json`.
    struct RemoteModelJSON: Encodable {
        var id: String
        var displayName: String?
        var ownedBy: String?
        var inCatalog: Bool

        init(_ model: RemoteModel) {
            id = model.id
            displayName = model.displayName
            ownedBy = model.ownedBy
            inCatalog = ModelCatalog.lookup(model.id) != nil
        }
    }
}
