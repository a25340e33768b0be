import ThreadAIStore

/// Gemini API content as ThreadAI text (docs/FORMAT.md §4.6): Gemini CLI stores what it sent and
/// received as `Part`s (`@google/genai`): `{"text"}`, `{"text", "thought": true}`, `{"functionCall"}`,
/// `{"functionResponse"}`, `{"inlineData"}`, `{"fileData"}`, `{"executableCode"}`,
/// `{"codeExecutionResult"}`, or a bare string.
enum GeminiParts {
    /// The kind each structured part is written as; any other part takes its own first key.
    static let kinds = [
        "functionCall": "tool-use", "functionResponse": "tool-result", "inlineData": "image", "fileData": "image",
        "executableCode": "code", "codeExecutionResult": "execution-output",
    ]

    /// A `PartListUnion` (a string, a part, or an array of both): text parts one after another, a
    /// thought as a `thoughts` part, any other part fenced as the source gave it.
    static func text(_ content: JSONReader.Value?) -> String {
        guard let content else { return "" }
        let parts = content.array ?? [content]
        return parts.map(text(ofPart:)).joinedText(separator: "\n\n")
    }

    static func text(ofPart part: JSONReader.Value) -> String {
        if let text = part.string { return text }
        let object = part.object ?? [:]
        if let text = object["text"]?.string {
            if case .bool(true)? = object["thought"] { return ImportPart.fenced(kind: "thoughts", body: text) }
            return text
        }
        let key = object.keys.sorted().first { kinds[$0] != nil } ?? object.keys.sorted().first ?? "part"
        return ImportPart.fenced(kind: kinds[key] ?? key, body: ImportPart.compactJSON(part))
    }

    /// A `gemini` message's tool call: the call (`id`, `name`, `args`) as a `tool-use` part, and,
    /// once it ran, its `status` and `result` (the parts sent back to the model) as a `tool-result`
    /// part. What Gemini CLI keeps only to display it (`displayName`, `description`, `resultDisplay`,
    /// `renderOutputAsMarkdown`) is left out: `result` holds what the model saw.
    static func toolCall(_ call: [String: JSONReader.Value]) -> [String] {
        let use = call.filter { ["id", "name", "args", "agentId"].contains($0.key) }
        var parts = [ImportPart.fenced(kind: "tool-use", body: ImportPart.compactJSON(.object(use)))]
        if call["result"] != nil, !isNull(call["result"]) {
            let answer = call.filter { ["id", "name", "status", "result"].contains($0.key) }
            parts.append(ImportPart.fenced(kind: "tool-result", body: ImportPart.compactJSON(.object(answer))))
        }
        return parts
    }

    private static func isNull(_ value: JSONReader.Value?) -> Bool {
        if case .null? = value { return true }
        return false
    }
}
