import ThreadAI
import ThreadAIStore

extension CommandContext {
    /// A conversation whose messages record where the code stands (docs/FORMAT.md §4.7), read once
    /// for this turn. `secrets` is the policy of `--redact` and `--allow-secrets`, for the commands
    /// that take them.
    func conversation(_ repository: Repository, secrets: SecretPolicy = .refuse) throws -> Conversation {
        Conversation(repository: repository, codeAnchor: try codeAnchor(repository), secrets: secrets)
    }

    /// Where the code stands now (docs/FORMAT.md §4.7), for `send`'s messages and `capture`'s anchor
    /// notes alike; nil with `THREADAI_NO_ANCHORS=1` or the `anchors = false` setting, or outside git.
    func codeAnchor(_ repository: Repository) throws -> CodeAnchor? {
        let layers = try SettingsLayers.load(flags: [:], environment: environment, repositoryDirectory: repository.directory)
        return try layers.anchorsEnabled() ? try CodeAnchor.read(threadaiDirectory: repository.directory) : nil
    }
}
