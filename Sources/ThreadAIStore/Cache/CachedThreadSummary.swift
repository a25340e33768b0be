/// One line of `cache/threads` (docs/FORMAT.md §12.1): a thread's summary and where its title came
/// from, so that a writer adding a message can derive the next summary without reading history.
struct CachedThreadSummary: Equatable, Sendable {
    /// Where `summary.title` comes from.
    enum TitleSource: String, Sendable {
        /// The oldest user message the thread owns.
        case own
        /// The oldest non-system message it owns, when it owns no user message (another answer).
        case reply
        /// The newest user message of its history, when it owns no message (a fork just made).
        case fork
        /// None of these: the title is empty.
        case none
        // Older writers' `chain` (the root's question) is deliberately unknown: such a file is recomputed.
    }

    var summary: ThreadSummary
    var titleSource: TitleSource

    /// The summary after the thread moved from its single head to `id`, a new child of that head
    /// owned by the thread; nil when it cannot be derived (the message is not the head's child,
    /// the thread has diverged, or the message belongs to another thread and so is a new fork point).
    func appending(_ id: ObjectID, _ message: Message, ownedByThread: Bool) -> CachedThreadSummary? {
        guard ownedByThread, summary.heads.count == 1, message.parent == summary.heads[0] else { return nil }
        var next = self
        next.summary.heads = [id]
        next.summary.messageCount += 1
        next.summary.ownMessageCount += 1
        next.summary.lastDate = message.date
        if titleSource != .own && message.role == .user {
            next.summary.title = ThreadSummary.title(of: message.content)
            next.titleSource = .own
        } else if (titleSource == .fork || titleSource == .none) && message.role == .assistant {
            next.summary.title = ThreadSummary.title(of: message.content)
            next.titleSource = .reply
        }
        return next
    }

    /// The summary of a thread whose only message is `id`, a root it owns (a first `send`).
    static func root(_ name: ThreadName, _ id: ObjectID, _ message: Message) -> CachedThreadSummary {
        let source: TitleSource = switch message.role {
        case .user: .own
        case .assistant: .reply
        case .system: .none
        }
        return CachedThreadSummary(
            summary: ThreadSummary(
                name: name, heads: [id], forkPoint: nil, parent: nil, messageCount: 1, ownMessageCount: 1,
                title: source == .none ? "" : ThreadSummary.title(of: message.content), lastDate: message.date),
            titleSource: source)
    }
}
