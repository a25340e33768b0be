import ThreadAIStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a Gemini CLI session file (`~/.gemini/tmp/PROJECT/chats/session-….jsonl`), written by its
/// chat recording (docs/FORMAT.md §4.6). Two forms:
///
/// - JSON lines (Gemini CLI since April 2026): a first line of metadata (`sessionId`, `projectHash`,
///   `startTime`, `kind`…), then one line per message record, `{"$set": {…}}` lines that update the
///   metadata (`summary`, left out) or, with `messages`, give the history after a compression, and `{"$rewindTo": ID}` lines
///   that cut the conversation back to before the message `ID` (`/rewind`). A message is appended
///   again, whole, each time Gemini CLI adds to it (its tool calls' results, its thoughts): the last
///   line of an id is the message.
/// - One JSON object (older versions, `session-….json`): the metadata with a `messages` array.
///
/// A message cut away by a rewind is kept: it stays in the tree, on the thread, and what the session
/// went on with hangs from the message before it, a fork (the lineage).
enum GeminiSession {
    static func parse(_ data: Data, name: String) throws(ImportError) -> ImportConversation {
        try parsed(data, name: name).conversation
    }

    /// The conversation, and the id of its newest message when a capture may go on from it (docs/FORMAT.md
    /// §16): the end of the conversation as it stands, and the last node read (no rewind left a later one).
    static func parsed(_ data: Data, name: String) throws(ImportError) -> (conversation: ImportConversation, tip: String?) {
        var tree = GeminiTree()
        var notes: [String] = []
        if name.hasSuffix(".json") {
            guard let object = JSONReader.Value.readingLikeFoundation(data)?.object else {
                throw ImportError(item: name, reason: "is no JSON object, so it is no Gemini CLI session")
            }
            tree.metadata(object)
            for message in object["messages"]?.array ?? [] {
                if let message = message.object { tree.record(message) }
            }
        } else {
            try ClaudeCodeLine.forEachObject(in: data, name: name, notes: &notes) { _, _, object throws(ImportError) in
                if let id = object["$rewindTo"]?.string {
                    tree.rewind(to: id)
                } else if let set = object["$set"]?.object {
                    tree.metadata(set)
                    // Written when Gemini CLI compresses or masks its history: a message it does not
                    // know yet (a compression's summary) goes on after the conversation; a known one
                    // stays as its own records wrote it (a masked tool output replaces nothing).
                    for message in set["messages"]?.array ?? [] {
                        if let message = message.object, let id = message["id"]?.string, tree.nodes[id] == nil { tree.record(message) }
                    }
                } else if object["id"]?.string != nil {
                    tree.record(object)
                } else {
                    tree.metadata(object)
                }
            }
        }
        guard let sessionID = tree.sessionID else {
            throw ImportError(item: name, reason: "holds no sessionId, so it is no Gemini CLI session")
        }
        let nodes = tree.order.compactMap { id in tree.nodes[id].map { node(id, $0.message, parent: $0.parent) } }
        let question = nodes.first { $0.role == .user && $0.fields["hidden"] == nil && !$0.content.isEmpty }
        // The first question titles it, not the `summary` Gemini CLI may write later: a title that
        // changed would name the thread of a session captured as it grew otherwise than its import.
        let title = question?.content.split(separator: "\n").first.map(String.init)
        // The thread is the conversation as it was first told (the first leaf); what a rewind went on
        // with is a fork. The newest branch would move the thread to it at each rewind, so a session
        // captured as it grew would own its messages otherwise than its import.
        let parents = Set(nodes.compactMap(\.parentSourceID))
        var conversation = ImportConversation(
            format: "gemini", id: sessionID, title: title, date: ClaudeCodeParser.date(tree.startTime) ?? nodes.first?.date,
            nodes: nodes, currentNode: nodes.first { !parents.contains($0.sourceID) }?.sourceID, skipped: [])
        // A subagent's session (`chats/PARENT/ID.jsonl`) has an id of its own; the label tells its
        // thread from a session's in a list.
        if tree.isSubagent { conversation.label = "agent" }
        conversation.notes = notes
        let tip = tree.path.last.flatMap { $0 == tree.order.last && !name.hasSuffix(".json") ? $0 : nil }
        return (conversation, tip)
    }

    /// The messages the JSON lines of `data`, written after a stored part whose newest message is
    /// `tip` (its node's key), add below it; nil when they do more: a rewind, a history written again
    /// (`$set` with `messages`), or a record of the tip itself.
    static func continuing(_ data: Data, name: String, conversation: String, tip: String) throws(ImportError)
        -> (nodes: [ImportNode], notes: [String], tip: String)? {
        var tree = GeminiTree()
        tree.sessionID = conversation
        let tipID = String(tip.split(separator: "~", maxSplits: 1).first ?? Substring(tip))
        tree.nodes[tip] = GeminiTree.Entry(message: ["id": .string(tipID)], parent: nil)
        tree.order = [tip]
        tree.path = [tip]
        var declined = false
        var notes: [String] = []
        try ClaudeCodeLine.forEachObject(in: data, name: name, notes: &notes) { _, _, object throws(ImportError) in
            if object["$rewindTo"] != nil || object["$set"]?.object?["messages"] != nil {
                declined = true
            } else if let set = object["$set"]?.object {
                tree.metadata(set)
            } else if object["id"]?.string != nil {
                tree.record(object)
            } else {
                tree.metadata(object)
            }
        }
        guard !declined, tree.nodes[tip]?.message.count == 1, let last = tree.path.last else { return nil }
        let nodes = tree.order.dropFirst().compactMap { id in tree.nodes[id].map { node(id, $0.message, parent: $0.parent) } }
        return (nodes, notes, last)
    }

    /// The text a user message starts with when Gemini CLI wrote it, not the user (it leaves such
    /// messages out of its own session list): hidden.
    static let generatedPrefixes = ["<session_context>", "<hook_context>"]

    /// The message a record holds: `user` as the user's, `gemini` as the assistant's (its thoughts,
    /// its text, then each tool call and its result), `info`, `error` and `warning` as notices.
    static func node(_ sourceID: String, _ message: [String: JSONReader.Value], parent: String?) -> ImportNode {
        var fields: [String: String] = [:]
        let role: Role
        var parts: [String] = []
        let type = message["type"]?.string ?? ""
        switch type {
        case "user":
            role = .user
        case "gemini":
            role = .assistant
            if let model = message["model"]?.string, !model.isEmpty { fields["model"] = model }
            if let thoughts = message["thoughts"]?.array, !thoughts.isEmpty {
                parts.append(ImportPart.fenced(kind: "thoughts", body: ImportPart.compactJSON(.array(thoughts))))
            }
        default:
            role = .system
            fields["source-role"] = type.isEmpty ? "notice" : type
        }
        parts.append(GeminiParts.text(message["content"]))
        if type == "gemini" {
            for call in message["toolCalls"]?.array ?? [] { parts += GeminiParts.toolCall(call.object ?? [:]) }
        }
        let content = parts.joinedText(separator: "\n\n")
        if role == .user, generatedPrefixes.contains(where: content.hasPrefix) { fields["hidden"] = "true" }
        return ImportNode(
            sourceID: sourceID, parentSourceID: parent, role: role, date: ClaudeCodeParser.date(message["timestamp"]),
            content: content, fields: fields)
    }
}

/// The conversation tree a Gemini CLI session file describes, built record by record.
struct GeminiTree {
    struct Entry {
        var message: [String: JSONReader.Value]
        var parent: String?
    }

    var nodes: [String: Entry] = [:]
    /// Every node, in the order its first record came: each after its parent.
    var order: [String] = []
    /// The conversation as it stands: node ids from the first message to the newest.
    var path: [String] = []
    var sessionID: String?
    var startTime: String?
    var isSubagent = false

    mutating func metadata(_ object: [String: JSONReader.Value]) {
        sessionID = sessionID ?? object["sessionId"]?.string
        startTime = startTime ?? object["startTime"]?.string
        if object["kind"]?.string == "subagent" { isSubagent = true }
    }

    /// A message record: a message of the conversation written again (it grew) replaces what it
    /// was; another is the newest message, the child of the one before. A message id cut away by a
    /// rewind and written again elsewhere is another node (`ID~2`), so a node keeps its one parent.
    mutating func record(_ message: [String: JSONReader.Value]) {
        guard let id = message["id"]?.string else { return }
        if let index = path.firstIndex(where: { nodes[$0]?.message["id"]?.string == id }) {
            nodes[path[index]]?.message = message
            return
        }
        var key = id
        var copy = 1
        while let existing = nodes[key] {
            if existing.parent == path.last { break }  // The same message at the same place (a checkpoint's).
            copy += 1
            key = "\(id)~\(copy)"
        }
        if nodes[key] == nil { order.append(key) }
        nodes[key] = Entry(message: message, parent: path.last)
        path.append(key)
    }

    /// `/rewind`: the conversation goes back to before the message `id` (all of it when the id is
    /// unknown, as Gemini CLI reads it); the messages cut away stay, a fork.
    mutating func rewind(to id: String) {
        let index = path.firstIndex { nodes[$0]?.message["id"]?.string == id }
        path = index.map { Array(path[..<$0]) } ?? []
    }
}
