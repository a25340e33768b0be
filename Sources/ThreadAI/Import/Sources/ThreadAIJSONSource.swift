/// ThreadAI's own export (docs/FORMAT.md §11), known by its `"format": "threadai-json"`. Its messages
/// are already objects with their ids, so it stores them itself (`ThreadAIJSON.load`) rather than
/// handing conversations to `Importer`: it is an `ImportSource`, not a `ConversationSource`.
public struct ThreadAIJSONSource: ImportSource {
    public let name = "threadai-json"
    public init() {}

    public func claims(start: [UInt8]) -> Bool { ThreadAIJSON.looksLikeExport(start) }

    public func importFile(at path: String, into importer: inout Importer, summary: inout Importer.Summary, hooks: ImportHooks) throws {
        try ThreadAIJSON.load(
            path: path, into: &importer, summary: &summary, secrets: hooks.secrets,
            checked: { hooks.checked($0, .message) }, progress: hooks.progress)
    }
}
