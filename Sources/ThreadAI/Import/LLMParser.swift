import ThreadAIStore

#if canImport(FoundationEssentials)
import Foundation
#else
import Foundation
#endif

/// Reads the rows of llm's `logs.db` (its `responses` and `conversations` tables, as `sqlite3 -json`
/// prints them): each conversation a thread, each response a prompt and a reply (docs/CLI.md, `import`).
public enum LLMParser {
    /// The query whose `sqlite3 -json` output `parse` reads, oldest first.
    public static let responsesQuery = """
        select r.id, r.model, r.prompt, r.system, r.response, r.conversation_id, r.datetime_utc, \
        r.input_tokens, r.output_tokens, r.duration_ms, c.name as conversation_name \
        from responses r left join conversations c on c.id = r.conversation_id \
        order by r.conversation_id, r.datetime_utc, r.id
        """

    public static func parse(_ data: Data, name: String) throws(ImportError) -> [ImportConversation] {
        if data.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") }) { return [] }  // no rows
        guard let rows = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]] else {
            throw ImportError(item: name, reason: "sqlite3 did not print the rows as a JSON array")
        }
        var conversations: [ImportConversation] = []
        for row in rows {
            guard let id = row["id"] as? String else { throw ImportError(item: name, reason: "a response has no id") }
            let conversationID = row["conversation_id"] as? String ?? id
            if conversations.last?.id != conversationID {
                conversations.append(ImportConversation(
                    format: "llm", id: conversationID, title: row["conversation_name"] as? String, date: nil, nodes: [], currentNode: nil))
            }
            // llm writes `2023-07-11T17:14:05.373339` (older versions a space for the T), in UTC.
            let date = ClaudeCodeParser.date((row["datetime_utc"] as? String).map { String($0.prefix(19)).replacingOccurrences(of: " ", with: "T") + "Z" })
            var parent = conversations[conversations.count - 1].nodes.last?.sourceID
            var nodes: [ImportNode] = []
            if parent == nil, let system = row["system"] as? String, !system.isEmpty {
                nodes.append(ImportNode(sourceID: id + ".system", parentSourceID: nil, role: .system, date: date, content: system))
                parent = id + ".system"
            }
            nodes.append(ImportNode(sourceID: id + ".prompt", parentSourceID: parent, role: .user, date: date, content: row["prompt"] as? String ?? ""))
            var fields: [String: String] = [:]
            if let model = row["model"] as? String, !model.isEmpty { fields["model"] = model }
            for (column, key) in [("input_tokens", "input-tokens"), ("output_tokens", "output-tokens"), ("duration_ms", "latency-ms")] {
                if let value = row[column] as? Int, value >= 0 { fields[key] = String(value) }
            }
            nodes.append(ImportNode(sourceID: id, parentSourceID: id + ".prompt", role: .assistant, date: date, content: row["response"] as? String ?? "", fields: fields))
            conversations[conversations.count - 1].nodes += nodes
            conversations[conversations.count - 1].currentNode = id
        }
        return conversations
    }
}
