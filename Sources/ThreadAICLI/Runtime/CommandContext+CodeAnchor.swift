import ThreadAI
import ThreadAIStore

extension CommandContext {
    /// A conversation whose messages record where the code stands (docs/FORMAT.md §4.7), read once
    /// for this turn; `THREADAI_NO_ANCHORS=1` writes none.
    func conversation(_ repository: Repository) throws -> Conversation {
        if let off = environment["THREADAI_NO_ANCHORS"], !off.isEmpty, off != "0" {
            return Conversation(repository: repository)
        }
        return Conversation(repository: repository, codeAnchor: try CodeAnchor.read(threadaiDirectory: repository.directory))
    }
}
