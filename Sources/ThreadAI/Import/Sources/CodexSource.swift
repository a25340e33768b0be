#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// OpenAI Codex CLI's sessions: one rollout file per session,
/// `~/.codex/sessions/YYYY/MM/DD/rollout-TIME-UUID.jsonl`, known by its name (so it is listed before
/// `claude-code` in `ImportSources.all`, which takes every other `.jsonl`). A session is read whole,
/// as a Claude Code session is (`CodexRollout`).
public struct CodexSource: ConversationSource {
    public let name = "codex"
    public init() {}

    public func claims(fileName path: String) -> Bool { Self.isRollout(path) }

    public func collects(inFolder relativePath: String) -> Bool { Self.isRollout(relativePath) }

    /// `rollout-….jsonl`, in any folder.
    static func isRollout(_ path: String) -> Bool {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasPrefix("rollout-") && file.hasSuffix(".jsonl")
    }

    public func forEachConversation(at path: String, hooks: ImportHooks, _ body: (ImportConversation) throws -> Void) throws {
        try body(try CodexRollout.parse(try ImportFileError.contents(of: path), name: path))
    }
}
