#if canImport(FoundationEssentials)
import Foundation
#else
import Foundation
#endif

/// llm's non-text content in its textual form (docs/FORMAT.md §4.6): `part:tool-use`,
/// `part:tool-result`, `part:fragment`, `part:attachment`, `part:thoughts` blocks.
enum LLMParts {
    /// Parts in order, one blank line between them, empty ones left out.
    static func joined(_ parts: [String]) -> String {
        parts.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// A fragment (text llm stored once and referred to): `{"content", "source"}`.
    static func fragment(_ row: [String: Any]) -> String {
        var part: [String: Any] = ["content": row["content"] ?? NSNull()]
        if let source = row["source"] as? String, !source.isEmpty { part["source"] = source }
        return ImportPart.fenced(kind: "fragment", body: ImportPart.compactJSON(part))
    }

    /// An attachment as the `attachments` table describes it; its bytes stay in logs.db, so the
    /// part says how many there are (`bytes`) and where they came from (`path`, `url`).
    static func attachment(_ row: [String: Any]) -> String {
        var part: [String: Any] = [:]
        for key in ["id", "type", "path", "url", "bytes"] {
            if let value = row[key], !(value is NSNull) { part[key] = value }
        }
        return ImportPart.fenced(kind: "attachment", body: ImportPart.compactJSON(part))
    }

    /// A row of the older `tool_calls` table: `{"arguments", "name", "tool_call_id"}`, the
    /// arguments as the JSON they are.
    static func legacyToolCall(_ row: [String: Any]) -> String {
        var part = picked(row, ["name", "tool_call_id"])
        if let arguments = row["arguments"] as? String {
            part["arguments"] = (try? JSONSerialization.jsonObject(with: Data(arguments.utf8), options: [.fragmentsAllowed])) ?? arguments
        }
        return ImportPart.fenced(kind: "tool-use", body: ImportPart.compactJSON(part))
    }

    /// A row of the older `tool_results` table: `{"exception", "name", "output", "tool_call_id"}`.
    static func legacyToolResult(_ row: [String: Any]) -> String {
        ImportPart.fenced(kind: "tool-result", body: ImportPart.compactJSON(picked(row, ["name", "output", "tool_call_id", "exception"])))
    }

    private static func picked(_ row: [String: Any], _ keys: [String]) -> [String: Any] {
        var part: [String: Any] = [:]
        for key in keys {
            if let value = row[key], !(value is NSNull) { part[key] = value }
        }
        return part
    }
}
