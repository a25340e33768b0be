import ThreadAI
import ThreadAIStore

extension CommandContext {
    /// A conversation whose messages record where the code stands (docs/FORMAT.md §4.7), read once
    /// for this turn; none with `THREADAI_NO_ANCHORS=1` or the `anchors = false` setting.
    func conversation(_ repository: Repository) throws -> Conversation {
        let layers = try SettingsLayers.load(flags: [:], environment: environment, repositoryDirectory: repository.directory)
        guard try layers.anchorsEnabled() else { return Conversation(repository: repository) }
        return Conversation(repository: repository, codeAnchor: try CodeAnchor.read(threadaiDirectory: repository.directory))
    }
}
