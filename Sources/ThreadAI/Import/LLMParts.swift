#if canImport(FoundationEssentials)
import FoundationEssentials
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
    static func fragment(_ row: LLMRow) -> String {
        var part: LLMRow = ["content": row["content"] ?? .null]
        if let source = row["source"]?.string, !source.isEmpty { part["source"] = .string(source) }
        return ImportPart.fenced(kind: "fragment", body: ImportPart.compactJSON(.object(part)))
    }

    /// An attachment as the `attachments` table describes it; its bytes stay in logs.db, so the
    /// part says how many there are (`bytes`) and where they came from (`path`, `url`).
    static func attachment(_ row: LLMRow) -> String {
        ImportPart.fenced(kind: "attachment", body: ImportPart.compactJSON(.object(picked(row, ["id", "type", "path", "url", "bytes"]))))
    }

    /// A row of the older `tool_calls` table: `{"arguments", "name", "tool_call_id"}`, the
    /// arguments as the JSON they are.
    static func legacyToolCall(_ row: LLMRow) -> String {
        var part = picked(row, ["name", "tool_call_id"])
        if let arguments = row["arguments"]?.string {
            part["arguments"] = JSONReader.Value.readingLikeFoundation(arguments.utf8) ?? .string(arguments)
        }
        return ImportPart.fenced(kind: "tool-use", body: ImportPart.compactJSON(.object(part)))
    }

    /// A row of the older `tool_results` table: `{"exception", "name", "output", "tool_call_id"}`.
    static func legacyToolResult(_ row: LLMRow) -> String {
        ImportPart.fenced(kind: "tool-result", body: ImportPart.compactJSON(.object(picked(row, ["name", "output", "tool_call_id", "exception"]))))
    }

    /// The row's values under `keys`, those that are null left out.
    private static func picked(_ row: LLMRow, _ keys: [String]) -> LLMRow {
        var part: LLMRow = [:]
        for key in keys where !JSONReader.Value.isAbsent(row[key]) {
            part[key] = row[key]
        }
        return part
    }
}
