import ThreadAI
import ThreadAIStore

extension CommandContext {
    /// A conversation whose messages record where the code stands (docs/FORMAT.md §4.7), read once
    /// for this turn; none with `THREADAI_NO_ANCHORS=1` or the `anchors = false` setting. `secrets` is
    /// the policy of `--redact` and `--allow-secrets`, for the commands that take them.
    func conversation(_ repository: Repository, secrets: SecretPolicy = .refuse) throws -> Conversation {
        let layers = try SettingsLayers.load(flags: [:], environment: environment, repositoryDirectory: repository.directory)
        let anchor = try layers.anchorsEnabled() ? try CodeAnchor.read(threadaiDirectory: repository.directory) : nil
        return Conversation(repository: repository, codeAnchor: anchor, secrets: secrets)
    }
}
