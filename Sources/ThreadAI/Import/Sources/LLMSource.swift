/// Simon Willison's llm: its `logs.db`, read with the `sqlite3` tool found on `hooks.toolSearchPath`
/// (`LLMDatabase`).
public struct LLMSource: ConversationSource {
    public let name = "llm"
    public init() {}

    public func claims(fileName path: String) -> Bool { path.hasSuffix(".db") }

    public func forEachConversation(at path: String, hooks: ImportHooks, _ body: (ImportConversation) throws -> Void) throws {
        try LLMDatabase.forEachConversation(database: path, path: hooks.toolSearchPath, body)
    }
}
