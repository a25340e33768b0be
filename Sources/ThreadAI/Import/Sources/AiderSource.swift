#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// aider's chat history, `.aider.chat.history.md` in the project's folder (`AiderHistory`): each
/// session a conversation. Known by its name (`--chat-history-file` may name it otherwise: then by
/// its first line, the header aider writes when it starts).
public struct AiderSource: ConversationSource {
    public let name = "aider"
    public init() {}

    static let fileName = ".aider.chat.history.md"

    public func claims(fileName path: String) -> Bool { Self.isHistory(path) }

    /// The first line with text is a session header (aider begins the file with an empty line).
    public func claims(start: [UInt8]) -> Bool {
        let text = String(decoding: start.prefix(256), as: UTF8.self)
        let first = AiderHistory.lines(of: text).first { !AiderHistory.isBlank($0) }
        return first.map { AiderHistory.sessionStart($0) != nil } ?? false
    }

    public func collects(inFolder relativePath: String) -> Bool { Self.isHistory(relativePath) }

    static func isHistory(_ path: String) -> Bool {
        path == fileName || path.hasSuffix("/" + fileName)
    }

    public func forEachConversation(at path: String, hooks: ImportHooks, _ body: (ImportConversation) throws -> Void) throws {
        for conversation in try AiderHistory.conversations(try ImportFileError.contents(of: path), name: path) {
            try body(conversation)
        }
    }
}
