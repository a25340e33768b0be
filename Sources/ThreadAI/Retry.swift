import ThreadAISupport

/// Asking again for the reply to the last user message of a thread, without storing that
/// message twice (`threadai retry`).
///
/// - When the thread's newest message is a user message (the call failed before any text came,
///   so no reply was stored), the reply is asked for again and stored as its child.
/// - When it is a partial reply (`finish: error` or `interrupted`), the reply is asked for again
///   from the partial reply's parent user message, and the new reply is stored as a sibling of
///   the partial one: the thread moves from the partial reply to the new one, compare-and-swap,
///   and the partial reply stays in the object store and the thread's reflog. Nothing forks.
/// - A complete reply is not asked again: that would be a new turn, or a fork.
extension Conversation {
    /// Prepares a retry on `thread`: finds the user message to answer and builds its context.
    /// - Throws: `RetryError` when the thread is empty, ends in a complete reply, or its newest
    ///   message is not a user message or a partial reply to one.
    public func prepareRetry(
        on thread: ThreadName, budget: Int?, onWait: (TurnLockOwner) -> Void = { _ in }
    ) async throws(RetryError) -> PreparedTurn {
        try await prepareAgain(on: thread, budget: budget, onWait: onWait, replacing: Self.isPartial)
    }

    /// Prepares to answer again the last user message of `thread`: after it when the thread ends
    /// with it, or in place of the reply at the end when `replaceable` accepts that reply.
    func prepareAgain(
        on thread: ThreadName, budget: Int?, onWait: (TurnLockOwner) -> Void, replacing replaceable: (Message) -> Bool
    ) async throws(RetryError) -> PreparedTurn {
        let reservation: TurnLock
        do {
            reservation = try await reserveTurn(on: thread, onWait: onWait)
        } catch {
            throw .thread(error)
        }
        var prepared = try prepareAgainReserved(on: thread, budget: budget, replacing: replaceable)
        prepared.reservation = reservation
        return prepared
    }

    private func prepareAgainReserved(
        on thread: ThreadName, budget: Int?, replacing replaceable: (Message) -> Bool
    ) throws(RetryError) -> PreparedTurn {
        let head: ObjectID?
        let newest: Message?
        do {
            head = try extendableHead(of: thread)
            newest = try head.map { id throws(ObjectError) in try repository.objects.message(id) }
        } catch {
            throw .thread(ThreadError(wrapping: error))
        }
        guard let tip = head, let message = newest else { throw .emptyThread(thread) }
        switch message.role {
        case .user:
            return try prepared(thread: thread, userMessage: tip, replacing: nil, budget: budget)
        case .assistant where replaceable(message):
            guard let parent = message.parent, try role(of: parent) == .user else {
                throw .notAfterUserMessage(thread, tip)
            }
            return try prepared(thread: thread, userMessage: parent, replacing: tip, budget: budget)
        case .assistant:
            throw .completeReply(thread, tip)
        case .system:
            throw .notAfterUserMessage(thread, tip)
        }
    }

    /// Whether a stored reply ended early: failed (`finish: error`) or interrupted.
    public static func isPartial(_ message: Message) -> Bool {
        message.role == .assistant && (message.finish == "error" || message.finish == "interrupted")
    }

    private func prepared(
        thread: ThreadName, userMessage: ObjectID, replacing: ObjectID?, budget: Int?
    ) throws(RetryError) -> PreparedTurn {
        do {
            let context = try repository.context(of: userMessage, budget: budget)
            return PreparedTurn(
                thread: thread, userMessageID: userMessage, systemMessageID: nil, context: context,
                replacing: replacing, isRetry: true)
        } catch {
            throw .thread(error)
        }
    }

    private func role(of id: ObjectID) throws(RetryError) -> Role {
        do {
            return try repository.objects.header(id).role
        } catch {
            throw .thread(.object(error))
        }
    }
}

/// Why `threadai retry` has nothing to ask again.
public enum RetryError: Error, CustomStringConvertible, Sendable {
    case emptyThread(ThreadName)
    case completeReply(ThreadName, ObjectID)
    /// The newest message is a system message, or a partial reply whose parent is not a user message.
    case notAfterUserMessage(ThreadName, ObjectID)
    case thread(ThreadError)

    public var description: String {
        switch self {
        case .emptyThread(let thread):
            return "thread '\(thread)' has no messages, so there is nothing to retry. Start with '\(Remedy(.send))'."
        case .completeReply(let thread, let id):
            return "the newest message of '\(thread)' (\(id.short)) is a complete reply, so there is nothing to retry. "
                + "Ask for another answer beside it with '\(Remedy(.regenerate))' ('-m MODEL' for another model), or send a new message."
        case .notAfterUserMessage(let thread, let id):
            return "the newest message of '\(thread)' (\(id.short)) is neither a user message nor a partial reply to one, "
                + "so there is nothing to retry. Send a new message instead."
        case .thread(let error):
            return error.description
        }
    }
}
