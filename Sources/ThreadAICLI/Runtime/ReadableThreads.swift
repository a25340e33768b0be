import ThreadAI

/// The threads a view of the whole repository shows (`log --all`, `log --graph --all`, `grep`):
/// every one whose ref reads. A ref damaged by hand is named on standard error and left out, as
/// `git log --all` warns of a broken ref and goes on; the command then ends with the status of a
/// damaged repository (exit 3), as `threads` does.
struct ReadableThreads {
    let threads: [(name: ThreadName, heads: [ObjectID])]
    /// What the command returns once its output is written.
    let status: ExitStatus

    init(_ repository: Repository, _ context: CommandContext) throws {
        let listing = try repository.refs.allHeads(leavingOutMalformed: true)
        threads = listing.threads
        for (name, error) in listing.malformed { Self.reportLeftOut(name, error, context) }
        status = listing.malformed.first.map { ExitStatus(for: $0.error) } ?? .success
    }

    /// "thread NAME left out: why", on standard error.
    static func reportLeftOut(_ name: ThreadName, _ error: any Error, _ context: CommandContext) {
        context.errors.line(TerminalSafe.text("threadai: thread '\(name)' left out: \(error)"))
    }
}
