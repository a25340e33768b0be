extension ImportConversation {
    /// The conversation with every message's content, and its title, passed through `policy` before
    /// it is stored: the title (a first question, for agents' sessions) names the thread and is kept
    /// as `source-title`, so a key in it would reach the repository even when the content is redacted.
    /// - Throws: `SecretsFound` naming the first message that holds a credential, when `policy` refuses.
    public func applying(_ policy: SecretPolicy) throws(SecretsFound) -> ImportConversation {
        guard policy != .allow else { return self }
        var copy = self
        if let title {
            copy.title = try policy.apply(to: title, item: "\(format) conversation \(id) title")
        }
        for index in copy.nodes.indices {
            let node = copy.nodes[index]
            copy.nodes[index].content = try policy.apply(
                to: node.content, item: "\(format) conversation \(id) item \(node.sourceID)")
        }
        return copy
    }
}
