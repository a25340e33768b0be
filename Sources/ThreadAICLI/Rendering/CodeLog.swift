import ThreadAI

/// What `log` adds about the code (docs/CLI.md, `log`): the anchor on each line (`--code`), the
/// messages written at given code commits (`--at-code`), and the conversation a commit's trailer
/// names (`--for-commit`).
enum CodeLog {
    /// `[3f786850e387+]`: the code commit's first 12 digits, `+` when the tree had uncommitted changes,
    /// `unborn` before the first commit; `[-]` for a message without an anchor (its own or its
    /// anchor note's: `MessageAnchors`).
    static func label(of anchor: CodeAnchor?) -> String {
        let commit = anchor.map { $0.commit.map { String($0.prefix(12)) } ?? "unborn" } ?? "-"
        return "[" + commit + (anchor?.dirty == true ? "+" : "") + "]"
    }

    /// The messages of `entries` written while the code was at one of `commits`.
    static func written(
        at commits: Set<String>, in entries: [(id: ObjectID, message: Message)], anchors: MessageAnchors
    ) -> [(id: ObjectID, message: Message)] {
        entries.filter { entry in anchors.anchor(of: entry.id, entry.message)?.commit.map(commits.contains) ?? false }
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
