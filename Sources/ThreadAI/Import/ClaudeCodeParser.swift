import ThreadAIStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a Claude Code session file (`~/.claude/projects/DIR/SESSION.jsonl`): one JSON object a line,
/// linked by `uuid`/`parentUuid` (docs/CLI.md, `import`).
public enum ClaudeCodeParser {
    /// One line that holds a message, before lines of one reply are merged.
    struct Line {
        var uuid: String
        var parent: String?
        var messageID: String?
        var node: ImportNode
        var sidechain: Bool
        /// A user line that only returns tool results.
        var toolResultsOnly: Bool
    }

    public static func parse(_ data: Data, name: String) throws(ImportError) -> ImportConversation {
        try parsed(data, name: name).conversation
    }

    /// What a transcript's lines hold, each line read on its own, before lines are linked and merged.
    struct Reading {
        var lines: [Line] = []
        var titles: [String: String] = [:]  // line type → the first title a line of that type gives
        var sessionID: String?
        var agentID: String?
        /// The thread the first exported line names (`ClaudeCodeExport`).
        var exportedThread: ThreadName?
        var skipped: [String: Int] = [:]
        var passThrough: [String: String?] = [:]  // a line that is not a message → its parent (nil: none)
        var notes: [String] = []  // lines read with something replaced, or left out
        var unreadable = 0

        /// Reads every line of `data`; an unreadable line is named in `notes`, and the rest is read.
        init(_ data: Data, name: String) throws(ImportError) {
            var reading = Reading()
            var notes: [String] = []
            reading.unreadable = try ClaudeCodeLine.forEachObject(in: data, name: name, notes: &notes) { _, item, object throws(ImportError) in
                try reading.add(object, item: item)
            }
            reading.notes = notes
            self = reading
        }

        private init() {}

        private mutating func add(_ object: [String: JSONReader.Value], item: String) throws(ImportError) {
            let type = object["type"]?.string ?? "unknown"
            if let key = ClaudeCodeParser.titleKeys[type], titles[type] == nil, let text = object[key]?.string, !text.isEmpty { titles[type] = text }
            guard ["user", "assistant", "system"].contains(type), let uuid = object["uuid"]?.string else {
                // A hook's attachment may be the root its first question names as parent.
                if let uuid = object["uuid"]?.string { passThrough[uuid] = object["parentUuid"]?.string }
                skipped[type, default: 0] += 1
                return
            }
            sessionID = sessionID ?? object["sessionId"]?.string
            agentID = agentID ?? object["agentId"]?.string
            if exportedThread == nil, let name = object[ClaudeCodeExport.markerKey]?.object?["thread"]?.string {
                exportedThread = try? ThreadName(name)
            }
            lines.append(try ClaudeCodeParser.line(object, type: type, uuid: uuid, item: item))
        }

        /// The user's own name for the session, else the summary older versions wrote, else the one
        /// newer versions generate. The first of each: a later one would rename the thread on re-import.
        var title: String? { titles["custom-title"] ?? titles["summary"] ?? titles["ai-title"] }
    }

    /// The conversation, and what capture needs to go on from its newest message
    /// (`ClaudeCodeParser.continuing`): nil when it has no single newest message that later lines
    /// could simply extend.
    /// - Parameter later: lines written after `data` that are not read yet (a reply a capture holds
    ///   back), whose title lines count as `data`'s would: a title written while the first reply is
    ///   still being written names the thread as the import of the finished file will.
    static func parsed(_ data: Data, name: String, later: Data? = nil) throws(ImportError) -> (conversation: ImportConversation, tip: Continuation?) {
        var reading = try Reading(data, name: name)
        if let later, let laterTitles = try? Reading(later, name: name).titles {
            reading.titles.merge(laterTitles) { first, _ in first }
        }
        let counts = reading.skipped.sorted { $0.key < $1.key }.map { CountedNoun.phrase($0.value, "\($0.key) line") }
        let skippedLines = counts.map { "\(name): \($0) (not messages)" }
        guard let sessionID = reading.sessionID else {
            guard !reading.skipped.isEmpty else {
                if reading.unreadable > 0 {
                    throw ImportError(item: name, reason: "holds no Claude Code line that can be read (\(reading.notes.first ?? ""))")
                }
                throw ImportError(item: name, reason: "holds no Claude Code line (no JSON object with a type)")
            }
            // A project folder keeps files of summaries alone beside its sessions.
            var summaries = ImportConversation(
                format: "claude-code", id: name, title: reading.title, date: nil, nodes: [], currentNode: nil,
                skipped: ["\(name): no message line, only \(counts.joined(separator: ", "))"])
            summaries.notes = reading.notes
            return (summaries, nil)
        }
        let detached = linkParents(&reading.lines, passingThrough: reading.passThrough)
        let (nodes, owner) = merged(reading.lines)
        let sidechain = Set(reading.lines.filter(\.sidechain).compactMap { owner[$0.uuid] })
        var conversation = ImportConversation(
            format: "claude-code", id: sessionID, title: reading.title, date: nodes.first?.date, nodes: nodes,
            currentNode: firstBranch(of: nodes, sidechain: sidechain), skipped: skippedLines)
        // A subagent's transcript (`SESSION/subagents/agent-ID.jsonl`) carries its session's id.
        if let agentID = reading.agentID, reading.lines.allSatisfy(\.sidechain) { conversation.label = "agent-" + agentID }
        conversation.notes = reading.notes
        conversation.exportedThread = reading.exportedThread
        if detached > 0 {
            conversation.notes.append("\(name): \(CountedNoun.phrase(detached, "line")) named a parent the file does not hold; each follows the message line before it, or starts the history")
        }
        return (conversation, Continuation(of: conversation, reading: reading, owner: owner))
    }

    /// The leaf of the session's first branch, which its thread follows: from its first root that is
    /// not a sidechain's (else its first root), the first child at each message. A `/rewind` writes
    /// its new lines below an older message, a later child, so what was rewound stays on the thread
    /// and what the session went on with is a fork, as for Gemini CLI (docs/FORMAT.md §4.6). A line
    /// written later never changes which child came first: a capture that stored the session before
    /// the rewind and the import of the finished transcript place every message on the same thread.
    static func firstBranch(of nodes: [ImportNode], sidechain: Set<String>) -> String? {
        var firstChild: [String: String] = [:]
        for node in nodes {
            if let parent = node.parentSourceID, firstChild[parent] == nil { firstChild[parent] = node.sourceID }
        }
        let roots = nodes.filter { $0.parentSourceID == nil }.map(\.sourceID)
        var leaf = roots.first { !sidechain.contains($0) } ?? roots.first ?? nodes.last?.sourceID
        var steps = 0  // The parser's order (parents first) rules out a loop; the count bounds a broken one.
        while let node = leaf, let child = firstChild[node], steps <= nodes.count {
            leaf = child
            steps += 1
        }
        return leaf
    }

    /// The lines that title a session, and the key of their title.
    static let titleKeys = ["custom-title": "customTitle", "summary": "summary", "ai-title": "aiTitle"]

    /// Points each line at its parent message line: through lines that are not messages, and, when the
    /// file does not hold the parent at all (Claude Code writes such links), at the message line
    /// before it on its side (main or sidechain), or none. Returns how many lines lost their parent.
    static func linkParents(_ lines: inout [Line], passingThrough passThrough: [String: String?]) -> Int {
        let messageLines = Set(lines.map(\.uuid))
        var detached = 0
        var lastOnSide: [Bool: String] = [:]  // sidechain or not → the uuid of the last message line so far
        for index in lines.indices {
            defer { lastOnSide[lines[index].sidechain] = lines[index].uuid }
            var parent = lines[index].parent
            var seen = 0  // A cycle among pass-through lines cannot hang the import.
            while let key = parent, !messageLines.contains(key), let through = passThrough[key], seen <= passThrough.count {
                parent = through
                seen += 1
            }
            if let key = parent, !messageLines.contains(key) {
                detached += 1
                parent = lastOnSide[lines[index].sidechain]
            }
            lines[index].parent = parent
            lines[index].node.parentSourceID = parent
        }
        return detached
    }

    static func line(_ object: [String: JSONReader.Value], type: String, uuid: String, item: String) throws(ImportError) -> Line {
        let message = object["message"]?.object ?? [:]
        var fields: [String: String] = [:]
        let role: Role
        switch type {
        case "assistant": role = .assistant
        case "user": role = .user
        default:
            // Claude Code's system lines are notices (a compaction, a command's output, a hook's
            // summary), never a prompt: their source-role says so (FORMAT §5.5).
            role = .system
            fields["source-role"] = object["subtype"]?.string.flatMap { $0.isEmpty || $0 == "system" ? nil : $0 } ?? "notice"
        }
        if let cwd = object["cwd"]?.string, !cwd.isEmpty { fields["cwd"] = cwd }
        if let branch = object["gitBranch"]?.string, !branch.isEmpty { fields["git-branch"] = branch }
        if object["isMeta"]?.truth == true { fields["hidden"] = "true" }
        if role == .assistant, let model = message["model"]?.string, !model.isEmpty { fields["model"] = model }
        let (content, onlyToolResults) = text(message["content"] ?? object["content"])
        if role == .user && onlyToolResults { fields["source-role"] = "tool_result" }
        // A compaction boundary starts a new chain; `logicalParentUuid` names where it continues.
        let parent = object["parentUuid"]?.string ?? object["logicalParentUuid"]?.string
        var node = ImportNode(sourceID: uuid, parentSourceID: parent, role: role, date: date(object["timestamp"]), content: content, fields: fields)
        node.exportedFrom = object[ClaudeCodeExport.markerKey]?.object?["id"]?.string.flatMap { try? ObjectID(hex: $0) }
        return Line(
            uuid: uuid, parent: parent, messageID: role == .assistant ? message["id"]?.string : nil,
            node: node,
            sidechain: object["isSidechain"]?.truth == true, toolResultsOnly: role == .user && onlyToolResults)
    }

    /// Lines of one reply (sharing `message.id`, each the parent of the next) become one message,
    /// named by the last line's uuid; every later reference to one of them points at the merged message.
    /// Returns the messages, and for each line's uuid the source id of the message it became part of.
    static func merged(_ lines: [Line]) -> (nodes: [ImportNode], owner: [String: String]) {
        var nodes: [ImportNode] = []
        var index: [String: Int] = [:]  // line uuid → position in `nodes`
        var messageIDOfNode: [Int: String] = [:]
        var lastToolResult: [Int: Int] = [:]  // a reply's position → the last tool-result message answering it
        var hasChild = Set<Int>()  // positions a later message names as parent
        var late: [Int: [Int]] = [:]  // a tool result's position → results of the same reply written after the next turn began
        for line in lines {
            var node = line.node
            let parentPosition = line.parent.flatMap { index[$0] }
            node.parentSourceID = parentPosition.map { nodes[$0].sourceID } ?? line.parent
            if let messageID = line.messageID, let parent = line.parent, let position = index[parent],
                messageIDOfNode[position] == messageID {
                nodes[position].content += nodes[position].content.isEmpty || node.content.isEmpty ? node.content : "\n\n" + node.content
                nodes[position].sourceID = line.uuid
                nodes[position].fields.merge(node.fields) { old, _ in old }
                index[line.uuid] = position
                continue
            }
            if line.toolResultsOnly, let parentPosition, messageIDOfNode[parentPosition] != nil {
                // Parallel tool calls: each result names the line of its own call, all lines of one
                // reply; the results answer that reply one after the other, not as rival branches.
                if let previous = lastToolResult[parentPosition] {
                    node.parentSourceID = nodes[previous].sourceID
                    // The next turn already follows the previous result: this one goes between them.
                    if hasChild.contains(previous) { late[previous, default: []].append(nodes.count) }
                }
                lastToolResult[parentPosition] = nodes.count
            }
            if let parent = node.parentSourceID, let position = index[parent] { hasChild.insert(position) }
            index[line.uuid] = nodes.count
            if let messageID = line.messageID { messageIDOfNode[nodes.count] = messageID }
            nodes.append(node)
        }
        // A merged message's children may have been read while it was still named by an earlier line.
        let named = nodes.map { node in
            var node = node
            node.parentSourceID = node.parentSourceID.map { parent in index[parent].map { nodes[$0].sourceID } ?? parent }
            return node
        }
        let owner = index.mapValues { named[$0].sourceID }
        return (late.isEmpty ? named : insertingLateResults(named, late), owner)
    }

    /// Moves each late tool result (`late`: the result it follows → the results written after the
    /// next turn began, in the file's order) to directly after the result it follows, and makes the
    /// messages that followed that result follow the last of them: the parallel calls' results
    /// answer the reply one after the other, then the conversation goes on, as for results in order.
    static func insertingLateResults(_ nodes: [ImportNode], _ late: [Int: [Int]]) -> [ImportNode] {
        let moved = Set(late.values.joined())
        var lastOfChain: [String: String] = [:]  // a result that late ones follow → the last of them
        for (anchor, results) in late {
            func chainEnd(_ position: Int) -> Int { late[position].flatMap(\.last).map(chainEnd) ?? position }
            lastOfChain[nodes[anchor].sourceID] = nodes[chainEnd(results.last ?? anchor)].sourceID
        }
        var ordered: [ImportNode] = []
        func emit(_ position: Int) {
            var node = nodes[position]
            if !moved.contains(position), let parent = node.parentSourceID, let last = lastOfChain[parent] { node.parentSourceID = last }
            ordered.append(node)
            for result in late[position] ?? [] { emitMoved(result) }
        }
        func emitMoved(_ position: Int) {
            ordered.append(nodes[position])
            for result in late[position] ?? [] { emitMoved(result) }
        }
        for position in nodes.indices where !moved.contains(position) { emit(position) }
        return ordered
    }

    /// The text of a message's content (a string or a list of blocks), non-text blocks in their
    /// textual form; and whether it held only tool results.
    static func text(_ content: JSONReader.Value?) -> (String, Bool) {
        if let string = content?.string { return (string, false) }
        let blocks = content?.array ?? []
        var onlyToolResults = !blocks.isEmpty
        let parts = blocks.map { element -> String in
            // A block that is not an object is written as an empty one, as it always was.
            let block = element.object ?? [:]
            let type = block["type"]?.string ?? "unknown"
            if type != "tool_result" { onlyToolResults = false }
            switch type {
            case "text": return block["text"]?.string ?? ""
            case "thinking": return ImportPart.fenced(kind: "thoughts", body: block["thinking"]?.string ?? "")
            case "tool_use", "tool_result":
                return ImportPart.fenced(kind: type == "tool_use" ? "tool-use" : "tool-result", body: ImportPart.compactJSON(.object(block)))
            default: return ImportPart.fenced(kind: type, body: ImportPart.compactJSON(.object(block)))
            }
        }
        return (parts.filter { !$0.isEmpty }.joined(separator: "\n\n"), onlyToolResults)
    }

    /// `2025-06-01T10:00:00.123Z` → the second, in UTC; nil for anything else.
    static func date(_ value: JSONReader.Value?) -> Timestamp? {
        date(value?.string)
    }

    static func date(_ text: String?) -> Timestamp? {
        guard let text, text.hasSuffix("Z"), text.count >= 20 else { return nil }
        return try? Timestamp(rfc3339: String(text.prefix(19)) + "Z")
    }
}
