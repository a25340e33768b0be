import ThreadAI

/// What `log` adds about the code (docs/CLI.md, `log`): the anchor on each line (`--code`), the
/// messages written at given code commits (`--at-code`), and the conversation a commit's trailer
/// names (`--for-commit`).
enum CodeLog {
    /// `[3f786850e387+]`: the code commit's first 12 digits, `+` when the tree had uncommitted changes,
    /// `unborn` before the first commit; `[-]` for a message without an anchor.
    static func label(of message: Message) -> String {
        let commit = message.fields["code-commit"].map { String($0.prefix(12)) }
            ?? (message.fields["code-branch"] == nil ? "-" : "unborn")
        return "[" + commit + (message.fields["code-dirty"] == "true" ? "+" : "") + "]"
    }

    /// The messages of `entries` written while the code was at one of `commits`.
    static func written(
        at commits: Set<String>, in entries: [(id: ObjectID, message: Message)]
    ) -> [(id: ObjectID, message: Message)] {
        entries.filter { entry in entry.message.fields["code-commit"].map(commits.contains) ?? false }
    }

    /// Every message of every thread, each once, newest first: by date, then (for messages of one
    /// second) the deeper in its history first, so a reply comes before the question it answers, then id.
    static func everyMessage(_ repository: Repository, walker: HistoryWalker) throws -> [(id: ObjectID, message: Message)] {
        var seen: [ObjectID: (message: Message, depth: Int)] = [:]
        for name in try repository.refs.names() {
            for head in try repository.refs.heads(of: name) {
                let history = try walker.messages(from: head)
                for (index, entry) in history.enumerated() where seen[entry.id] == nil {
                    seen[entry.id] = (entry.message, history.count - index)
                }
            }
        }
        return seen.sorted { ($0.value.message.date.rfc3339, $0.value.depth, $0.key.hex) > ($1.value.message.date.rfc3339, $1.value.depth, $1.key.hex) }
            .map { (id: $0.key, message: $0.value.message) }
    }

    /// The messages the `Thread:` trailers of commit `revision` name; says on stderr what it found.
    static func starts(forCommit revision: String, _ repository: Repository, _ context: CommandContext) throws -> [ObjectID] {
        let text = try CodeCommits.message(of: revision, threadaiDirectory: repository.directory)
        let trailers = TrailerCommand.parse(commitMessage: text)
        guard !trailers.isEmpty else {
            throw CLIError("commit \(revision) names no conversation: its message has no 'Thread: NAME@ID' trailer ('threadai hooks install' adds one to new commits).")
        }
        return try trailers.map { trailer in
            do {
                let id = try repository.resolve(trailer.id)
                context.note(TerminalSafe.text("commit \(revision) names thread \(trailer.thread) at \(id.short)"))
                return id
            } catch {
                throw CLIError(TerminalSafe.text(
                    "commit \(revision) names thread \(trailer.thread) at \(trailer.id), which this repository does not have (\(error)); pull the conversation, or it was a local thread."))
            }
        }
    }
}
