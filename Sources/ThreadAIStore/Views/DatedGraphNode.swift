/// A message in a conversation tree with what ``TopologicalOrder`` needs of it: its identity, the
/// message it answers, and the date that decides which thread is shown first.
///
/// Every node has at most one parent (a conversation never merges), so the messages of a
/// `.threadai/` folder form a forest.
public struct DatedGraphNode<ID: Hashable, Timestamp: Comparable> {
    /// The node's identity, such as a message hash.
    public var id: ID
    /// The node this one follows, or `nil` for the first message of a conversation.
    public var parent: ID?
    /// When the message was written; the thread whose head is newest is shown first.
    public var date: Timestamp

    public init(id: ID, parent: ID?, date: Timestamp) {
        self.id = id
        self.parent = parent
        self.date = date
    }
}

extension DatedGraphNode: Equatable {}
extension DatedGraphNode: Sendable where ID: Sendable, Timestamp: Sendable {}
