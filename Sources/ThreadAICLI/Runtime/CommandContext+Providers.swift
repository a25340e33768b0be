import ThreadAI

extension CommandContext {
    /// The provider choice for a command's `--provider` and `--model` flags, with `repository`'s
    /// config applied when there is one.
    func chooseProvider(_ arguments: ParsedArguments, repository: Repository?) throws -> ProviderChoice {
        try providers.choose(ProviderQuery(
            provider: arguments.option("provider"), model: arguments.option("model"), environment: environment,
            repositoryDirectory: repository?.directory))
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
