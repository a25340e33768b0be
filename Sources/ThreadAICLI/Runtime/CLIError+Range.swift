import ThreadAI

extension CLIError {
    /// Refuses a range (`A..B`, `A...B`) where `command` takes one message, pointing at `log`, which
    /// lists a range. The whole name of a thread an older version made with `..` in it is that
    /// thread, not a range, as `Repository.range` decides for every command (docs/FORMAT.md §5.2).
    static func refuseRange(_ revision: String?, command: String, in repository: Repository) throws {
        guard let revision, repository.range(revision) != nil else { return }
        throw CLIError(TerminalSafe.text("'\(revision)' is a range, and \(command) takes one message: "
            + "'threadai log \(revision)' lists the range's messages."), status: .usage)
    }
}
