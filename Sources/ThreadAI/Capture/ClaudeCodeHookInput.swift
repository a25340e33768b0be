/// The JSON a Claude Code hook gives its command on standard input (docs/CLI.md, `capture`): the
/// fields capture reads, each optional in the input; the others are ignored. Codex's and Gemini
/// CLI's hooks give the same fields (Codex's `transcript_path` may be null).
public struct ClaudeCodeHookInput: Sendable, Equatable {
    public var sessionID: String?
    public var transcriptPath: String?
    /// A subagent's own transcript (`SubagentStop`: `agent_transcript_path`).
    public var agentTranscriptPath: String?
    public var cwd: String?
    /// `Stop`, `SubagentStop`, `SessionEnd`, `PreCompact`, …
    public var event: String?

    public init(sessionID: String? = nil, transcriptPath: String? = nil, agentTranscriptPath: String? = nil, cwd: String? = nil, event: String? = nil) {
        self.sessionID = sessionID
        self.transcriptPath = transcriptPath
        self.agentTranscriptPath = agentTranscriptPath
        self.cwd = cwd
        self.event = event
    }

    /// The input read from `bytes`; nil when they hold no JSON object.
    public init?(_ bytes: [UInt8]) {
        guard let object = JSONReader.Value.readingLikeFoundation(bytes)?.object else { return nil }
        func text(_ key: String) -> String? { object[key]?.string.flatMap { $0.isEmpty ? nil : $0 } }
        self.init(sessionID: text("session_id"), transcriptPath: text("transcript_path"),
                  agentTranscriptPath: text("agent_transcript_path"), cwd: text("cwd"), event: text("hook_event_name"))
    }

    /// The transcripts to capture: a subagent's first, then its session's.
    public var transcripts: [String] {
        [agentTranscriptPath, transcriptPath].compactMap { $0 }.reduce(into: []) { paths, path in
            if !paths.contains(path) { paths.append(path) }
        }
    }

    /// Whether the transcript at `path` is complete at this event, a reply at its end too: every
    /// transcript at `SessionEnd`, a subagent's own at `SubagentStop` (the subagent has finished).
    public func isComplete(_ path: String) -> Bool {
        event == "SessionEnd" || (event == "SubagentStop" && path == agentTranscriptPath)
    }
}
