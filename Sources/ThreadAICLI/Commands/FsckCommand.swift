import ThreadAI

/// `threadai fsck`: verifies the whole repository and names what a crash or a merge left behind.
enum FsckCommand: Command {
    static let name = "fsck"
    static let spec = CommandSpec(
        name: name,
        abstract: "Verify every object, parent link, ref and HEAD; find what crashes and merges leave behind.",
        discussion: """
            Reports each problem with the message id and the file path, and the command that fixes it; exits \
            with status 3 if any is an error. Leftovers are warnings: lock files (with their owner and age), \
            empty folders and strays among the refs, names that clash on macOS and Windows, renames cut short, \
            reflog lines for moves that never happened, diverged threads. --clear-stale-locks removes the lock \
            files whose owner is provably dead (it recorded its process on this host and that process is gone); \
            with --force also those with no live owner here that are older than 10 minutes.
            """,
        arguments: [
            .flag("clear-stale-locks", help: "Remove lock files whose owner process is dead (then check)."),
            .flag("force", short: "f", help: "With --clear-stale-locks: also remove ownerless locks older than 10 minutes."),
        ],
        examples: [.init("threadai fsck"), .init("threadai fsck --clear-stale-locks")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        let repository = try context.repository()
        if arguments.flag("force") && !arguments.flag("clear-stale-locks") {
            throw CLIError("--force only goes with --clear-stale-locks.", status: .usage)
        }
        if arguments.flag("clear-stale-locks") {
            for lock in try repository.clearStaleLocks(force: arguments.flag("force")) {
                context.errors.line(TerminalSafe.text("removed \(lock.path) (\(lock.summary))"))
            }
        }
        let (problems, count) = try repository.check()
        for problem in problems {
            // File names among the refs and lock owners' host names come from other people, through git.
            let text = TerminalSafe.text(problem.description)
            context.output.line(problem.severity == .error ? context.style.removed(text) : text)
        }
        // A hook's capture never fails its agent: a failed one is said here, and by status.
        let captures = CaptureReport.failures(repository)
        for line in captures { context.output.line(line) }
        let errors = problems.filter { $0.severity == .error }.count
        let warnings = problems.count - errors + captures.count
        context.errors.line("checked \(count) objects: \(CountedNoun.phrase(errors, "error")), \(CountedNoun.phrase(warnings, "warning"))")
        return errors == 0 ? .success : .corrupt
    }
}
