#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAI

/// `threadai capture`: what the agents' hooks run (docs/CLI.md, `capture`). Reading the hook's
/// JSON it never fails its agent: every outcome is exit 0, and what went wrong goes to
/// `.threadai/logs/capture.log` and `threadai status`. By hand (`--transcript`, `--session`,
/// `--all`) it reports errors and exits non-zero, as any command.
enum CaptureCommand: Command {
    static let name = "capture"
    static let traits: CommandTraits = [.writesThreads]
    static let spec = CommandSpec(
        name: name,
        abstract: "Capture a coding agent's session into the repository as it grows (what the agent's hooks run).",
        discussion: """
            Without options it reads a hook's JSON on standard input (Claude Code, Codex or Gemini CLI: \
            session_id, transcript_path, agent_transcript_path, hook_event_name) and stores what the session's \
            transcript gained since the last capture: the same messages, ids and thread (claude-code/TITLE-ID, \
            codex/…, gemini/…) as 'threadai import' of the whole transcript. The agent is --agent's, else the \
            one the transcript's name says (a Codex rollout-….jsonl, a Gemini CLI session-… file), else Claude \
            Code. A reply still being written is held back until the next capture or the session's \
            end; a line cut short is read whole next time; a damaged line is left out and named in the log. \
            Every credential is stored as [REDACTED:KIND]. In this mode it always exits 0 and waits at most a \
            moment for another capture of the same session: what goes wrong is written to \
            .threadai/logs/capture.log, and 'threadai status' says which captures failed. \
            --transcript, --session and --all capture by hand, store the whole transcript, and report errors. \
            --local keeps the captured threads local: out of git (what 'hooks install --agent claude-code --local' \
            installs). \
            The messages a capture stores are anchored to the code's commit, branch and state beside them, in \
            .threadai/anchors/ (log --code and --at-code show it; off with anchors = false, as for send; \
            none for --all, whose sessions ended before).
            """,
        arguments: [
            .option("transcript", valueName: "PATH", help: "Capture this transcript (.jsonl) now, whole."),
            .option("agent", valueName: "claude-code|codex|gemini", help: "The agent that wrote the transcripts (by default, their names say)."),
            .option("session", valueName: "ID", help: "Capture again the session ID captured before (its transcript and its subagents')."),
            .flag("all", help: "Capture every session of this project that Claude Code, Codex and Gemini CLI still keep."),
            .flag("local", help: "Keep the captured threads local: out of git (docs/FORMAT.md §13)."),
        ],
        examples: [
            .init("threadai capture < hook-input.json"),
            .init("threadai capture --session 8463c716-a2ea-4c14-9efa-87158ebd9f20"),
            .init("threadai capture --all"),
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws -> ExitStatus {
        var agent: CodingAgent?
        if let name = arguments.option("agent") {
            guard let named = CodingAgent(rawValue: name) else {
                let known = CodingAgent.allCases.map(\.rawValue).joined(separator: ", ")
                throw CLIError(TerminalSafe.text("'\(name)' is not an agent capture reads; --agent takes \(known)."), status: .usage)
            }
            agent = named
        }
        var transcripts: [String] = []
        if let path = arguments.option("transcript") { transcripts.append(context.absolutePath(path)) }
        if let session = arguments.option("session") {
            let records = CaptureRecords(repository: try context.repository()).all().filter {
                $0.record.session == session || $0.key == session || $0.key.hasPrefix(session + "-agent-")
            }
            guard !records.isEmpty else {
                throw CLIError(TerminalSafe.text("no capture of session \(session) is recorded; name its transcript: threadai capture --transcript PATH."), status: .usage)
            }
            transcripts += records.map(\.record.transcript)
        }
        if arguments.flag("all") {
            let found = try backfill(agent, context)
            guard !found.isEmpty else { return .success }
            transcripts += found
        }
        let local = arguments.flag("local")
        // A backfill brings in sessions that ended before: where the code stands now is not where it
        // stood then, so they get no anchor (docs/FORMAT.md §4.7.1).
        guard transcripts.isEmpty else { return try byHand(transcripts, agent: agent, local: local, anchoring: !arguments.flag("all"), context) }
        guard !context.input.isTerminal else {
            throw CLIError("capture reads a hook's JSON on standard input; by hand, give --transcript PATH, --session ID or --all.", status: .usage)
        }
        fromHook(agent, local: local, context)
        return .success
    }

    /// The sessions of this project that the agents (or `agent` alone) still keep; a note for each
    /// agent that keeps none.
    private static func backfill(_ agent: CodingAgent?, _ context: CommandContext) throws -> [String] {
        guard let home = context.environment["HOME"], !home.isEmpty else { throw CLIError("capture --all needs HOME, to find the agents' sessions.") }
        let repository = try context.repository()
        let project = projectFolder(of: repository)
        var found: [String] = []
        for each in agent.map({ [$0] }) ?? CodingAgent.allCases {
            let (paths, place): ([String], String)
            switch each {
            case .claudeCode:
                let claude = AgentFolders.claude(context) ?? home + "/.claude"
                (paths, place) = (SessionCapture.claudeCodeTranscripts(ofProject: project, claudeDirectory: claude),
                                  "\(claude)/projects/\(SessionCapture.claudeCodeProjectName(project))")
            case .codex:
                let codexHome = AgentFolders.codex(context, home: home)
                (paths, place) = (AgentTranscripts.codexRollouts(ofProject: project, codexHome: codexHome), "\(codexHome)/sessions")
            case .gemini:
                let gemini = AgentFolders.gemini(context, home: home)
                (paths, place) = (AgentTranscripts.geminiSessions(ofProject: project, geminiDirectory: gemini), "\(gemini)/tmp")
            }
            if paths.isEmpty { context.note(TerminalSafe.text("no \(each.displayName) session of \(project) in \(place)")) }
            found += paths
        }
        return found
    }

    /// The project the agents keep this repository's sessions under: the folder holding `.threadai`,
    /// by its physical path (getcwd), symbolic links resolved, as the agents name a project.
    static func projectFolder(of repository: Repository) -> String {
        URL(fileURLWithPath: FilePaths.directoryName(of: repository.directory)).resolvingSymlinksInPath().path
    }

    /// Captures each transcript whole, saying what each gained; the first failure is the command's.
    private static func byHand(
        _ transcripts: [String], agent: CodingAgent?, local: Bool, anchoring: Bool, _ context: CommandContext
    ) throws -> ExitStatus {
        let repository = try context.repository()
        let log = CaptureLog(repository: repository)
        var failed: CaptureError?
        let anchor = CodeAnchorOnce(repository, context, enabled: anchoring)
        for path in transcripts {
            do {
                let outcome = try capture(path, session: nil, agent: agent, settleAll: true, anchor: anchor, repository, log)
                for failure in stored(outcome, path: path, ended: true, local: local, repository, log: log) { context.note(failure) }
                for note in outcome.notes { context.note(TerminalSafe.text(note)) }
                context.errors.line(TerminalSafe.text(summary(of: outcome, path: path)))
            } catch {
                log.append("error: \(error)")
                context.errors.line(TerminalSafe.text("threadai: \(error)"))
                failed = failed ?? error
            }
        }
        if let failed { throw CLIError(TerminalSafe.text("\(failed); nothing of it was lost: what was stored stays, and 'threadai capture --transcript \(failed.transcript)' tries again.")) }
        return .success
    }

    /// The hook's capture: whatever happens, nothing reaches the agent but exit 0.
    private static func fromHook(_ agent: CodingAgent?, local: Bool, _ context: CommandContext) {
        let bytes = (try? context.input.readBytes()) ?? []
        var input = ClaudeCodeHookInput(bytes)
        // Codex may give no transcript_path (null); its session's rollout is named by the session.
        if agent == .codex, input?.transcriptPath == nil, let session = input?.sessionID, let home = AgentFolders.nonEmpty(context.environment["HOME"]) {
            input?.transcriptPath = AgentTranscripts.codexRollout(ofSession: session, codexHome: AgentFolders.codex(context, home: home))
        }
        let repository: Repository
        do {
            repository = try context.repository()
        } catch {
            // No repository to log in: the hook's cwd may hold one when this process's folder does not.
            guard let cwd = input?.cwd, let found = try? RepositoryChoice.discover(option: nil, environment: context.environment, currentDirectory: cwd) else {
                context.errors.line(TerminalSafe.text("threadai capture: \(error)"))
                return
            }
            repository = found
        }
        let log = CaptureLog(repository: repository)
        guard let input, !input.transcripts.isEmpty else {
            log.append("error: the hook's input is \(input == nil ? "no JSON object" : "without transcript_path") (\(bytes.count) bytes); nothing captured")
            return
        }
        var transcripts = input.transcripts
        // A Gemini CLI session's subagents write their own files, which no hook names.
        if let main = input.transcriptPath, let session = input.sessionID, (agent ?? .of(transcript: main)) == .gemini {
            transcripts = AgentTranscripts.geminiSubagents(ofSession: session, transcript: main) + transcripts
        }
        let anchor = CodeAnchorOnce(repository, context, enabled: true)
        for path in transcripts {
            do {
                let outcome = try capture(
                    path, session: path == input.transcriptPath ? input.sessionID : nil,
                    agent: path == input.transcriptPath ? agent : nil, settleAll: input.isComplete(path), anchor: anchor, repository, log)
                for failure in stored(outcome, path: path, ended: input.isComplete(path), local: local, repository, log: log) {
                    log.append("error: \(failure)")
                }
            } catch {
                log.append("\(error.isBusy ? "busy" : "error"): \(error)" + (error.isBusy ? "" : "; 'threadai capture --transcript \(path)' tries again"))
            }
        }
    }

    /// What follows a capture: the log says what it stored; with `--local` its threads are marked
    /// local; once its session ended (or by hand) the session's loose messages become one pack.
    /// Returns what went wrong.
    private static func stored(
        _ outcome: SessionCapture.Outcome, path: String, ended: Bool, local: Bool, _ repository: Repository, log: CaptureLog
    ) -> [String] {
        report(outcome, path: path, to: log)
        var failures: [String] = []
        if local, let failure = keepLocal(outcome, repository) { failures.append(failure) }
        guard ended else { return failures }
        do {
            let packed = try SessionCapture(repository: repository).packSession(transcript: path, threads: outcome.threads)
            if packed > 0 { log.append("packed \(path): \(CountedNoun.phrase(packed, "message")) of the session in one pack") }
        } catch {
            failures.append("could not pack the session of \(path) (\(error)); 'threadai gc' packs it")
        }
        return failures
    }

    /// Captures one transcript, then anchors the messages it newly stored at where the code stands
    /// (docs/FORMAT.md §4.7.1), read at the first capture that stores anything. Anchors are optional:
    /// when the anchor cannot be read or written the messages stay stored, and the log says why.
    private static func capture(
        _ path: String, session: String?, agent: CodingAgent?, settleAll: Bool, anchor: CodeAnchorOnce, _ repository: Repository,
        _ log: CaptureLog
    ) throws(CaptureError) -> SessionCapture.Outcome {
        let outcome = try SessionCapture(repository: repository).capture(transcript: path, session: session, agent: agent, settleAll: settleAll)
        guard !outcome.stored.isEmpty else { return outcome }
        do {
            guard let code = try anchor.value() else { return outcome }
            try CaptureAnchors.record(code, for: outcome.stored, in: repository)
        } catch {
            // Not `error: `: the capture itself succeeded (docs/FORMAT.md §16).
            log.append("note: \(path): the captured messages were stored without code anchors: \(error)")
        }
        return outcome
    }

    /// The code's anchor, read from git once per command, when the first capture needs it; none
    /// when not `enabled` (a backfill).
    private final class CodeAnchorOnce {
        private let repository: Repository
        private let context: CommandContext
        private var read: Result<CodeAnchor?, any Error>?

        init(_ repository: Repository, _ context: CommandContext, enabled: Bool) {
            (self.repository, self.context) = (repository, context)
            if !enabled { read = .success(nil) }
        }

        func value() throws -> CodeAnchor? {
            if read == nil { read = Result { try context.codeAnchor(repository) } }
            return try read?.get() ?? nil
        }
    }

    /// With `--local`: marks the threads a capture wrote to local and rewrites the exclude block
    /// (docs/FORMAT.md §13). Every capture that stores marks its threads again, so a mark lost to a
    /// concurrent rewrite of `local-threads` comes back at the session's next turn. Returns what
    /// went wrong, for the log.
    private static func keepLocal(_ outcome: SessionCapture.Outcome, _ repository: Repository) -> String? {
        guard !outcome.threads.isEmpty else { return nil }
        do {
            let local = LocalThreads(repository: repository)
            let known = Set(try local.names())
            for name in outcome.threads where !known.contains(name) { try local.set(name, local: true) }
            try local.refresh()
            return nil
        } catch {
            return "could not keep \(outcome.threads.map(\.rawValue).joined(separator: ", ")) local (\(error)); 'threadai local NAME' does it"
        }
    }

    /// Writes to the log what a capture stored and left out (nothing when the transcript had not grown).
    private static func report(_ outcome: SessionCapture.Outcome, path: String, to log: CaptureLog) {
        guard !outcome.unchanged else { return }
        if outcome.reread { log.append("note: \(path) was rewritten or truncated since its last capture: read whole again") }
        for note in outcome.notes { log.append("note: \(note)") }
        log.append(summary(of: outcome, path: path))
    }

    private static func summary(of outcome: SessionCapture.Outcome, path: String) -> String {
        if outcome.unchanged { return "captured \(path): nothing new" }
        var parts = ["\(CountedNoun.phrase(outcome.newMessages, "new message"))"]
        if outcome.redacted > 0 { parts.append("\(CountedNoun.phrase(outcome.redacted, "credential")) stored redacted") }
        if outcome.heldBack > 0 { parts.append("a reply still being written held back (\(outcome.heldBack) bytes)") }
        if let start = outcome.readFrom { parts.append("read from byte \(start)") }
        return "captured \(path): " + parts.joined(separator: ", ")
    }
}
