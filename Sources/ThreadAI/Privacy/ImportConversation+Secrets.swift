extension ImportConversation {
    /// The conversation with every message's content passed through `policy` before it is stored.
    /// - Throws: `SecretsFound` naming the first message that holds a credential, when `policy` refuses.
    public func applying(_ policy: SecretPolicy) throws(SecretsFound) -> ImportConversation {
        guard policy != .allow else { return self }
        var copy = self
        for index in copy.nodes.indices {
            let node = copy.nodes[index]
            copy.nodes[index].content = try policy.apply(
                to: node.content, item: "\(format) conversation \(id) item \(node.sourceID)")
        }
        return copy
    }
}
