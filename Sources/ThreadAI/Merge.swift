import ThreadAISupport

/// Bringing a sub-thread's outcome back (`threadai merge SUBTHREAD`, docs/FORMAT.md §4.8).
///
/// The outcome is appended to the target thread as one user message — the sub-thread's last answer
/// verbatim, or a summary the model wrote — carrying a `merged-from` link to the answer. A user
/// message keeps the history's alternation (the target's last message is an answer), and the next
/// reply, asked at once or later with `retry`, answers it with the outcome in its context.
///
/// A merge runs in three steps under the target's turn reservation, so nothing is written on bad
/// input and no other sender slips in: `planMerge` (checks), optionally `summarize`, `commitMerge`.
extension Conversation {
    /// What the model is asked, after the sub-thread's history, to write a summary (docs/CLI.md, merge).
    public static let summarizeInstruction = """
        Summarize the outcome of this conversation for someone who did not read it: the conclusions, \
        the decisions and what is still open, briefly. Reply with the summary only.
        """

    /// A checked merge, holding the target's reservation until `commitMerge` or `release`.
    public struct MergePlan: Sendable {
        public var thread: ThreadName
        public var subthread: ThreadName
        /// The sub-thread's last answer, whose outcome is merged.
        public var source: ObjectID
        public var sourceMessage: Message
        /// The target's head, which the merged message follows (nil on an unborn thread).
        var parent: ObjectID?
        var reservation: TurnLock

        public func release() { reservation.release() }
    }

    /// Reserves `thread` and checks that `subthread`'s outcome can be merged into it.
    /// - Throws: `ReviseError` when the sub-thread is the thread itself, does not end with a complete
    ///   answer, is already in the thread's history, or the thread ends with an unanswered message.
    public func planMerge(
        _ subthread: ThreadName, into thread: ThreadName, onWait: (TurnLockOwner) -> Void = { _ in }
    ) async throws(ReviseError) -> MergePlan {
        guard subthread != thread else {
            throw .mergeIntoItself(thread)
        }
        let reservation: TurnLock
        do {
            reservation = try await reserveTurn(on: thread, onWait: onWait)
        } catch {
            throw .thread(error)
        }
        do throws(ReviseError) {
            return try checkedPlan(subthread, into: thread, reservation: reservation)
        } catch {
            reservation.release()
            throw error
        }
    }

    private func checkedPlan(_ subthread: ThreadName, into thread: ThreadName, reservation: TurnLock) throws(ReviseError) -> MergePlan {
        let source: ObjectID
        let parent: ObjectID?
        var history: [ObjectID] = []
        var mergedBefore: ObjectID?
        do {
            guard repository.refs.exists(subthread) else { throw ThreadError.ref(.noSuchThread(subthread)) }
            guard let head = try extendableHead(of: subthread) else { throw ThreadError.ref(.noSuchThread(subthread)) }
            source = head
            parent = try extendableHead(of: thread)
            if let parent {
                let walker = repository.walker()
                history = try walker.chain(to: parent)
                mergedBefore = try history.last { id throws(ObjectError) in try walker.header(id).mergeLink?.from == source }
            }
        } catch {
            throw .thread(ThreadError(wrapping: error))
        }
        let message = try read(source)
        guard message.role == .assistant else {
            throw .nothingToRevise(subthread, what: "no answer at its end (\(source.short) is a \(message.role.rawValue) message)",
                                   hint: "Get its answer first ('\(Remedy(.checkout, subthread))', then '\(Remedy(.retry))').")
        }
        guard !Self.isPartial(message) else {
            throw .nothingToRevise(subthread, what: "a partial answer at its end (\(source.short))",
                                   hint: "Complete it first: '\(Remedy(.checkout, subthread))', then '\(Remedy(.continueReply))' or '\(Remedy(.retry))'.")
        }
        guard !history.contains(source) else {
            throw .nothingToRevise(thread, what: "\(subthread)'s last answer \(source.short) in its history already",
                                   hint: "Merge a thread forked from it instead.")
        }
        if let mergedBefore {
            throw .nothingToRevise(thread, what: "\(subthread)'s last answer \(source.short) merged already (as \(mergedBefore.short))",
                                   hint: "Continue '\(subthread)' first, then merge its new outcome.")
        }
        if let parent, try read(parent).role == .user {
            throw .nothingToRevise(thread, what: "your message \(parent.short) at its end, with no reply yet",
                                   hint: "Two user messages would follow each other: get its reply first ('\(Remedy(.retry))').")
        }
        return MergePlan(thread: thread, subthread: subthread, source: source, sourceMessage: message, parent: parent, reservation: reservation)
    }

    /// How a summary ended; stores nothing.
    public struct Summary: Sendable {
        public var text: String
        public var failure: (any Error)?
        public var interrupted: Bool
    }

    /// Asks `provider` for a summary of the sub-thread's history, handing each piece to `onText`.
    public func summarize(
        _ plan: MergePlan, provider: any ChatProvider, model: String, budget: Int?, maxOutputTokens: Int? = nil,
        onText: (String) -> Void
    ) async -> Summary {
        let context: Context
        do {
            context = try repository.context(of: plan.source, budget: budget)
        } catch {
            return Summary(text: "", failure: error, interrupted: false)
        }
        var request = ChatRequest(context: context, model: model, maxOutputTokens: maxOutputTokens)
        request.messages.append(ChatMessage(role: .user, content: Self.summarizeInstruction))
        let streamed = await streamText(request, provider: provider, onText: onText)
        let interrupted = Task.isCancelled || streamed.failure is CancellationError
        return Summary(text: streamed.text, failure: streamed.failure, interrupted: interrupted)
    }

    /// Stores the merged message on the plan's thread: `summary` as its content when given, else the
    /// sub-thread's last answer. Returns the turn that answers it; `reply` or `release` ends the
    /// reservation.
    public func commitMerge(_ plan: MergePlan, summary: String?, budget: Int?) throws(ReviseError) -> PreparedTurn {
        do throws(ThreadError) {
            var message = try makeMessage(
                parent: plan.parent, thread: plan.thread, role: .user, date: .now(),
                content: summary?.replacingNulls() ?? plan.sourceMessage.content)
            message.mergeLink = MergeLink(from: plan.source, thread: plan.subthread, isSummary: summary != nil)
            let id = try repository.append(message, to: plan.thread, reflogMessage: "merge: \(plan.subthread) at \(plan.source.short)")
            let context = try repository.context(of: id, budget: budget)
            return PreparedTurn(
                thread: plan.thread, userMessageID: id, systemMessageID: nil, context: context, reservation: plan.reservation)
        } catch {
            plan.release()
            throw .thread(error)
        }
    }
}
