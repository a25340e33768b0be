import ThreadAIStore
import ThreadAISupport

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// llm's newer log tables (the content-addressed message store of llm 0.32): `messages` (a tree by
/// `parent_hash`), their `parts`, `threads` pointing at a tip message (a fork is a thread with
/// `forked_from`), and `turns`, one model call each, delimiting the messages it added
/// (docs/CLI.md, `import`).
enum LLMMessageStore {
    static let partsKey = "parts"

    static func queries(for tables: Set<String>) -> [String: String] {
        guard tables.isSuperset(of: ["messages", "parts", "turns"]) else { return [:] }
        var queries = [
            "messages": "select hash, parent_hash, role from messages",
            partsKey: "select message_hash, position, type, tool_name, text, payload from parts order by message_hash, position",
            "turns": """
                select id, thread_id, parent_message_hash, tip_message_hash, model, input_tokens, output_tokens, \
                duration_ms, datetime_utc from turns order by datetime_utc, id
                """,
        ]
        if tables.contains("threads") {
            queries["threads"] = "select id, name, tip_message_hash, forked_from, datetime_utc from threads order by datetime_utc, id"
        }
        if tables.contains("fragments") {
            queries["store_fragments"] = "select id, content, source from fragments"
                + (tables.contains("part_fragments") ? " where id in (select fragment_id from part_fragments)" : "")
        }
        if tables.contains("attachments") {
            queries["store_attachments"] = "select id, type, path, url, length(content) as bytes from attachments"
                + (tables.contains("part_attachments") ? " where id in (select attachment_id from part_attachments)" : "")
        }
        return queries
    }

    struct Message {
        var parent: String?
        var role: String
        var parts: [LLMRow] = []
        var date: Timestamp?
        var fields: [String: String] = [:]
    }

    /// One conversation of the store before its parts' content is read: which messages it writes.
    struct Outline {
        var id: String
        var title: String?
        var date: Timestamp?
        var currentNode: String?
        /// The messages to write, each once, every parent before its children.
        var hashes: [String]
        var skipped: [String]
        /// How errors name the conversation.
        var item: String
    }

    /// The store read without its parts (the bulk of it): every message's place, date and model, the
    /// conversations as outlines, and the fragments and attachments parts may refer to.
    struct Plan {
        var messages: [String: Message] = [:]
        var outlines: [Outline] = []
        var content = Content(fragments: [:], attachments: [:])
        var turnIDs = Set<String>()
        var threadIDs = Set<String>()
    }

    /// One conversation per thread that is not a fork, its forks' messages with it; one per turn
    /// that belongs to no thread. Every structural error (a missing parent, a loop of forks) is
    /// found here, before any content is read.
    static func plan(_ results: [String: Data], name: String) throws(ImportError) -> Plan {
        var plan = Plan()
        guard let messageRows = results["messages"] else { return plan }
        for row in try LLMRows.parse(messageRows, name: name) {
            guard let hash = row["hash"]?.string else { throw ImportError(item: name, reason: "a message has no hash") }
            plan.messages[hash] = Message(parent: row["parent_hash"]?.string, role: row["role"]?.string ?? "unknown")
        }
        let turns = try LLMRows.parse(results["turns"] ?? Data(), name: name)
        try date(&plan.messages, from: turns, name: name)
        let threads = try LLMRows.parse(results["threads"] ?? Data(), name: name)
        plan.content = Content(
            fragments: try LLMRows.grouped(results["store_fragments"], by: "id", name: name),
            attachments: try LLMRows.grouped(results["store_attachments"], by: "id", name: name))
        plan.turnIDs = Set(turns.compactMap { $0["id"]?.string })
        plan.threadIDs = Set(threads.compactMap { $0["id"]?.string })
        for family in try families(threads, name: name) {
            plan.outlines.append(try outline(family, messages: plan.messages, name: name))
        }
        for turn in turns where !plan.threadIDs.contains(turn["thread_id"]?.string ?? "") {
            guard let id = turn["id"]?.string, let tip = turn["tip_message_hash"]?.string else { continue }
            let alone: LLMRow = ["id": .string(id), "tip_message_hash": .string(tip), "datetime_utc": turn["datetime_utc"] ?? .null]
            plan.outlines.append(try outline([alone], messages: plan.messages, name: name))
        }
        return plan
    }

    /// The query for the parts of `hashes` (given on sqlite3's standard input: a long list does
    /// not fit in one argument), in the order `conversation` reads them.
    static func partsQuery(for hashes: some Sequence<String>) -> String {
        let list = hashes.map { "'" + $0.replacingEvery("'", with: "''") + "'" }.joined(separator: ",")
        return "select message_hash, position, type, tool_name, text, payload from parts where message_hash in (\(list)) "
            + "order by message_hash, position;\n"
    }

    /// The conversation `outline` describes, its messages' content from `parts` (rows of the parts
    /// query, by message hash).
    static func conversation(
        _ outline: Outline, plan: Plan, parts: [String: [LLMRow]]
    ) throws(ImportError) -> ImportConversation {
        var nodes: [ImportNode] = []
        nodes.reserveCapacity(outline.hashes.count)
        for hash in outline.hashes {
            guard var message = plan.messages[hash] else { continue }
            message.parts = parts[hash] ?? []
            nodes.append(try node(hash, message, content: plan.content, item: outline.item))
        }
        return ImportConversation(
            format: "llm", id: outline.id, title: outline.title, date: outline.date, nodes: nodes,
            currentNode: outline.currentNode, skipped: outline.skipped)
    }

    /// Each turn's date on the messages it added (and on its prompt, the message it continued from),
    /// its model on the replies, its tokens and latency on its last message. Messages no turn added
    /// take their parent's date when written.
    static func date(_ messages: inout [String: Message], from turns: [LLMRow], name: String) throws(ImportError) {
        for turn in turns {
            let date = LLMRows.date(turn["datetime_utc"])
            let stop = turn["parent_message_hash"]?.string
            var hash = turn["tip_message_hash"]?.string
            var isTip = true
            var steps = 0
            while let current = hash, current != stop, var message = messages[current] {
                steps += 1
                guard steps <= messages.count else {
                    throw ImportError(item: "\(name) turn \(turn["id"]?.text ?? "")", reason: "the chain of parents of its messages loops")
                }
                if message.date == nil { message.date = date }
                if message.role == "assistant", let model = turn["model"]?.string, !model.isEmpty { message.fields["model"] = model }
                if isTip {
                    for (column, key) in [("input_tokens", "input-tokens"), ("output_tokens", "output-tokens"), ("duration_ms", "latency-ms")] {
                        if let value = turn[column]?.integer, value >= 0 { message.fields[key] = String(value) }
                    }
                }
                messages[current] = message
                isTip = false
                hash = message.parent
            }
            if let stop, messages[stop]?.date == nil { messages[stop]?.date = date }
        }
    }

    /// Threads grouped with their forks (through `forked_from`), the thread they came from first.
    static func families(_ threads: [LLMRow], name: String) throws(ImportError) -> [[LLMRow]] {
        var byID: [String: LLMRow] = [:]
        for thread in threads {
            guard let id = thread["id"]?.string else { throw ImportError(item: name, reason: "a thread has no id") }
            byID[id] = thread
        }
        var families: [String: [LLMRow]] = [:]
        var order: [String] = []
        for thread in threads {
            var root = thread
            var seen = Set<String>()
            while let from = root["forked_from"]?.string {
                let id = root["id"]?.string ?? ""
                guard seen.insert(id).inserted else { throw ImportError(item: "\(name) thread \(id)", reason: "its forked_from chain loops") }
                guard let parent = byID[from] else {
                    throw ImportError(item: "\(name) thread \(id)", reason: "it was forked from thread \(from), which is missing")
                }
                root = parent
            }
            let key = root["id"]?.string ?? ""
            if families[key] == nil { order.append(key) }
            families[key, default: []].append(thread)
        }
        // The root thread first, its forks in the order they were made.
        return order.compactMap { key in
            families[key].map { members in members.filter { $0["id"]?.string == key } + members.filter { $0["id"]?.string != key } }
        }
    }

    /// The outline of `family` (a thread and its forks): every message on their chains, root
    /// first; the first thread's tip is the current node, every other tip a fork.
    static func outline(_ family: [LLMRow], messages: [String: Message], name: String) throws(ImportError) -> Outline {
        let root = family[0]
        let id = root["id"]?.string ?? ""
        let item = "\(name) thread \(id)"
        var hashes: [String] = []
        var written = Set<String>()
        var skipped: [String] = []
        for thread in family {
            guard let tip = thread["tip_message_hash"]?.string else {
                skipped.append("llm thread \(thread["id"]?.string ?? ""): no messages")
                continue
            }
            var chain: [String] = []
            var onChain = Set<String>()
            var hash: String? = tip
            while let current = hash, !written.contains(current) {
                guard let message = messages[current] else {
                    let child = chain.last.map { "message \($0)" } ?? "its tip"
                    throw ImportError(item: "\(item) \(child)", reason: "its parent \(current) is missing from the messages table")
                }
                guard onChain.insert(current).inserted else {
                    throw ImportError(item: "\(item) message \(current)", reason: "its chain of parents loops back to it")
                }
                chain.append(current)
                hash = message.parent
            }
            if chain.isEmpty {
                skipped.append("llm thread \(thread["id"]?.string ?? ""): a fork with no messages of its own (its tip is in an earlier thread)")
                continue
            }
            for hash in chain.reversed() {
                written.insert(hash)
                hashes.append(hash)
            }
        }
        return Outline(
            id: id, title: root["name"]?.string, date: LLMRows.date(root["datetime_utc"]), currentNode: root["tip_message_hash"]?.string,
            hashes: hashes, skipped: skipped, item: item)
    }

    static func node(_ hash: String, _ message: Message, content: Content, item: String) throws(ImportError) -> ImportNode {
        var fields = message.fields
        let role: Role
        switch message.role {
        case "system": role = .system
        case "user": role = .user
        case "assistant": role = .assistant
        case "tool":
            role = .user
            fields["source-role"] = "tool"
        default:
            role = .assistant
            fields["source-role"] = message.role
        }
        var parts: [String] = []
        for row in message.parts {
            parts.append(try content.text(of: row, item: "\(item) message \(hash)"))
        }
        return ImportNode(
            sourceID: hash, parentSourceID: message.parent, role: role, date: message.date, content: LLMParts.joined(parts), fields: fields)
    }

    /// What the parts' references point at: fragments and attachments by id.
    struct Content {
        var fragments: [String: [LLMRow]]
        var attachments: [String: [LLMRow]]

        /// A part's textual form: text as it is (with fragments it borrows as `part:fragment` blocks
        /// in their place), reasoning as `part:thoughts`, tool calls and results as
        /// `part:tool-use`/`part:tool-result` (their payload as compact JSON), attachments as
        /// `part:attachment`, anything else as `part:TYPE`.
        func text(of row: LLMRow, item: String) throws(ImportError) -> String {
            let type = row["type"]?.string ?? "unknown"
            var payload: LLMRow = [:]
            if let text = row["payload"]?.string {
                guard let object = JSONReader.Value.readingLikeFoundation(text.utf8)?.object else {
                    throw ImportError(item: "\(item) part \(row["position"]?.text ?? "")", reason: "its payload is not a JSON object")
                }
                payload = object
            }
            if let name = row["tool_name"]?.string, payload["name"] == nil { payload["name"] = .string(name) }
            let text = row["text"]?.string.map { [$0] } ?? payload["text"]?.string.map { [$0] } ?? textRef(payload["text_ref"])
            switch type {
            case "text": return LLMParts.joined(text)
            case "reasoning" where payload.keys.allSatisfy({ $0 == "text" || $0 == "text_ref" }):
                return ImportPart.fenced(kind: "thoughts", body: text.joined())
            case "reasoning":
                payload["text"] = .string(text.joined())
                payload.removeValue(forKey: "text_ref")
                return ImportPart.fenced(kind: "thoughts", body: ImportPart.compactJSON(.object(payload)))
            case "tool_call": return ImportPart.fenced(kind: "tool-use", body: ImportPart.compactJSON(.object(payload)))
            case "tool_result": return ImportPart.fenced(kind: "tool-result", body: ImportPart.compactJSON(.object(payload)))
            case "attachment":
                let id = payload["attachment"]?.object?["id"]?.string ?? payload["attachment_id"]?.string
                if let id, let row = attachments[id]?.first { return LLMParts.attachment(row) }
                return ImportPart.fenced(kind: "attachment", body: ImportPart.compactJSON(payload["attachment"] ?? .object(payload)))
            default: return ImportPart.fenced(kind: type, body: ImportPart.compactJSON(.object(payload)))
            }
        }

        /// Text stored as literals and fragment references: each literal as it is (its edge newlines,
        /// which only join it to the fragments, left out), each fragment a `part:fragment` block.
        private func textRef(_ value: JSONReader.Value?) -> [String] {
            // Pieces only when every one is an object, as Foundation's cast of the array to rows was.
            let pieces = value?.array?.map(\.object) ?? []
            return (pieces.contains { $0 == nil } ? [] : pieces.compactMap { $0 }).map { piece in
                if let literal = piece["literal"]?.string { return LLMMessageStore.trimmingNewlines(literal) }
                let id = piece["fragment"]?.text ?? ""
                return fragments[id]?.first.map(LLMParts.fragment) ?? ImportPart.fenced(kind: "fragment", body: ImportPart.compactJSON(.object(piece)))
            }
        }
    }

    /// The text without leading and trailing line breaks: U+000A–U+000D, U+0085, U+2028 and U+2029
    /// (Foundation's `CharacterSet.newlines`, which FoundationEssentials lacks).
    static func trimmingNewlines(_ text: String) -> String {
        let isLineBreak = { (scalar: Unicode.Scalar) in
            (0x0A...0x0D).contains(scalar.value) || scalar.value == 0x85 || scalar.value == 0x2028 || scalar.value == 0x2029
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isLineBreak($0) }), let last = scalars.lastIndex(where: { !isLineBreak($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
