#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// What capture needs to know of each coding agent (docs/CLI.md, `capture --agent`): the hooked
/// agents (`CodingAgent`) are the captured ones.
extension CodingAgent {
    /// The agent's name in sentences.
    public var displayName: String {
        switch self {
        case .claudeCode: "Claude Code"
        case .codex: "Codex"
        case .gemini: "Gemini CLI"
        }
    }

    /// The agent that wrote the transcript at `path`, by its name as `import` knows it: a Codex
    /// rollout (`rollout-….jsonl`), a Gemini CLI session (`session-…`, `chats/SESSION/ID.jsonl`),
    /// else Claude Code's.
    public static func of(transcript path: String) -> CodingAgent {
        if CodexSource.isRollout(path) { return .codex }
        if GeminiSource.isSessionFile(path) { return .gemini }
        return .claudeCode
    }
}

/// How capture reads one agent's transcript: the one place where agents differ (`SessionCapture`
/// is the same for all). Each parses the transcript whole with the parser of `import AGENT`, so
/// what a capture stores is what the import of the finished file stores; and each says which part
/// of a growing file no later write can change (what is held back until then).
struct TranscriptParser: Sendable {
    let agent: CodingAgent
    /// The transcript is one JSON object rewritten whole at each change (a Gemini CLI `session-….json`
    /// of versions before April 2026), not lines appended to.
    let isRewritten: Bool

    init(_ agent: CodingAgent, path: String) {
        self.agent = agent
        isRewritten = agent == .gemini && path.hasSuffix(".json")
    }

    /// The end of what is written whole: the last complete line; for a rewritten file, all of it
    /// once it reads as JSON (0 while Gemini CLI is writing it).
    func completeEnd(of bytes: [UInt8]) -> Int {
        guard isRewritten else { return SettledPrefix.completeLines(of: bytes) }
        return JSONReader.Value.readingLikeFoundation(bytes)?.object == nil ? 0 : bytes.count
    }

    /// The end of the settled part of `complete` (docs/FORMAT.md §16):
    /// - Claude Code: `SettledPrefix` (a reply still being written, or with tool calls unanswered,
    ///   waits).
    /// - Codex: every complete line; a rollout line is written once and never changed.
    /// - Gemini: up to the first line of the newest message, which Gemini CLI writes again whole as
    ///   it grows (its thoughts, its tool calls' results); a rewritten file settles only whole, when
    ///   the session ends or by hand.
    func settledEnd(of complete: [UInt8]) -> Int {
        switch agent {
        case .claudeCode: return SettledPrefix.end(of: complete)
        case .codex: return complete.count
        case .gemini: return isRewritten ? 0 : Self.startOfNewestGeminiMessage(complete)
        }
    }

    /// Where a parsed transcript's stored part ends, for the next capture (docs/FORMAT.md §16).
    struct Tip {
        var conversation: String
        var source: String
        var position: CaptureContinuation.Position
    }

    /// The conversation, and where its newest stored message stands, so that the next capture reads
    /// only what follows (docs/FORMAT.md §16, "Going on from the record"); none for a Gemini CLI
    /// session of the older one-object form, which is rewritten whole.
    /// - Parameter later: the complete lines after `data`, held back: a Claude Code title line
    ///   among them names the thread already (`ClaudeCodeParser.parsed`).
    func parse(_ data: Data, name: String, later: Data? = nil) throws(ImportError) -> (conversation: ImportConversation, tip: Tip?) {
        switch agent {
        case .claudeCode:
            let (conversation, tip) = try ClaudeCodeParser.parsed(data, name: name, later: later)
            return (conversation, tip.map { Tip(conversation: $0.conversation, source: $0.tip, position: SessionCapture.position($0)) })
        case .codex:
            let (conversation, tip) = try CodexRollout.parsed(data, name: name)
            return (conversation, tip.map { Tip(conversation: $0.conversation, source: $0.tip, position: SessionCapture.position($0)) })
        case .gemini:
            let (conversation, tip) = try GeminiSession.parsed(data, name: name)
            return (conversation, tip.map { Tip(conversation: conversation.id, source: $0, position: .gemini) })
        }
    }

    /// Whether a record's `position` is this agent's.
    func continues(_ position: CaptureContinuation.Position) -> Bool {
        switch (agent, position) {
        case (.claudeCode, .claudeCode), (.codex, .codex): return true
        case (.gemini, .gemini): return !isRewritten
        default: return false
        }
    }

    /// Whether `conversation` (of a settled part) is named as its import will be: Codex and Gemini CLI
    /// sessions take their title from the user's first question, so one stored before the question
    /// came would keep another name (docs/FORMAT.md §4.6, `thread`). Until then nothing is stored.
    func isNamed(_ conversation: ImportConversation) -> Bool {
        agent == .claudeCode || conversation.title != nil
    }

    /// Where the first line of the newest message record starts (all of `bytes` when there is none).
    static func startOfNewestGeminiMessage(_ bytes: [UInt8]) -> Int {
        var firstLine: [String: Int] = [:]
        var newest: String?
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            defer { start = index + 1 }
            guard case .object(let object, _) = ClaudeCodeLine.read(bytes[start..<index]),
                  object["$rewindTo"] == nil, object["$set"] == nil, let id = object["id"]?.string else { continue }
            if firstLine[id] == nil { firstLine[id] = start }
            newest = id
        }
        return newest.flatMap { firstLine[$0] } ?? bytes.count
    }
}
