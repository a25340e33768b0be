import ThreadAI

extension CommandContext {
    /// The provider choice for a command's `--provider` and `--model` flags, with `repository`'s
    /// config applied when there is one.
    func chooseProvider(_ arguments: ParsedArguments, repository: Repository?) throws -> ProviderChoice {
        try chooseProvider(provider: arguments.option("provider"), model: arguments.option("model"), repository: repository)
    }

    /// The provider choice for the given flag values (nil when not given).
    func chooseProvider(provider: String?, model: String?, repository: Repository?) throws -> ProviderChoice {
        try providers.choose(ProviderQuery(
            provider: provider, model: model, environment: environment, repositoryDirectory: repository?.directory))
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
