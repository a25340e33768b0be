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

    /// The messages the trailers of commit `revision` name (`CommitTrailer`): a `Thread:` trailer's
    /// message, for an agent's session (`Claude-Session:`, an `Entire-Checkpoint:`'s sessions) the
    /// message of the captured session the commit was made at (`AgentSessionCommits.start`), and for
    /// aider's co-author line, or no trailer at all, the imported aider output that reported the
    /// commit (`AiderCommits.reports`).
    /// Says on stderr what each found; a trailer that finds nothing is a note when another found
    /// something, else the error (exit 1).
    static func starts(forCommit revision: String, _ repository: Repository, _ context: CommandContext) throws -> [ObjectID] {
        let text = try CodeCommits.message(of: revision, threadaiDirectory: repository.directory)
        let trailers = CommitTrailer.parse(commitMessage: text)
        var starts: [ObjectID] = [], failures: [String] = [], coAuthors: [String] = []
        var commit: String?
        let fullCommit = { () throws -> String in
            if commit == nil { commit = try CodeCommits.resolve(revision, threadaiDirectory: repository.directory).first }
            return commit ?? revision
        }
        for trailer in trailers {
            do {
                switch trailer {
                case .thread(let thread, let id):
                    starts.append(try threadStart(thread, id, revision, repository, context))
                case .claudeSession(let session):
                    starts.append(try sessionStart(.claudeCode, session, named: "its Claude-Session: trailer", try fullCommit(), revision, repository, context))
                case .entireCheckpoint(let checkpoint):
                    let found = try entireStarts(checkpoint, try fullCommit(), revision, repository, context)
                    starts += found.starts
                    failures += found.failures
                case .aider(let model):
                    starts += try aiderStarts(model, try fullCommit(), revision, repository, context)
                case .agentCoAuthor(let name):
                    coAuthors.append(name)
                case .assistedBy(let value):
                    context.note(TerminalSafe.text("commit \(revision) was made with the help of \(value) (its Assisted-by: trailer names no conversation)"))
                }
            } catch let error as CLIError {
                failures.append(error.message)
            }
        }
        if starts.isEmpty, !trailers.contains(where: { if case .aider = $0 { true } else { false } }) {
            // aider marks its commits by default with " (aider)" after the author's name, which the
            // message does not show: its imported history may report the commit all the same.
            starts = try reported(AiderCommits.reports(of: try fullCommit(), in: repository), revision, context)
        }
        guard !starts.isEmpty else {
            // Each failure on a line of its own, the last as the error.
            if let last = failures.last {
                failures.dropLast().forEach(context.note)
                throw CLIError(last)
            }
            // An agent's co-author line is all many commits have: say it names no session.
            let signed = coAuthors.isEmpty ? "" : " Its Co-authored-by: \(coAuthors.joined(separator: ", ")) names an agent, not a session."
            throw CLIError(TerminalSafe.text(
                "commit \(revision) names no conversation: its message has no 'Thread: NAME@ID' trailer ('threadai hooks install' adds one to new commits), nor a coding agent's trailer ThreadAI reads (Claude-Session:, Entire-Checkpoint:, aider's Co-authored-by:), and no imported aider chat history reports it.\(signed)"))
        }
        failures.forEach(context.note)
        var seen = Set<ObjectID>()
        return starts.filter { seen.insert($0).inserted }
    }

    /// The message a `Thread: NAME@ID` trailer names.
    private static func threadStart(_ thread: String, _ prefix: String, _ revision: String, _ repository: Repository, _ context: CommandContext) throws -> ObjectID {
        do {
            let id = try repository.resolve(prefix)
            context.note(TerminalSafe.text("commit \(revision) names thread \(thread) at \(id.short)"))
            return id
        } catch {
            throw CLIError(TerminalSafe.text(
                "commit \(revision) names thread \(thread) at \(prefix), which this repository does not have (\(error)); pull the conversation, or it was a local thread."))
        }
    }

    /// The messages of the sessions Entire's checkpoint `checkpoint` names, and why each other session
    /// finds none.
    private static func entireStarts(
        _ checkpoint: String, _ commit: String, _ revision: String, _ repository: Repository, _ context: CommandContext
    ) throws -> (starts: [ObjectID], failures: [String]) {
        let (branch, sessions) = try entireSessions(checkpoint, revision, repository)
        var starts: [ObjectID] = [], failures: [String] = []
        for session in sessions {
            do {
                guard let agent = session.codingAgent else {
                    throw CLIError(TerminalSafe.text("commit \(revision) names Entire checkpoint \(checkpoint), a session of \(session.agent), an agent whose transcripts ThreadAI does not capture."))
                }
                // Entire keeps the transcript on its branch (not always: older checkpoints list files
                // they lack): when it is there, importing it is the other way in.
                let kept = { () -> String in
                    guard let path = session.transcript,
                          EntireCheckpoints.holds(path, on: branch, threadaiDirectory: repository.directory) else { return "" }
                    return " Entire keeps it: 'git show \(branch):\(path) > session.jsonl', then 'threadai import \(agent.rawValue) session.jsonl'."
                }
                starts.append(try sessionStart(
                    agent, session.agentSessionID, named: "Entire checkpoint \(checkpoint)", commit, revision, repository, context, alsoTry: kept))
            } catch let error as CLIError {
                failures.append(error.message)
            }
        }
        return (starts, failures)
    }

    /// The messages of imported aider sessions that reported commit `commit` (`AiderCommits.reports`).
    private static func aiderStarts(
        _ model: String?, _ commit: String, _ revision: String, _ repository: Repository, _ context: CommandContext
    ) throws -> [ObjectID] {
        let reports = try AiderCommits.reports(of: commit, in: repository)
        guard !reports.isEmpty else {
            throw CLIError(TerminalSafe.text(
                "commit \(revision) was written with aider\(model.map { " (\($0))" } ?? "") (its Co-authored-by: trailer), and no imported aider session reports it ('Commit \(commit.prefix(7))' in aider's output): import aider's chat history from the project's folder with 'threadai import aider .aider.chat.history.md', and try again."))
        }
        return reported(reports, revision, context)
    }

    /// The messages of aider's output that reported the commit, each said on stderr.
    private static func reported(_ reports: [AiderCommits.Report], _ revision: String, _ context: CommandContext) -> [ObjectID] {
        for report in reports {
            context.note(TerminalSafe.text("commit \(revision) was written with aider: thread \(report.thread) at \(report.id.short) reports it (Commit \(report.hash))"))
        }
        return reports.map(\.id)
    }

    /// The sessions Entire's checkpoint `checkpoint` names (`EntireCheckpoints`).
    private static func entireSessions(_ checkpoint: String, _ revision: String, _ repository: Repository) throws -> (String, [EntireCheckpoints.Session]) {
        guard let found = try EntireCheckpoints.sessions(of: checkpoint, threadaiDirectory: repository.directory) else {
            throw CLIError(TerminalSafe.text(
                "commit \(revision) names Entire checkpoint \(checkpoint), which neither \(EntireCheckpoints.branches.joined(separator: " nor ")) holds here: fetch Entire's branch ('git fetch origin entire/checkpoints/v1') and try again."))
        }
        guard !found.sessions.isEmpty else {
            throw CLIError(TerminalSafe.text("commit \(revision) names Entire checkpoint \(checkpoint), whose metadata on \(found.branch) names no session."))
        }
        return found
    }

    /// The message of `agent`'s session `session` that commit `commit` (a full id) was made at.
    private static func sessionStart(
        _ agent: CodingAgent, _ session: String, named origin: String, _ commit: String, _ revision: String,
        _ repository: Repository, _ context: CommandContext, alsoTry: () -> String = { "" }
    ) throws -> ObjectID {
        let conversation = try AgentSessionCommits.conversation(of: agent, session: session, in: repository)
        guard let start = try AgentSessionCommits.start(of: conversation, forCommit: commit, threadaiDirectory: repository.directory) else {
            throw CLIError(TerminalSafe.text(
                "commit \(revision) names \(agent.name) session \(session) (\(origin)), which this repository has not captured or imported: capture it with 'threadai capture\(agent == .claudeCode ? "" : " --agent " + agent.rawValue) --session \(session)', or import its transcript.\(alsoTry())"))
        }
        context.note(TerminalSafe.text("commit \(revision) names \(agent.name) session \(session): thread \(start.thread) at \(start.id.short)"))
        return start.id
    }
}

private extension CodingAgent {
    /// The agent as its makers name it.
    var name: String {
        switch self {
        case .claudeCode: "Claude Code"
        case .codex: "Codex"
        case .gemini: "Gemini CLI"
        }
    }
}
