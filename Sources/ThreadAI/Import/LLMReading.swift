#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// llm's `logs.db` read with its `responses` rows taken one at a time, in the order the query gives
/// them (by conversation, then date): each conversation is handed on as soon as the next one begins,
/// so a database of years of responses is imported holding one conversation, not all of them. The
/// other queries' rows (the message store, tool calls, fragments, attachments) are read whole first.
public struct LLMReading {
    /// The message store read without its parts' content (`LLMMessageStore.plan`); its conversations
    /// come before those of `responses`.
    private var store: LLMMessageStore.Plan
    private let extras: Extras
    private let name: String
    private var current: ImportConversation?
    /// The system prompt in force in `current`: a response that gives another one starts with it.
    private var currentSystem = ""
    private var rows = JSONArrayElements()

    /// Reads every query's rows in `results` but those of `LLMParser.responsesKey`.
    public init(_ results: [String: Data], name: String) throws(ImportError) {
        store = try LLMMessageStore.plan(results, name: name)
        extras = try Extras(results, name: name)
        self.name = name
    }

    /// How many messages' parts one query of the message store reads: its memory, at most.
    static let partsBatch = 2_000

    /// The message store's conversations, handed to `body` one by one, their content read a few
    /// thousand messages at a time: `readParts` runs the query it is given (on sqlite3's standard
    /// input) and returns what `sqlite3 -json` printed. Called once; the reading then holds no
    /// conversation of the store.
    public mutating func forEachStoreConversation(
        readParts: (String) throws -> Data, _ body: (ImportConversation) throws -> Void
    ) throws {
        var batch: [LLMMessageStore.Outline] = []
        var hashes = Set<String>()
        for (index, outline) in store.outlines.enumerated() {
            batch.append(outline)
            hashes.formUnion(outline.hashes)
            guard hashes.count >= Self.partsBatch || index == store.outlines.count - 1 else { continue }
            let rows = hashes.isEmpty ? Data() : try readParts(LLMMessageStore.partsQuery(for: hashes.sorted()))
            let parts = try LLMRows.grouped(rows, by: "message_hash", name: name)
            for outline in batch { try body(LLMMessageStore.conversation(outline, plan: store, parts: parts)) }
            batch.removeAll()
            hashes.removeAll()
        }
        store.outlines = []
    }

    /// The message store's conversations, their parts from the rows of the whole parts query.
    mutating func storeConversations(parts rows: Data?) throws(ImportError) -> [ImportConversation] {
        let parts = try LLMRows.grouped(rows, by: "message_hash", name: name)
        var conversations: [ImportConversation] = []
        for outline in store.outlines { conversations.append(try LLMMessageStore.conversation(outline, plan: store, parts: parts)) }
        store.outlines = []
        return conversations
    }

    /// Takes the next piece of what `sqlite3 -json` prints for the `responses` query, calling `body`
    /// with each conversation that its rows complete.
    /// - Throws: `ImportError` for output that is not rows, or a row that is not a response;
    ///   whatever `body` throws.
    public mutating func add(output piece: ArraySlice<UInt8>, _ body: (ImportConversation) throws -> Void) throws {
        // Taken out while it calls back into this reading (and put back after), not copied.
        var rows = JSONArrayElements()
        swap(&rows, &self.rows)
        defer { swap(&rows, &self.rows) }
        do {
            try rows.append(piece) { bytes in
                if let finished = try add(LLMRows.row(bytes, name: name)) { try body(finished) }
            }
        } catch is JSONArrayElements.Failure {
            throw LLMRows.notRows(name)
        }
    }

    /// Takes the next row of the `responses` query.
    /// - Returns: the conversation this row closed (the row begins another), if any.
    mutating func add(_ row: LLMRow) throws(ImportError) -> ImportConversation? {
        guard let id = row["id"]?.string else { throw ImportError(item: name, reason: "a response has no id") }
        let conversationID = row["conversation_id"]?.string ?? id
        // Written to the message store too (llm 0.32): read from there.
        if store.turnIDs.contains(id) || store.threadIDs.contains(conversationID) { return nil }
        var finished: ImportConversation?
        if current?.id != conversationID {
            finished = current
            currentSystem = ""
            current = ImportConversation(
                format: "llm", id: conversationID, title: row["conversation_name"]?.string, date: nil, nodes: [], currentNode: nil)
        }
        let added = nodes(of: row, id: id, after: current?.nodes.last?.sourceID, system: &currentSystem)
        current?.nodes += added
        current?.currentNode = id
        return finished
    }

    /// The last conversation, once every row is in.
    /// - Throws: `ImportError` when the output given to `add(output:_:)` ended inside its array.
    public mutating func finish() throws(ImportError) -> ImportConversation? {
        do {
            try rows.finish()
        } catch {
            throw LLMRows.notRows(name)
        }
        return lastConversation()
    }

    /// The conversation the last row belongs to, which no row closed.
    mutating func lastConversation() -> ImportConversation? {
        defer { current = nil }
        return current
    }

    /// A response's messages: its system prompt (when it starts the conversation, or gives another
    /// one than `system`, the prompt in force, which it updates: `llm -c -s`), its prompt with
    /// fragments, attachments and tool results, and its reply with reasoning and tool calls.
    private func nodes(of row: LLMRow, id: String, after previous: String?, system inForce: inout String) -> [ImportNode] {
        let date = LLMRows.date(row["datetime_utc"])
        var parent = previous
        var nodes: [ImportNode] = []
        let fragments = extras.fragments[id] ?? []
        let system = LLMParts.joined(
            fragments.filter { $0["kind"]?.string == "system" }.map(LLMParts.fragment) + [row["system"]?.string ?? ""])
        if !system.isEmpty, parent == nil || system != inForce {
            nodes.append(ImportNode(sourceID: id + ".system", parentSourceID: parent, role: .system, date: date, content: system))
            parent = id + ".system"
            inForce = system
        }
        let prompt = row["prompt"]?.string ?? ""
        let results = (extras.toolResults[id] ?? []).map(LLMParts.legacyToolResult)
        let promptParts = fragments.filter { $0["kind"]?.string == "prompt" }.map(LLMParts.fragment) + [prompt]
            + (extras.attachments[id] ?? []).map(LLMParts.attachment) + results
        var promptFields: [String: String] = [:]
        if prompt.isEmpty && !results.isEmpty && promptParts.count == results.count + 1 { promptFields["source-role"] = "tool" }
        nodes.append(ImportNode(
            sourceID: id + ".prompt", parentSourceID: parent, role: .user, date: date,
            content: LLMParts.joined(promptParts), fields: promptFields))
        var fields: [String: String] = [:]
        if let model = row["model"]?.string, !model.isEmpty { fields["model"] = model }
        for (column, key) in [("input_tokens", "input-tokens"), ("output_tokens", "output-tokens"), ("duration_ms", "latency-ms")] {
            if let value = row[column]?.integer, value >= 0 { fields[key] = String(value) }
        }
        let reasoning = row["reasoning"]?.string.flatMap { $0.isEmpty ? nil : ImportPart.fenced(kind: "thoughts", body: $0) }
        let reply = [reasoning ?? "", row["response"]?.string ?? ""] + (extras.toolCalls[id] ?? []).map(LLMParts.legacyToolCall)
        nodes.append(ImportNode(sourceID: id, parentSourceID: id + ".prompt", role: .assistant, date: date, content: LLMParts.joined(reply), fields: fields))
        return nodes
    }

    /// The tool calls, tool results, fragments and attachments of each response.
    struct Extras {
        var toolCalls: [String: [LLMRow]] = [:]
        var toolResults: [String: [LLMRow]] = [:]
        var fragments: [String: [LLMRow]] = [:]
        var attachments: [String: [LLMRow]] = [:]

        init(_ results: [String: Data], name: String) throws(ImportError) {
            toolCalls = try LLMRows.grouped(results["tool_calls"], by: "response_id", name: name)
            toolResults = try LLMRows.grouped(results["tool_results"], by: "response_id", name: name)
            fragments = try LLMRows.grouped(results["fragments"], by: "response_id", name: name)
            attachments = try LLMRows.grouped(results["attachments"], by: "response_id", name: name)
        }
    }
}
