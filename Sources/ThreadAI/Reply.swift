/// How a reply ended, after it was stored.
public struct ReplyOutcome: Sendable {
    /// The stored reply; nil only when nothing arrived and nothing could be stored.
    public var replyID: ObjectID?
    public var text: String
    public var completion: ChatCompletion?
    /// Why the reply is partial: the provider failed or the user interrupted.
    public var failure: (any Error)?
    public var interrupted: Bool
    /// An error storing the reply (the user's message is stored regardless). With `replyID` set, the
    /// reply is the thread's head and only flushing that change to disk failed (`changeWasMade`).
    public var storeError: ThreadError?
    /// How many times the reply held an API key its request sent, each replaced by
    /// `KeyFilter.placeholder` before it was shown or stored (a server or proxy echoed it).
    public var keysReplaced = 0
    /// When the reply's object was written but the thread could not be moved to it (another
    /// process moved the thread, or the ref could not be written: a full disk, a read-only
    /// repository), the reply's id: it is kept in the store and can be forked from.
    public var unattachedReplyID: ObjectID?
}

extension Conversation {
    /// Streams the reply to `prepared` from `provider`, handing each piece of text to `onText` as it
    /// arrives, and stores it; then ends the turn's reservation. A failure or cancellation keeps the text that arrived: the reply is
    /// stored with `finish: error` (and the reason in `error`) or `finish: interrupted`.
    /// Nothing is stored when no text arrived and the call failed; the user's message stays, and
    /// `threadai retry` asks again.
    public func reply(
        to prepared: PreparedTurn, provider: any ChatProvider, model: String, maxOutputTokens: Int? = nil,
        clock: ContinuousClock = ContinuousClock(), onText: (String) -> Void
    ) async -> ReplyOutcome {
        defer { prepared.release() }
        if let moved = movedOn(from: prepared) {
            // Answered already (the same turn given twice) or extended by another writer: asking the
            // model again would only store a reply on no thread.
            return ReplyOutcome(replyID: nil, text: "", completion: nil, failure: nil, interrupted: false, storeError: moved)
        }
        var request = ChatRequest(context: prepared.context, model: model, maxOutputTokens: maxOutputTokens)
        if let partial = prepared.continuing, let partialID = prepared.replacing {
            request.messages.append(ChatMessage(role: .assistant, content: partial, origin: .init(id: partialID.hex, thread: prepared.thread.rawValue)))
            request.messages.append(ChatMessage(role: .user, content: Self.continueInstruction))
        }
        let started = clock.now
        let streamed = await streamText(request, provider: provider, clock: clock, onText: onText)
        let (firstToken, completion, failure) = (streamed.firstToken, streamed.completion, streamed.failure)
        let text = (prepared.continuing ?? "") + streamed.text
        let interrupted = Task.isCancelled || failure is CancellationError
        var outcome = ReplyOutcome(
            replyID: nil, text: text, completion: completion, failure: failure, interrupted: interrupted, storeError: nil,
            keysReplaced: streamed.keysReplaced)
        if failure != nil && streamed.text.isEmpty { return outcome }
        var message: Message
        do {
            message = try makeMessage(
                parent: prepared.userMessageID, thread: prepared.thread, role: .assistant, date: .now(),
                content: text.replacingNulls())
        } catch {
            outcome.storeError = error
            return outcome
        }
        message.provider = provider.name
        message.model = completion?.model ?? model
        message.finish = interrupted ? "interrupted" : (failure != nil ? "error" : completion?.stopReason)
        if let failure, !interrupted { message.error = String(describing: failure) }
        message.inputTokens = completion?.usage?.inputTokens
        message.outputTokens = completion?.usage?.outputTokens
        message.firstTokenMilliseconds = firstToken.map { Self.milliseconds(started.duration(to: $0)) }
        message.latencyMilliseconds = Self.milliseconds(started.duration(to: clock.now))
        let id: ObjectID
        do {
            id = try repository.objects.write(message)
        } catch {
            outcome.storeError = .object(error)
            return outcome
        }
        do {
            try link(id, message, for: prepared)
            outcome.replyID = id
        } catch {
            outcome.storeError = error
            // Only the flush failed: the thread is at the reply, which is not unattached.
            if error.changeWasMade { outcome.replyID = id } else { outcome.unattachedReplyID = id }
        }
        return outcome
    }

    /// The text of one streamed answer, how it ended, and when its first piece came.
    struct StreamedText {
        var text = ""
        var completion: ChatCompletion?
        var failure: (any Error)?
        var firstToken: ContinuousClock.Instant?
        var keysReplaced = 0
    }

    /// Streams the answer to `request`, handing each piece to `onText`; stores nothing. The API
    /// keys the provider sent are replaced wherever the answer holds them, before anything is
    /// handed on: this is where a provider's reply becomes text that is shown and stored.
    func streamText(
        _ request: ChatRequest, provider: any ChatProvider, clock: ContinuousClock = ContinuousClock(), onText: (String) -> Void
    ) async -> StreamedText {
        var streamed = StreamedText()
        var keys = provider.sentKeys.filter()
        func handOn(_ text: String) {
            guard !text.isEmpty else { return }
            streamed.text += text
            onText(text)
        }
        do {
            for try await event in provider.stream(request) {
                switch event {
                case .text(let piece):
                    if streamed.firstToken == nil { streamed.firstToken = clock.now }
                    handOn(keys.feed(piece))
                case .finished(let finished):
                    streamed.completion = finished
                }
            }
            try Task.checkCancellation()
        } catch {
            streamed.failure = error
        }
        handOn(keys.finish())
        streamed.keysReplaced = keys.replaced
        return streamed
    }

    /// The refusal of a turn whose thread no longer ends at its question (or the reply it replaces):
    /// nil while it does, or when the thread's ref is gone or unreadable (`link` then follows a
    /// rename, or reports what it finds).
    private func movedOn(from prepared: PreparedTurn) -> ThreadError? {
        let expected = prepared.replacing ?? prepared.userMessageID
        guard let heads = try? repository.refs.heads(of: prepared.thread), !heads.isEmpty, !heads.contains(expected)
        else { return nil }
        return .ref(.concurrentChange(prepared.thread, expected: .head(expected), found: heads))
    }

    /// Moves the thread to the stored reply: from the user message after a send, or from the
    /// partial reply a retry replaces (compare-and-swap either way, following a pull's rename or
    /// divergence: `Repository.advance(_:to:_:after:reflogMessage:)`).
    private func link(_ id: ObjectID, _ message: Message, for prepared: PreparedTurn) throws(ThreadError) {
        let expected = prepared.replacing ?? prepared.userMessageID
        let verb = prepared.continuing == nil ? Repository.retryReflogPrefix : Repository.continueReflogPrefix
        let reflog = prepared.replacing.map { "\(verb) \($0.short)" } ?? (prepared.isRetry ? "retry: reply" : "send: reply")
        do {
            try repository.advance(prepared.thread, to: id, message, after: expected, reflogMessage: reflog)
        } catch {
            throw .ref(error)
        }
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}

extension String {
    /// A model's text with any NUL characters replaced (U+FFFD), since objects cannot hold NUL.
    func replacingNulls() -> String {
        contains("\0") ? String(map { $0 == "\0" ? "\u{FFFD}" : $0 }) : self
    }
}
