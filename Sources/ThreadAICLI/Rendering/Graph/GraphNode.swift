import ThreadAI

/// A message in a conversation tree as the graph sees it: its identity and the message it answers.
///
/// Every node has at most one parent (a conversation never merges), so the messages of a
/// `.threadai/` folder form a forest.
struct GraphNode<ID: Hashable>: Hashable {
    /// The node's identity, such as a message hash.
    var id: ID
    /// The node this one follows, or `nil` for the first message of a conversation.
    var parent: ID?
}

extension GraphNode: Sendable where ID: Sendable {}

extension DatedGraphNode {
    /// The node without its date, as ``GraphLayout`` takes it.
    var graphNode: GraphNode<ID> { GraphNode(id: id, parent: parent) }
}
