#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// Claude Code's sessions: one `.jsonl` file per session, anywhere below a folder such as
/// `~/.claude/projects/-home-me-src-app`; a session is small, so it is read whole.
public struct ClaudeCodeSource: ConversationSource {
    public let name = "claude-code"
    public init() {}

    public func claims(fileName path: String) -> Bool { path.hasSuffix(".jsonl") }

    public func collects(inFolder relativePath: String) -> Bool { relativePath.hasSuffix(".jsonl") }

    public func forEachConversation(at path: String, hooks: ImportHooks, _ body: (ImportConversation) throws -> Void) throws {
        try body(try ClaudeCodeParser.parse(try ImportFileError.contents(of: path), name: path))
    }
}
