import ThreadAI

extension CommandContext {
    /// The provider choice for a command's `--provider` and `--model` flags, with `repository`'s
    /// config applied when there is one.
    func chooseProvider(_ arguments: ParsedArguments, repository: Repository?) throws -> ProviderChoice {
        try chooseProvider(provider: arguments.option("provider"), model: arguments.option("model"), repository: repository)
    }

    /// The provider choice for the given flag values (nil when not given). A model flag must name a
    /// known model unless the provider is a compatible server or the name is a newer model of a
    /// provider's naming, which a note says is sent as given (`ModelNameCheck`).
    func chooseProvider(provider: String?, model: String?, repository: Repository?) throws -> ProviderChoice {
        let choice = try providers.choose(ProviderQuery(
            provider: provider, model: model, environment: environment, repositoryDirectory: repository?.directory))
        if let model, let note = try ModelNameCheck.check(model, for: choice) { self.note(note) }
        return choice
    }

    /// The settings as a send here would read them, with `provider` chosen as `--provider` would:
    /// for what needs a provider's connection without a whole send's settings (no model).
    func settingsLayers(choosing provider: ProviderKind, repository: Repository?) throws -> SettingsLayers {
        try SettingsLayers.load(
            flags: [.provider: provider.rawValue], environment: environment, repositoryDirectory: repository?.directory)
    }

    /// Where API keys are looked up: the environment, then the key store.
    var credentials: CredentialLookup {
        CredentialLookup(environment: environment, store: ProviderFactory.keyStore(environment))
    }

    /// The repository, or nil when there is none here (other failures, such as a damaged
    /// repository, are still thrown).
    func optionalRepository() throws -> Repository? {
        do {
            return try repository()
        } catch RepositoryError.notFound {
            return nil
        }
    }
}
