import ThreadAIStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads ChatGPT's data export `conversations.json`: an array of conversations, each a `mapping`
/// from node id to `{id, parent, children, message}` and a `current_node` (docs/CLI.md, `import`).
public enum ChatGPTParser {
    /// Reads the export at `path` conversation by conversation, so memory holds one at a time, and
    /// hands each to `each`. The file is read twice: first every conversation is parsed and checked
    /// (a truncated file or a broken conversation is refused before `each` sees any), then again
    /// for `each`. `checked` hears how many conversations the first pass has checked so far.
    public static func parse(
        path: String, name: String, checked: (Int) -> Void = { _ in }, each: (ImportConversation) throws -> Void
    ) throws {
        for handing in [false, true] {
            var reader: JSONReader
            do {
                reader = try JSONReader(path: path)
            } catch {
                throw ImportError(item: name, reason: "cannot be read: \(error)")
            }
            var count = 0
            try forEachConversation(&reader, name: name) { conversation in
                if handing {
                    try each(conversation)
                } else {
                    count += 1
                    checked(count)
                }
            }
        }
    }

    /// Internal for the fuzz target, which reads bytes rather than a file.
    static func forEachConversation(
        _ reader: inout JSONReader, name: String, _ body: (ImportConversation) throws -> Void
    ) throws {
        var index = 0
        func conversations(_ reader: inout JSONReader) throws {
            try reader.beginArray()
            while try reader.nextElement() {
                index += 1
                // The reader's own values, not Foundation's: one tree of the conversation in memory, not two.
                let replacedBefore = reader.replacedInvalidUTF8
                guard let object = try reader.readValue().object else {
                    throw ImportError(item: "\(name) conversation #\(index)", reason: "not a JSON object")
                }
                var read = try conversation(object, item: "\(name) conversation #\(index)")
                let replaced = reader.replacedInvalidUTF8 - replacedBefore
                if replaced > 0 {
                    read.notes.append("chatgpt conversation \(read.id): \(CountedNoun.phrase(replaced, "invalid UTF-8 sequence")) replaced with U+FFFD")
                }
                try body(read)
            }
        }
        let notAnExport = ImportError(
            item: name, reason: "not a ChatGPT conversations.json: the top level is neither an array nor an object with a \"conversations\" array")
        do {
            if try reader.nextIsArray() {
                try conversations(&reader)
                try reader.end()
                return
            }
            // Some exports wrap the array: `{"conversations": [...]}`.
            guard try reader.peekIsObject() else { throw notAnExport }
            var found = false
            try reader.beginObject()
            while let key = try reader.nextKey() {
                if key == "conversations", !found, try reader.nextIsArray() {
                    try conversations(&reader)
                    found = true
                } else {
                    try reader.skipValue()
                }
            }
            try reader.end()
            guard found else { throw notAnExport }
        } catch let error as JSONReader.Failure {
            throw ImportError(item: name, reason: JSONReader.reasonMentioningTruncation(error))
        }
    }

    static func conversation(_ object: [String: JSONReader.Value], item: String) throws(ImportError) -> ImportConversation {
        // A null `conversation_id` beside an `id` is seen in exports too.
        guard let id = object["conversation_id"]?.string ?? object["id"]?.string, !id.isEmpty else {
            throw ImportError(item: item, reason: "has no conversation_id or id")
        }
        let item = "\(item) (\(id))"
        guard let mapping = object["mapping"]?.object else {
            throw ImportError(item: item, reason: "has no mapping (unknown export version?)")
        }
        var entries: [String: [String: JSONReader.Value]] = [:]
        for (key, value) in mapping {
            guard let entry = value.object else { throw ImportError(item: "\(item) node \(key)", reason: "not a JSON object") }
            entries[key] = entry
        }
        var nodes: [ImportNode] = []
        // Parents first: walk from the roots through `children`, in the order the export gives.
        var parentOf: [String: String] = [:]
        for (key, entry) in entries {
            guard let parent = entry["parent"]?.string else { continue }
            guard entries[parent] != nil else {
                throw ImportError(item: "\(item) node \(key)", reason: "its parent \(parent) is not in the mapping")
            }
            parentOf[key] = parent
        }
        // A node whose parent does not list it among its children still hangs below it: after the
        // listed children, in the order of their keys.
        var unlistedChildren: [String: [String]] = [:]
        for (key, parent) in parentOf where !(entries[parent]?["children"]?.strings ?? []).contains(key) {
            unlistedChildren[parent, default: []].append(key)
        }
        var stack = entries.keys.filter { parentOf[$0] == nil }.sorted().reversed().map { ($0, String?.none) }
        var keptParent: [String: String?] = [:]
        while let (key, keptAncestor) = stack.popLast() {
            guard let entry = entries[key], keptParent[key] == nil else { continue }
            var kept = keptAncestor
            if let node = try node(entry, key: key, parent: keptAncestor, item: "\(item) node \(key)") {
                nodes.append(node)
                kept = key
            }
            keptParent[key] = keptAncestor
            let children = (entry["children"]?.strings ?? []).filter { parentOf[$0] == key } + (unlistedChildren[key]?.sorted() ?? [])
            stack.append(contentsOf: children.reversed().map { ($0, kept) })
        }
        // A node the walk did not reach hangs below a loop of parents: the mapping is damaged.
        if let lost = entries.keys.filter({ keptParent[$0] == nil }).min() {
            var path = [lost]
            var next = parentOf[lost]
            while let key = next, !path.contains(key) {
                path.append(key)
                next = parentOf[key]
            }
            throw ImportError(item: "\(item) node \(lost)", reason: "its parents loop (\((path + [next ?? lost]).joined(separator: " → ")))")
        }
        // The current node may be one that was skipped: its nearest kept ancestor stands for it.
        var current = object["current_node"]?.string
        while let key = current, !nodes.contains(where: { $0.sourceID == key }) {
            current = keptParent[key] ?? nil
        }
        return ImportConversation(
            format: "chatgpt", id: id, title: object["title"]?.string,
            date: try timestamp(object["create_time"], item: item), nodes: nodes, currentNode: current)
    }

    /// The node's message, or nil for a node without one.
    static func node(
        _ entry: [String: JSONReader.Value], key: String, parent: String?, item: String
    ) throws(ImportError) -> ImportNode? {
        guard let message = entry["message"]?.object else {
            return nil  // A structural node (ChatGPT's client-created-root): nothing to keep.
        }
        let author = message["author"]?.object?["role"]?.string ?? "unknown"
        var fields: [String: String] = [:]
        let role: Role
        switch author {
        case "system": role = .system
        case "user": role = .user
        case "assistant": role = .assistant
        default:
            role = .assistant
            fields["source-role"] = author
        }
        let metadata = message["metadata"]?.object ?? [:]
        if role == .assistant, let model = metadata["model_slug"]?.string, !model.isEmpty {
            fields["model"] = model
        }
        if author == "assistant", let finish = cutShort(message, metadata: metadata) { fields["finish"] = finish }
        if metadata["is_visually_hidden_from_conversation"]?.truth == true {
            fields["hidden"] = "true"
        }
        let date = try timestamp(message["create_time"], item: item)
        // Files the user uploaded are listed beside the content, not in it: kept as attachment parts.
        let attachments = (metadata["attachments"]?.array ?? []).map {
            ImportPart.fenced(kind: "attachment", body: ImportPart.compactJSON($0.writtenAsChatGPT))
        }
        let text = ([content(message["content"]?.object ?? [:])] + attachments).filter { !$0.isEmpty }.joined(separator: "\n\n")
        return ImportNode(sourceID: key, parentSourceID: parent, role: role, date: date, content: text, fields: fields)
    }

    /// How a reply that did not end as usual ended, as `finish` records it (docs/FORMAT.md §4.2), so that
    /// `continue` takes it up: the export's `metadata.finish_details.type` (`max_tokens`, `interrupted`,
    /// `content_filter`), or `interrupted` for one still `in_progress` when the export was made. Nil for
    /// a reply that stopped as usual (`stop`, or nothing said): its messages keep the ids they had.
    static func cutShort(_ message: [String: JSONReader.Value], metadata: [String: JSONReader.Value]) -> String? {
        let type = metadata["finish_details"]?.object?["type"]?.string
        if let type, type != "stop", !type.isEmpty { return type }
        return type == nil && message["status"]?.string == "in_progress" ? "interrupted" : nil
    }

    static func timestamp(_ value: JSONReader.Value?, item: String) throws(ImportError) -> Timestamp? {
        guard let seconds = value?.seconds else { return nil }
        // A time beyond Int64's seconds (1e300, an overflowed float) is refused, not trapped on.
        guard let whole = Int64(exactly: seconds.rounded(.down)) else {
            throw ImportError(item: item, reason: "create_time \(seconds) is not a date")
        }
        do {
            return try Timestamp(secondsSinceEpoch: whole)
        } catch {
            throw ImportError(item: item, reason: "create_time \(seconds) is not a date")
        }
    }

    /// The message's text, with each non-text part in its textual form (docs/FORMAT.md §4.6).
    static func content(_ content: [String: JSONReader.Value]) -> String {
        let type = content["content_type"]?.string ?? "unknown"
        switch type {
        case "text", "multimodal_text":
            return (content["parts"]?.array ?? []).map { part -> String in
                if let text = part.string { return text }
                let kind = part.object?["content_type"]?.string
                return ImportPart.fenced(
                    kind: kind == "image_asset_pointer" ? "image" : kind ?? "unknown", body: ImportPart.compactJSON(part.writtenAsChatGPT))
            }.filter { !$0.isEmpty }.joined(separator: "\n\n")
        case "code":
            // The language, when the export knows it, follows the kind in the info string, as Markdown
            // reads a fence's language: `part:code python`. Only the characters a language name uses,
            // so it cannot end the info string or the fence.
            let language = (content["language"]?.string ?? "").filter { $0.isASCII && ($0.isLetter || $0.isNumber || "+#._-".contains($0)) }
            let kind = language.isEmpty || language == "unknown" ? "code" : "code " + language
            return ImportPart.fenced(kind: kind, body: content["text"]?.string ?? "")
        case "execution_output":
            return ImportPart.fenced(kind: "execution-output", body: content["text"]?.string ?? "")
        case "thoughts":
            return ImportPart.fenced(kind: "thoughts", body: ImportPart.compactJSON((content["thoughts"] ?? .array([])).writtenAsChatGPT))
        default:
            return ImportPart.fenced(kind: type, body: ImportPart.compactJSON(JSONReader.Value.object(content).writtenAsChatGPT))
        }
    }
}

extension JSONReader.Value {
    /// The value with its numbers as the ChatGPT importer has always written them (`JSONNumberForm.chatGPT`).
    var writtenAsChatGPT: JSONReader.Value {
        mappingNumbers { JSONNumberForm.chatGPT($0) } ?? self
    }

    /// Strings only: nil when any element is something else, as a cast of the array to `[String]` is.
    var strings: [String]? {
        guard let elements = array else { return nil }
        var texts: [String] = []
        for element in elements {
            guard let text = element.string else { return nil }
            texts.append(text)
        }
        return texts
    }

    /// A JSON boolean; a number exactly 0 or 1 counts too, as `NSNumber` bridged to `Bool` does.
    var truth: Bool? {
        switch self {
        case .bool(let value): value
        case .number(let text): Double(text).flatMap { $0 == 1 ? true : $0 == 0 ? false : nil }
        default: nil
        }
    }

    /// A JSON number as seconds: an integer that a `Double` holds exactly, or any other number.
    var seconds: Double? {
        guard case .number(let text) = self else { return nil }
        if let whole = Int(text) { return Double(exactly: whole) }
        return Double(text)
    }
}
