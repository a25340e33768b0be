import ThreadAISupport

/// Completing a partial reply, or one the provider cut off at the output limit (`threadai continue`).
///
/// The model is given the history up to the question, the partial reply as its own turn, and one
/// more user turn, `continueInstruction`. What it writes is appended to the partial text, and the
/// whole is stored as a new, complete reply beside the partial one (same parent), exactly as
/// `retry` stores its reply: the thread moves from the partial reply to the new one,
/// compare-and-swap, and the partial reply stays in the object store and the thread's reflog.
/// No object is changed; the history keeps one answer per question.
extension Conversation {
    /// What the model is asked after its partial reply (docs/CLI.md, continue). Not stored.
    public static let continueInstruction =
        "Your previous reply was cut off. Continue it exactly where it stopped: do not repeat anything, add no preamble."

    /// The stop reasons of a reply cut off at the output limit: Anthropic's `max_tokens`, OpenAI's `length`.
    public static let outputLimitStopReasons: Set<String> = ["max_tokens", "length"]

    /// Whether a stored reply was cut off at the output limit: complete as far as the provider is
    /// concerned, but `continue` goes on with it.
    public static func endedAtOutputLimit(_ message: Message) -> Bool {
        message.role == .assistant && message.finish.map(outputLimitStopReasons.contains) == true
    }

    /// Prepares the completion of the partial (or cut-off) reply at the head of `thread`.
    /// - Throws: `ReviseError.nothingToRevise` when the thread does not end with such a reply
    ///   to a user message; `.thread` when the history is unreadable or the wait was cancelled.
    public func prepareContinue(
        on thread: ThreadName, budget: Int?, onWait: (TurnLockOwner) -> Void = { _ in }
    ) async throws(ReviseError) -> PreparedTurn {
        var prepared: PreparedTurn
        do {
            prepared = try await prepareAgain(
                on: thread, budget: budget, onWait: onWait, replacing: { Self.isPartial($0) || Self.endedAtOutputLimit($0) })
        } catch {
            switch error {
            case .thread(let inner):
                throw .thread(inner)
            case .completeReply(_, let id):
                throw .nothingToRevise(thread, what: "a complete reply at its end (\(id.short))",
                                       hint: "Only a partial reply (finish: error or interrupted) or one cut off at the output limit "
                                           + "(finish: max_tokens or length) can be continued; send a new message instead.")
            case .emptyThread, .notAfterUserMessage:
                throw .nothingToRevise(thread, what: "no partial reply at its end", hint: "Only a partial reply can be continued.")
            }
        }
        guard let partial = prepared.replacing else {
            prepared.release()
            throw .nothingToRevise(thread, what: "your message \(prepared.userMessageID.short) at its end, with no reply yet",
                                   hint: "'\(Remedy(.retry))' asks for the reply.")
        }
        do {
            prepared.continuing = try read(partial).content
        } catch {
            prepared.release()
            throw error
        }
        return prepared
    }
}
