import ThreadAISupport

/// Revising a conversation the way git keeps history: nothing is changed in place.
///
/// - `edit` stores an edited question as a sibling of the original (same parent) on a new fork, so
///   the original thread keeps its question and answers and `diff` compares the two.
/// - `regenerate` forks at a question and asks for another answer, which is stored as a sibling of
///   the answers it already has.
///
/// Both go through `prepare`'s reservation and checks, so nothing is written on bad input and no
/// other sender can slip a message in between.
extension Conversation {
    /// Prepares an edit of the user message `original`: a new thread `fork` whose first message is
    /// `text`, a child of `original`'s parent (a new root when `original` is one). It records the
    /// original's attached files (`files`, docs/FORMAT.md §4.7) whose blocks `text` still holds
    /// unchanged, unless `userFields` gives `files` itself.
    /// - Throws: `ReviseError` when `original` is not a user message, or `text` is empty or equal to
    ///   it; `ThreadError`s (the fork's name is taken, a corrupt history) wrapped in `.thread`.
    public func prepareEdit(
        of original: ObjectID, text: String, fork: ThreadName, system: String?, budget: Int?,
        userFields: [String: String] = [:], onWait: (TurnLockOwner) -> Void = { _ in }
    ) async throws(ReviseError) -> PreparedTurn {
        let message = try read(original)
        guard message.role == .user else { throw .notAQuestion(original, message.role) }
        guard !text.allSatisfy(\.isWhitespace) else { throw .emptyEdit(original) }
        guard !text.utf8.elementsEqual(message.content.utf8) || !userFields.isEmpty else { throw .unchangedEdit(original) }
        var fields = userFields
        if fields["files"] == nil { fields["files"] = CarriedFiles.field(of: message, edited: text) }
        do {
            return try await prepare(
                text: text, on: fork, system: system, budget: budget,
                fork: (message.parent, "edit: \(original.short) as a sibling"), userFields: fields, onWait: onWait)
        } catch {
            throw .thread(error)
        }
    }

    /// Prepares another answer to `question` (a user message) on a new thread `fork` made at it:
    /// the reply is stored as a sibling of the answers `question` has.
    /// - Throws: `ReviseError.thread` when the fork's name is taken or the history is unreadable;
    ///   nothing is written then.
    public func prepareRegenerate(
        answering question: ObjectID, fork: ThreadName, budget: Int?, onWait: (TurnLockOwner) -> Void = { _ in }
    ) async throws(ReviseError) -> PreparedTurn {
        do throws(ThreadError) {
            let reservation = try await reserveTurn(on: fork, onWait: onWait)
            do throws(ThreadError) {
                let context = try repository.context(of: question, budget: budget)
                try repository.createThread(fork, at: question, reflogMessage: "regenerate: fork at \(question.short)")
                return PreparedTurn(
                    thread: fork, userMessageID: question, systemMessageID: nil, context: context, reservation: reservation)
            } catch {
                reservation.release()
                throw error
            }
        } catch {
            throw .thread(error)
        }
    }

    /// The question a `regenerate` of `revision` answers again: `revision` itself when it is a user
    /// message, the user message it answers when it is an assistant reply.
    public func question(for revision: ObjectID) throws(ReviseError) -> ObjectID {
        let message = try read(revision)
        switch message.role {
        case .user:
            return revision
        case .assistant:
            if let parent = message.parent, try read(parent).role == .user { return parent }
            throw .notAnAnswer(revision)
        case .system:
            throw .notAnAnswer(revision)
        }
    }

    /// The newest message of `role` in the history of `head`, or nil when it has none.
    public func newest(_ role: Role, from head: ObjectID?) throws(ReviseError) -> ObjectID? {
        var next = head
        while let id = next {
            let header: MessageHeader
            do {
                header = try repository.objects.header(id)
            } catch {
                throw .thread(.object(error))
            }
            if header.role == role { return id }
            next = header.parent
        }
        return nil
    }

    /// A free name for a fork of `base`, as imports name forks: `base-2`, `base-3`, … A base that is
    /// itself such a fork (`main-2`, while `main` exists) counts on from its stem (`main-3`), so
    /// revising a revision does not make `main-2-2`.
    public func forkName(of base: ThreadName) throws(ReviseError) -> ThreadName {
        var base = base
        if let dash = base.rawValue.lastIndex(of: "-"), Int(base.rawValue[base.rawValue.index(after: dash)...]) != nil,
           let stem = try? ThreadName(String(base.rawValue[..<dash])), repository.refs.exists(stem) {
            base = stem
        }
        do {
            let names = try repository.newThreadNames()
            for number in 2...10_000 {
                let name = try ThreadName("\(base.rawValue)-\(number)")
                if (try? names.check(name)) != nil { return name }
            }
            throw ThreadError.unexpected("no free name for a fork of '\(base)' among '\(base)-2' to '\(base)-10000'; name it with -b")
        } catch let error as ThreadError {
            throw .thread(error)
        } catch {
            throw .thread(ThreadError(wrapping: error))
        }
    }

    func read(_ id: ObjectID) throws(ReviseError) -> Message {
        do {
            return try repository.objects.message(id)
        } catch {
            throw .thread(.object(error))
        }
    }
}

/// Why an edit, a regeneration, a continuation or a merge was refused; nothing was written.
public enum ReviseError: Error, CustomStringConvertible, Sendable {
    /// `edit` of a message that is not the user's.
    case notAQuestion(ObjectID, Role)
    case emptyEdit(ObjectID)
    case unchangedEdit(ObjectID)
    /// `regenerate` of a message that answers no user message.
    case notAnAnswer(ObjectID)
    /// `merge` of the current thread into itself.
    case mergeIntoItself(ThreadName)
    /// The thread has no message of the kind the command needs.
    case nothingToRevise(ThreadName?, what: String, hint: String)
    case thread(ThreadError)

    public var description: String {
        switch self {
        case .notAQuestion(let id, .assistant):
            return "message \(id.short) is an answer, and edit changes your questions. "
                + "Ask for another answer with '\(Remedy(.regenerate, id.short))'."
        case .notAQuestion(let id, _):
            return "message \(id.short) is a system prompt, and edit changes your questions. "
                + "Set another prompt with '\(Remedy(.send, "-s", "PROMPT"))'."
        case .emptyEdit(let id):
            return "the edited message is empty, so the edit of \(id.short) was aborted; nothing was written."
        case .unchangedEdit(let id):
            return "the text is unchanged, so the edit of \(id.short) was aborted; nothing was written."
        case .notAnAnswer(let id):
            return "message \(id.short) is neither a user message nor an answer to one, so there is nothing to regenerate. "
                + "Give a question or its answer."
        case .mergeIntoItself(let thread):
            return "'\(thread)' is the current thread, so there is nothing to merge from it. "
                + "Name a sub-thread ('\(Remedy(.listThreads))' lists them), or check out the thread to merge into first."
        case .nothingToRevise(let thread, let what, let hint):
            return "\(thread.map { "thread '\($0)'" } ?? "HEAD") has \(what). \(hint)"
        case .thread(let error):
            return error.description
        }
    }
}
