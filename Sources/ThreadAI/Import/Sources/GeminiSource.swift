#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// Gemini CLI's sessions and saved chats, below `~/.gemini/tmp/PROJECT/`: `chats/session-….jsonl`
/// (`.json` from versions before April 2026; `GeminiSession`), a subagent's `chats/PARENT/ID.jsonl`,
/// and `checkpoint-TAG.json` from `/chat save` (`GeminiCheckpoint`). Known by name (so it is listed
/// before `claude-code` in `ImportSources.all`, which takes every other `.jsonl`), or a `.json`
/// elsewhere by its first bytes.
public struct GeminiSource: ConversationSource {
    public let name = "gemini"
    public init() {}

    public func claims(fileName path: String) -> Bool { Self.isSessionFile(path) || GeminiCheckpoint.isCheckpoint(path) }

    /// A session moved out of its folder: a JSON object whose first bytes hold its metadata's keys
    /// (no other source's file has `projectHash`). A `.jsonl` is Claude Code's by its name alone.
    public func claims(start: [UInt8]) -> Bool {
        guard start.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) == UInt8(ascii: "{") else { return false }
        return ["\"sessionId\"", "\"projectHash\""].allSatisfy { start.firstRange(of: Array($0.utf8)) != nil }
    }

    public func collects(inFolder relativePath: String) -> Bool {
        Self.isSessionFile(relativePath) || GeminiCheckpoint.isCheckpoint(relativePath)
    }

    /// A `session-….jsonl` or `session-….json` (in a `chats` folder, or a folder given to `import`),
    /// or a subagent's `chats/SESSION/ID.jsonl`. Claude Code names its sessions by their id and Codex
    /// its rollouts `rollout-…`; neither has a `chats` folder (one higher up, in HOME's path, says nothing).
    static func isSessionFile(_ path: String) -> Bool {
        let parts = path.split(separator: "/").reversed().map(String.init)
        guard let file = parts.first else { return false }
        if file.hasPrefix("session-") && (file.hasSuffix(".json") || file.hasSuffix(".jsonl")) { return true }
        return parts.count >= 3 && parts[2] == "chats" && file.hasSuffix(".jsonl")
    }

    public func forEachConversation(at path: String, hooks: ImportHooks, _ body: (ImportConversation) throws -> Void) throws {
        let data = try ImportFileError.contents(of: path)
        try body(GeminiCheckpoint.isCheckpoint(path) ? try GeminiCheckpoint.parse(data, name: path) : try GeminiSession.parse(data, name: path))
    }
}
