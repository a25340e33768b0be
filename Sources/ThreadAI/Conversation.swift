/// Sending a message on a thread: the one place where the store and a provider meet.
///
/// A turn — the user's message and its reply — is a unit. `prepare` first reserves the thread for
/// the turn (`TurnLock`): any other sender on the same thread, in this process or another, waits
/// until the reply is stored, so every question gets its reply as its child and nothing is left
/// unreachable. Then it reads the whole history the message extends, so a corrupt or missing
/// history is refused before anything is written. The user's message is stored and the thread
/// advanced before any model is called, so a failed or interrupted call loses nothing the user
/// wrote; the reply is stored when it ends, and the reservation ends with it.
public struct Conversation: Sendable {
    public let repository: Repository
    /// Where the code stood for this turn (docs/FORMAT.md §4.7), written on every message the turn
    /// stores; nil writes no anchor. Read it once per turn with `CodeAnchor.read`.
    public var codeAnchor: CodeAnchor?
    /// What `prepare` (and the edits made through it) does with a credential in the text or the
    /// system prompt before anything is stored: refused by default, since conversations travel with
    /// the repository (docs/CLI.md, "Secrets").
    public var secrets: SecretPolicy

    public init(repository: Repository, codeAnchor: CodeAnchor? = nil, secrets: SecretPolicy = .refuse) {
        self.repository = repository
        self.codeAnchor = codeAnchor
        self.secrets = secrets
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
        /// The thread's reservation for this turn; `reply` ends it once the reply is stored. An app
        /// that prepares a turn and never asks for the reply ends it with `release()`.
        public var reservation: TurnLock?
        /// The partial reply's text a `continue` completes (with `replacing` its id): the model is
        /// asked to go on from it, and the stored reply is this text followed by what it adds.
        public var continuing: String? = nil
        /// True when the turn asks again for a reply to a stored question (`retry`), rather than
        /// answering a message just sent: the reflog says which.
        public var isRetry = false

        /// Ends the reservation without a reply (the question stays; `retry` answers it later).
        public func release() {
            reservation?.release()
        }
    }

    /// Reserves `thread` for one turn, waiting while another sender holds it.
    /// - Parameter onWait: told once who holds the turn, when the caller has to wait.
    public func reserveTurn(
        on thread: ThreadName, onWait: (TurnLockOwner) -> Void = { _ in }
    ) async throws(ThreadError) -> TurnLock {
        do {
            return try await TurnLock.acquire(thread, in: repository.directory, onWait: onWait)
        } catch let error as LockError {
            throw .ref(.lock(error))
        } catch {
            throw .cancelledWhileWaiting(thread)
        }
    }

    /// Stores `text` as a user message on `thread` (after a system message, when `system` differs
    /// from the thread's current prompt) and builds the context to send.
    /// - Parameter newRoot: start a new root instead of continuing (a one-off prompt with no history).
    /// - Parameter userFields: more frontmatter for the user message (`files`, from
    ///   `AttachedFile.message`).
    /// - Parameter fork: when given, `thread` is a new thread (its name must be free) whose first
    ///   message is a child of `fork.at` (nil: a new root): an edited question beside the original.
    /// - Throws: `ThreadError`, with nothing written, when `text` or `system` holds a credential that
    ///   `secrets` refuses (`.secrets`), when the history the context reads is corrupt,
    ///   missing or unreadable (with a budget, a long history's middle is counted from
    ///   `cache/messages`, not read: `Repository.contextBuilder(upTo:budget:)`), the thread has
    ///   diverged, or the wait for the turn was cancelled.
    public func prepare(
        text: String, on thread: ThreadName, system: String?, budget: Int?, newRoot: Bool = false,
        fork: (at: ObjectID?, reflog: String)? = nil,
        userFields: [String: String] = [:], date: Timestamp = .now(), onWait: (TurnLockOwner) -> Void = { _ in }
    ) async throws(ThreadError) -> PreparedTurn {
        let (text, system) = try checkedForSecrets(text, system: system)
        let reservation = try await reserveTurn(on: thread, onWait: onWait)
        var parent: ObjectID?
        if let fork {
            // Checked under the reservation, so two forks racing for one name cannot both take it.
            try repository.checkNewThreadName(thread)
            parent = fork.at
        } else if !newRoot {
            parent = try extendableHead(of: thread)
            // Renamed or deleted while this sender waited: starting a new root would drop the history.
            if parent == nil { try repository.checkUnbornForWriting(thread) }
        }
        // The first message of a thread creates its ref: the name must be one a new thread may take
        // (not reserved, no clash with another thread's file), as for a fork.
        if fork == nil, parent == nil, !repository.refs.exists(thread) { try repository.checkNewThreadName(thread) }
        let reflogPrefix = fork?.reflog ?? "send"
        // A fork's first message creates its ref; each later one moves it from the one before.
        var expected: ExpectedRefValue? = fork == nil ? nil : .absent
        var builder = try repository.contextBuilder(upTo: parent, budget: budget)
        var systemID: ObjectID?
        if let system, builder.systemPrompt != system {
            let message = try makeMessage(parent: parent, thread: thread, role: .system, date: date, content: system)
            let id = try repository.append(message, to: thread, expecting: expected, reflogMessage: reflogPrefix + ": system prompt")
            expected = nil
            builder.add(id, message)
            systemID = id
            parent = id
        }
        let user = try makeMessage(parent: parent, thread: thread, role: .user, date: date, content: text, fields: userFields)
        let userID = try repository.append(user, to: thread, expecting: expected, reflogMessage: reflogPrefix + ": user message")
        builder.add(userID, user)
        return PreparedTurn(
            thread: thread, userMessageID: userID, systemMessageID: systemID, context: builder.build(budget: budget),
            reservation: reservation)
    }

    /// `text` and `system` as `secrets` lets them be stored.
    private func checkedForSecrets(_ text: String, system: String?) throws(ThreadError) -> (String, String?) {
        do {
            return (try secrets.apply(to: text, item: "your message"), try system.map { prompt throws(SecretsFound) in
                try secrets.apply(to: prompt, item: "the system prompt")
            })
        } catch {
            throw .secrets(error)
        }
    }

    /// The single head a new message on `thread` extends, or nil for an unborn thread.
    func extendableHead(of thread: ThreadName) throws(ThreadError) -> ObjectID? {
        let heads: [ObjectID]
        do {
            heads = try repository.refs.headsForExtending(thread)
        } catch {
            throw .ref(error)
        }
        guard heads.count <= 1 else { throw .ref(.diverged(thread, heads: heads)) }
        return heads.first
    }

    func makeMessage(
        parent: ObjectID?, thread: ThreadName, role: Role, date: Timestamp, content: String, fields: [String: String] = [:]
    ) throws(ThreadError) -> Message {
        do {
            return try Message(
                parent: parent, thread: thread, role: role, date: date,
                fields: (codeAnchor?.fields ?? [:]).merging(fields) { $1 }, content: content)
        } catch {
            throw .message(error)
        }
    }
}
