import ThreadAI
import ThreadAISupport

/// The lines of a code commit's message that say where it came from (docs/CLI.md, `log --for-commit`):
/// ThreadAI's own `Thread: NAME@ID`, and what coding agents and their tools write: Claude Code's
/// `Claude-Session:`, Entire's `Entire-Checkpoint:`, aider's co-author line, and the `Assisted-by:`
/// of the Linux kernel's rules for coding assistants (which names a model, not a conversation).
enum CommitTrailer: Equatable {
    /// `Thread: NAME@ID8` (`threadai trailer`).
    case thread(name: String, id: String)
    /// Claude Code's `Claude-Session: ID`, or the link it writes, `https://claude.ai/code/session_ID`:
    /// the id is the link's last part.
    case claudeSession(String)
    /// Entire's `Entire-Checkpoint: ID`, 12 lowercase hexadecimal digits, whose metadata on the git
    /// branch `entire/checkpoints/v1` names the agents' sessions.
    case entireCheckpoint(String)
    /// aider's `Co-authored-by: aider (MODEL) <noreply@aider.chat>`.
    case aider(model: String?)
    /// `Assisted-by: AGENT:MODEL [TOOL…]`.
    case assistedBy(String)
    /// A coding agent's own co-author line, which names the agent (and model), never the session:
    /// Claude Code's `Co-Authored-By: Claude … <noreply@anthropic.com>`, Codex's `Codex <noreply@openai.com>`.
    case agentCoAuthor(String)

    /// The addresses agents sign their co-author lines with.
    static let agentAddresses = ["<noreply@anthropic.com>", "<noreply@openai.com>"]

    /// The trailers `text` holds, in order. Keys are matched without regard to case, as git does;
    /// `Thread:` as `threadai trailer` writes it.
    static func parse(commitMessage text: String) -> [CommitTrailer] {
        text.split(separator: "\n").compactMap { line in
            if let own = ThreadTrailer.parse(commitMessage: String(line)).first { return .thread(name: own.thread, id: own.id) }
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let value = line[line.index(after: colon)...].trimmingSpaces()
            guard !value.isEmpty else { return nil }
            switch line[..<colon].lowercased() {
            case "claude-session":
                let link = value.prefix { $0 != "?" && $0 != "#" }
                // A link ending in `/` names no session.
                let id = link.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? ""
                return id.isEmpty || id.contains(where: \.isWhitespace) ? nil : .claudeSession(id)
            case "entire-checkpoint":
                let id = String(value.prefix { !$0.isWhitespace })
                return id.count == 12 && id.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) ? .entireCheckpoint(id) : nil
            case "co-authored-by":
                let lowered = value.lowercased()
                if let address = agentAddresses.first(where: lowered.hasSuffix) {
                    return .agentCoAuthor(String(value.dropLast(address.count)).trimmingSpaces())
                }
                return AiderCommits.model(inCoAuthor: String(value)).map { .aider(model: $0) }
            case "assisted-by":
                return .assistedBy(String(value))
            default:
                return nil
            }
        }
    }
}
