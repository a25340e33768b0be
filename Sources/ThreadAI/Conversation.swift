/// Sending a message on a thread: the one place where the store and a provider meet.
///
/// The order is what makes it safe: the user's message is stored and the thread advanced before any
/// model is called, so a failed or interrupted call loses nothing the user wrote; the reply is stored
/// when it ends, and a reply that ends early keeps the text that arrived, marked as partial.
public struct Conversation: Sendable {
    public let repository: Repository

    public init(repository: Repository) {
        self.repository = repository
    }

    /// The user's side of a send, stored: the thread, the new user message and the context to ask with.
    public struct PreparedTurn: Sendable {
        public var thread: ThreadName
        public var userMessageID: ObjectID
        /// The system message stored because the prompt changed, if any.
        public var systemMessageID: ObjectID?
        public var context: Context
        /// The partial reply a retry replaces: the new reply is stored beside it (same parent) and
        /// the thread moves from it to the new one. Nil for a plain send.
        public var replacing: ObjectID?
    }

    /// Stores `text` as a user message on the current thread (after a system message, when `system`
    /// differs from the thread's current prompt) and builds the context to send.
    /// - Parameter newRoot: start a new root instead of continuing (a one-off prompt with no history).
    public func prepare(
        text: String, on thread: ThreadName, system: String?, budget: Int?, newRoot: Bool = false,
        date: Timestamp = .now()
    ) throws(ThreadError) -> PreparedTurn {
        var parent: ObjectID?
        if !newRoot {
            do {
                parent = try repository.singleHead(of: thread)
            } catch {
                throw .revision(error)
            }
        }
        var systemID: ObjectID?
        if let system, try currentSystemPrompt(at: parent) != system {
            let message = try makeMessage(parent: parent, thread: thread, role: .system, date: date, content: system)
            systemID = try repository.append(message, to: thread, reflogMessage: "send: system prompt")
            parent = systemID
        }
        let user = try makeMessage(parent: parent, thread: thread, role: .user, date: date, content: text)
        let userID = try repository.append(user, to: thread, reflogMessage: "send: user message")
        let context = try repository.context(of: userID, budget: budget)
        return PreparedTurn(thread: thread, userMessageID: userID, systemMessageID: systemID, context: context)
    }

    func makeMessage(
        parent: ObjectID?, thread: ThreadName, role: Role, date: Timestamp, content: String
    ) throws(ThreadError) -> Message {
        do {
            return try Message(parent: parent, thread: thread, role: role, date: date, content: content)
        } catch {
            throw .message(error)
        }
    }

    private func currentSystemPrompt(at id: ObjectID?) throws(ThreadError) -> String? {
        guard let id else { return nil }
        return try repository.systemPrompt(at: id)
    }
}
