/// ChatGPT's data export (`conversations.json`, or since 2026 `conversations-000.json`, …): any JSON
/// file no other source claims, and those files at the top of an unzipped export's folder.
public struct ChatGPTSource: ConversationSource {
    public let name = "chatgpt"
    public init() {}

    public var readsUnclaimedFiles: Bool { true }

    /// `conversations.json` or `conversations-NNN.json` at the top of the folder.
    public func collects(inFolder relativePath: String) -> Bool {
        guard !relativePath.contains("/"), relativePath.hasPrefix("conversations"), relativePath.hasSuffix(".json") else { return false }
        let middle = relativePath.dropFirst("conversations".count).dropLast(".json".count)
        return middle.isEmpty || (middle.first == "-" && middle.dropFirst().allSatisfy(\.isNumber) && middle.count > 1)
    }

    public func forEachConversation(at path: String, hooks: ImportHooks, _ body: (ImportConversation) throws -> Void) throws {
        try ChatGPTParser.parse(path: path, name: path, checked: { hooks.checked($0, .conversation) }, each: body)
    }
}
