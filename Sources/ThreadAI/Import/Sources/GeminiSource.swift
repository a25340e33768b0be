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

    /// A `.jsonl` file, or a `session-….json`, below a `chats` folder (Claude Code and Codex have none).
    static func isSessionFile(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        guard let file = parts.last, parts.dropLast().contains("chats") else { return false }
        return file.hasSuffix(".jsonl") || (file.hasPrefix("session-") && file.hasSuffix(".json"))
    }

    public func forEachConversation(at path: String, hooks: ImportHooks, _ body: (ImportConversation) throws -> Void) throws {
        let data = try ImportFileError.contents(of: path)
        try body(GeminiCheckpoint.isCheckpoint(path) ? try GeminiCheckpoint.parse(data, name: path) : try GeminiSession.parse(data, name: path))
    }
}
