/// What `Conversation.replyEvents(to:provider:model:maxOutputTokens:)` hands on, in order.
public enum ReplyEvent: Sendable {
    /// A piece of the reply's text, as it arrived (keys the request sent already taken out).
    case text(String)
    /// The reply was stored (or could not be): the last event.
    case stored(ReplyOutcome)
}

extension Conversation {
    /// `reply(to:provider:model:maxOutputTokens:onText:)` as an asynchronous sequence, for an app whose
    /// view state lives on the main actor: `for await event in conversation.replyEvents(…)` there
    /// takes every piece in order, with no callback crossing from the reply's task to the actor.
    ///
    /// The reply runs in a task of its own, started at once. Ending the iteration early (a `break`,
    /// or cancelling the task that iterates) cancels it: the text that arrived is stored with
    /// `finish: interrupted`, as `reply` stores it when cancelled, and no `.stored` event follows.
    public func replyEvents(
        to prepared: PreparedTurn, provider: any ChatProvider, model: String, maxOutputTokens: Int? = nil
    ) -> AsyncStream<ReplyEvent> {
        AsyncStream { continuation in
            let task = Task {
                let outcome = await reply(to: prepared, provider: provider, model: model, maxOutputTokens: maxOutputTokens) { piece in
                    continuation.yield(.text(piece))
                }
                continuation.yield(.stored(outcome))
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
