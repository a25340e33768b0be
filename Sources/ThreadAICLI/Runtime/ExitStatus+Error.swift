import ThreadAI

extension ExitStatus {
    /// The exit status that reports `error` (docs/CLI.md, "Exit codes").
    init(for error: any Error) {
        switch error {
        case let error as CLIError: self = error.status
        case is ArgumentError, is RevisionSyntaxError, is AttachmentError: self = .usage
        case let error as ThreadError: self = Self.status(of: error)
        case let error as RevisionError: self = Self.status(of: error)
        case let error as RefError: self = Self.status(of: error)
        case let error as TagError: self = Self.status(of: error)
        case let error as ObjectError: self = Self.status(of: error)
        case let error as HistoryError: self = Self.status(of: error)
        case let error as LockError: self = Self.status(of: error)
        case let error as ImportError: self = error.cause.map { Self(for: $0) } ?? .failure
        case is ProviderError: self = .providerFailed
        case let error as ConfigurationError: self = Self.status(of: error)
        case let error as RetryError: self = Self.status(of: error)
        case let error as ReviseError: self = Self.status(of: error)
        default: self = .failure
        }
    }

    private static func status(of error: ConfigurationError) -> ExitStatus {
        switch error {
        case .invalidValue(_, _, _, .flag?), .unknownKey, .secretKey: return .usage
        case .modelOfAnotherProvider(let model, _, _): if case .flag = model.source { return .usage } else { return .failure }
        default: return .failure
        }
    }

    private static func status(of error: RetryError) -> ExitStatus {
        if case .thread(let inner) = error { return status(of: inner) }
        return .failure
    }

    /// Asking to edit or regenerate the wrong kind of message, an empty or unchanged edit (as `send`
    /// refuses empty text) and a merge of a thread into itself are usage errors (2); a thread with
    /// nothing to revise is a plain failure (1), as a revision that names nothing is.
    private static func status(of error: ReviseError) -> ExitStatus {
        switch error {
        case .thread(let inner): return status(of: inner)
        case .notAQuestion, .notAnAnswer, .emptyEdit, .unchangedEdit, .mergeIntoItself: return .usage
        default: return .failure
        }
    }

    private static func status(of error: ThreadError) -> ExitStatus {
        switch error {
        case .object(let inner): return status(of: inner)
        case .ref(let inner): return status(of: inner)
        case .revision(let inner): return status(of: inner)
        case .history(let inner): return status(of: inner)
        case .cancelledWhileWaiting: return .interrupted
        default: return .failure
        }
    }

    private static func status(of error: RevisionError) -> ExitStatus {
        switch error {
        case .syntax: return .usage
        case .ref(let inner): return status(of: inner)
        case .object(let inner): return status(of: inner)
        case .history(let inner): return status(of: inner)
        case .tag(let inner): return status(of: inner)
        case .gone(let inner): return status(of: inner)
        default: return .failure
        }
    }

    private static func status(of error: TagError) -> ExitStatus {
        switch error {
        case .malformed: return .corrupt
        case .concurrentChange: return .conflict
        case .lock(let inner): return status(of: inner)
        case .refs(let inner): return status(of: inner)
        default: return .failure
        }
    }

    private static func status(of error: RefError) -> ExitStatus {
        switch error {
        case .concurrentChange: return .conflict
        case .lock(let inner): return status(of: inner)
        case .malformed, .malformedHead, .notAFile: return .corrupt
        default: return .failure
        }
    }

    /// A held lock is another process at work (4); a lock that cannot be created is a file-system
    /// failure (a full disk, a read-only repository, no permission), not a race.
    private static func status(of error: LockError) -> ExitStatus {
        if case .held = error { return .conflict }
        return .failure
    }

    private static func status(of error: ObjectError) -> ExitStatus {
        if case .fileSystem = error { return .failure }
        return .corrupt
    }

    private static func status(of error: HistoryError) -> ExitStatus {
        switch error {
        case .object(let inner): return status(of: inner)
        case .cycle: return .corrupt
        case .beyondRoot: return .failure
        }
    }
}
