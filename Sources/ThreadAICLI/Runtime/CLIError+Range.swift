import ThreadAI

extension CLIError {
    /// Refuses a range (`A..B`, `A...B`; no name may hold `..`) where `command` takes one message,
    /// pointing at `log`, which lists a range.
    static func refuseRange(_ revision: String?, command: String) throws {
        guard let revision, RevisionRange(parsing: revision) != nil else { return }
        throw CLIError(TerminalSafe.text("'\(revision)' is a range, and \(command) takes one message: "
            + "'threadai log \(revision)' lists the range's messages."), status: .usage)
    }
}
