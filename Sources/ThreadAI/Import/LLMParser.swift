import ThreadAIStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads llm's `logs.db` from the rows of the queries it names, as `sqlite3 -json` prints them
/// (docs/CLI.md, `import`): the older `responses`/`conversations` tables with their tool calls, tool
/// results, fragments and attachments, and the newer message store (`LLMMessageStore`). ThreadAI has
/// no SQLite library: the caller runs each query and hands back its output under the query's key.
public enum LLMParser {
    /// The query listing the database's tables, which decides the other queries.
    public static let tablesQuery = "select name from sqlite_master where type = 'table' order by name"

    /// The table names in `tablesQuery`'s output.
    public static func tables(_ data: Data, name: String) throws(ImportError) -> Set<String> {
        Set(try LLMRows.parse(data, name: name).compactMap { $0["name"]?.string })
    }

    /// The queries to run, by key, for a database holding `tables`; an error when it holds neither
    /// generation of llm's log tables.
    public static func queries(for tables: Set<String>, name: String) throws(ImportError) -> [String: String] {
        var queries: [String: String] = [:]
        if tables.contains("responses") {
            let conversations = tables.contains("conversations")
            queries[responsesKey] = "select r.*, \(conversations ? "c.name" : "null") as conversation_name from responses r "
                + (conversations ? "left join conversations c on c.id = r.conversation_id " : "")
                + "order by r.conversation_id, r.datetime_utc, r.id"
            if tables.contains("tool_calls") { queries["tool_calls"] = "select * from tool_calls order by id" }
            if tables.contains("tool_results") { queries["tool_results"] = "select * from tool_results order by id" }
            if tables.isSuperset(of: ["fragments", "prompt_fragments", "system_fragments"]) {
                queries["fragments"] = """
                    select x.response_id, x.kind, f.content, f.source from (\
                    select response_id, fragment_id, "order", 'prompt' as kind from prompt_fragments union all \
                    select response_id, fragment_id, "order", 'system' as kind from system_fragments) x \
                    join fragments f on f.id = x.fragment_id order by x.response_id, x.kind, x."order"
                    """
            }
            if tables.isSuperset(of: ["attachments", "prompt_attachments"]) {
                queries["attachments"] = """
                    select pa.response_id, a.id, a.type, a.path, a.url, length(a.content) as bytes \
                    from prompt_attachments pa join attachments a on a.id = pa.attachment_id \
                    order by pa.response_id, pa."order"
                    """
            }
        }
        queries.merge(LLMMessageStore.queries(for: tables)) { old, _ in old }
        guard !queries.isEmpty else {
            throw ImportError(item: name, reason: "not an llm logs.db: it has neither a responses table nor a turns table (an unknown version?)")
        }
        return queries
    }

    /// The key of the `responses` query in `queries(for:)`: its rows can be many, so a caller may
    /// read them one at a time (`LLMReading`) instead of handing them to `parse` whole.
    public static let responsesKey = "responses"

    /// The key of the message store's `parts` query in `queries(for:)`, which holds its content: a
    /// caller may leave it out and read the parts a few conversations at a time
    /// (`LLMReading.forEachStoreConversation`).
    public static let partsKey = LLMMessageStore.partsKey

    /// Every conversation in the rows of `queries(for:)`: those of the message store first, then
    /// those of the `responses` table that the store does not hold (llm 0.32 reuses a conversation's
    /// id for its thread, and wrote some responses to both).
    public static func parse(_ results: [String: Data], name: String) throws(ImportError) -> [ImportConversation] {
        var reading = try LLMReading(results, name: name)
        var conversations = try reading.storeConversations(parts: results[LLMMessageStore.partsKey])
        for row in try LLMRows.parse(results[responsesKey] ?? Data(), name: name) {
            if let finished = try reading.add(row) { conversations.append(finished) }
        }
        if let last = reading.lastConversation() { conversations.append(last) }
        return conversations
    }
}

/// One row as `sqlite3 -json` prints it: its columns' values by name.
typealias LLMRow = [String: JSONReader.Value]

/// Rows as `sqlite3 -json` prints them: a JSON array of objects, or nothing at all for no rows.
enum LLMRows {
    static func parse(_ data: Data, name: String) throws(ImportError) -> [LLMRow] {
        if data.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") }) { return [] }
        let rows = JSONReader.Value.readingLikeFoundation(data)?.array?.map(\.object)
        guard let rows, !rows.contains(where: { $0 == nil }) else { throw notRows(name) }
        return rows.compactMap { $0 }
    }

    /// One row: the bytes of one object of `sqlite3 -json`'s array (`JSONArrayElements`).
    static func row(_ bytes: [UInt8], name: String) throws(ImportError) -> LLMRow {
        guard let row = JSONReader.Value.readingLikeFoundation(bytes)?.object else { throw notRows(name) }
        return row
    }

    static func notRows(_ name: String) -> ImportError {
        ImportError(item: name, reason: "sqlite3 did not print the rows as a JSON array")
    }

    /// The rows of `data` (none when nil) by the value in their `column` (a number as its digits),
    /// each group in the query's order.
    static func grouped(_ data: Data?, by column: String, name: String) throws(ImportError) -> [String: [LLMRow]] {
        guard let data else { return [:] }
        var groups: [String: [LLMRow]] = [:]
        for row in try parse(data, name: name) {
            guard let key = row[column]?.text else { continue }
            groups[key, default: []].append(row)
        }
        return groups
    }

    /// llm writes `2023-07-11T17:14:05.373339` (older versions a space for the T; 0.32 `+00:00` at
    /// the end), in UTC: the second it names.
    static func date(_ value: JSONReader.Value?) -> Timestamp? {
        guard let text = value?.string, text.count >= 19 else { return nil }
        return ClaudeCodeParser.date(String(text.prefix(19).map { $0 == " " ? "T" : $0 }) + "Z")
    }
}
