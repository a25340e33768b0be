/// The process exit codes of `threadai` (docs/CLI.md, "Exit codes"). Chosen only at the CLI edge.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// The command could not do what was asked (unknown revision, invalid name, nothing to do…).
    case failure = 1
    /// The command line was wrong.
    case usage = 2
    /// The repository holds a corrupt, malformed or missing object or ref.
    case corrupt = 3
    /// Another process changed the thread, or holds its lock: nothing was written; try again.
    case conflict = 4
    /// The provider failed; the user's message is stored and any partial reply kept.
    case providerFailed = 5
    /// Stopped by SIGHUP (the terminal closed); what arrived was kept.
    case hungUp = 129
    /// Interrupted by Ctrl-C; what arrived was kept.
    case interrupted = 130
    /// Stopped by SIGTERM; what arrived was kept.
    case terminated = 143
}

/// An error the CLI reports as `threadai: <message>` on stderr, with an exit status.
struct CLIError: Error, CustomStringConvertible {
    var message: String
    var status: ExitStatus

    init(_ message: String, status: ExitStatus = .failure) {
        self.message = message
        self.status = status
    }

    var description: String { message }
}
