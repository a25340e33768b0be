import ThreadAIStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a Codex CLI rollout: one JSON object a line, `{"timestamp", "type", "payload"}`. Its
/// `session_meta` line names the session; `turn_context` lines the model and folder from then on;
/// `response_item` lines are the conversation, in order, each the child of the one before (a
/// rollout has no branches): messages, and the tool calls and their outputs as parts (docs/FORMAT.md
/// §4.6). `event_msg` lines repeat the same turns for the terminal and are left out, as are
/// `reasoning` items, whose content Codex stores encrypted.
enum CodexRollout {
    /// The text a Codex user message starts with when Codex wrote it, not the user: hidden, as
    /// Claude Code's meta lines are.
    static let generatedPrefixes = ["<environment_context>", "<user_instructions>", "# AGENTS.md instructions"]

    static func parse(_ data: Data, name: String) throws(ImportError) -> ImportConversation {
        try parsed(data, name: name).conversation
    }

    /// The lines of a rollout read one by one: what they set (the session, the model and folder in
    /// force) and the messages they hold, numbered from `firstLine`.
    struct Reader {
        var sessionID: String?
        var model: String?
        var cwd: String?
        var nodes: [ImportNode] = []
        var skipped: [String: Int] = [:]
        var notes: [String] = []
        /// The number of the line read last.
        var line = 0

        /// Reads the lines of `data`, the first numbered `line + 1`, each message the child of the one before
        /// (the first, of `parent`).
        mutating func read(_ data: Data, name: String, parent: String? = nil) throws(ImportError) {
            let base = line
            var last = parent
            var notes: [String] = []
            var reader = self
            _ = try ClaudeCodeLine.forEachObject(in: data, name: name, notes: &notes) { number, _, object throws(ImportError) in
                reader.line = base + number
                let type = object["type"]?.string ?? "unknown"
                let payload = object["payload"]?.object ?? [:]
                switch type {
                case "session_meta":
                    reader.sessionID = reader.sessionID ?? payload["id"]?.string
                    reader.cwd = payload["cwd"]?.string ?? reader.cwd
                case "turn_context":
                    reader.model = payload["model"]?.string ?? reader.model
                    reader.cwd = payload["cwd"]?.string ?? reader.cwd
                case "response_item":
                    guard var node = CodexRollout.node(payload, line: base + number, date: ClaudeCodeParser.date(object["timestamp"])) else {
                        reader.skipped["\(payload["type"]?.string ?? "unknown") item", default: 0] += 1
                        return
                    }
                    node.parentSourceID = last
                    if let cwd = reader.cwd, !cwd.isEmpty { node.fields["cwd"] = cwd }
                    if node.role == .assistant, let model = reader.model, !model.isEmpty { node.fields["model"] = model }
                    last = node.sourceID
                    reader.nodes.append(node)
                default:
                    reader.skipped["\(type) line", default: 0] += 1
                }
            }
            reader.notes += notes
            // Every line counts, the empty one after the last LF not: the next part's first is the next number.
            reader.line = base + data.count { $0 == UInt8(ascii: "\n") }
            self = reader
        }
    }

    /// The conversation, and where it stands for a capture that goes on from it (docs/FORMAT.md §16).
    static func parsed(_ data: Data, name: String) throws(ImportError) -> (conversation: ImportConversation, tip: Continuation?) {
        var reader = Reader()
        try reader.read(data, name: name)
        guard let sessionID = reader.sessionID else {
            throw ImportError(item: name, reason: "holds no Codex session_meta line, so it is no Codex rollout")
        }
        let nodes = reader.nodes
        // Codex names a session by nothing but its id: the first question the user typed titles it.
        let question = nodes.first { $0.role == .user && $0.fields["hidden"] == nil && $0.fields["source-role"] == nil }
        let title = question?.content.split(separator: "\n").first.map(String.init)
        let counts = reader.skipped.sorted { $0.key < $1.key }.map { CountedNoun.phrase($0.value, $0.key) }
        var conversation = ImportConversation(
            format: "codex", id: sessionID, title: title, date: nodes.first?.date, nodes: nodes,
            currentNode: nodes.last?.sourceID, skipped: counts.map { "\(name): \($0) (not messages)" })
        conversation.notes = reader.notes
        let tip = nodes.last.map { Continuation(conversation: sessionID, tip: $0.sourceID, lines: reader.line, model: reader.model, cwd: reader.cwd) }
        return (conversation, tip)
    }

    /// Where a rollout's stored part ends: its newest message, how many lines it holds, and the
    /// model and folder in force after it.
    struct Continuation: Sendable, Equatable {
        var conversation: String
        var tip: String
        var lines: Int
        var model: String?
        var cwd: String?
    }

    /// The messages the lines of `data`, written after the part `state` describes, add below its
    /// newest message (a rollout has no branches), and where it stands then; nil for lines of
    /// another session.
    static func continuing(_ data: Data, name: String, from state: Continuation) throws(ImportError)
        -> (nodes: [ImportNode], notes: [String], next: Continuation)? {
        var reader = Reader(sessionID: state.conversation, model: state.model, cwd: state.cwd, line: state.lines)
        try reader.read(data, name: name, parent: state.tip)
        guard reader.sessionID == state.conversation else { return nil }
        let next = Continuation(conversation: state.conversation, tip: reader.nodes.last?.sourceID ?? state.tip,
                                lines: reader.line, model: reader.model, cwd: reader.cwd)
        return (reader.nodes, reader.notes, next)
    }

    /// The message a `response_item` payload holds, named by its line (a rollout is only appended
    /// to, so a line keeps its number); nil for an item that is no message (`reasoning`).
    static func node(_ payload: [String: JSONReader.Value], line: Int, date: Timestamp?) -> ImportNode? {
        let type = payload["type"]?.string ?? ""
        var fields: [String: String] = [:]
        let role: Role
        let content: String
        switch type {
        case "message":
            let sourceRole = payload["role"]?.string ?? ""
            switch sourceRole {
            case "user": role = .user
            case "assistant": role = .assistant
            default:
                role = .system
                if sourceRole != "system" { fields["source-role"] = sourceRole.isEmpty ? "notice" : sourceRole }
            }
            content = text(payload["content"])
            if role == .user, generatedPrefixes.contains(where: content.hasPrefix) { fields["hidden"] = "true" }
        case "function_call", "custom_tool_call", "local_shell_call", "web_search_call":
            role = .assistant
            fields["source-role"] = type
            content = ImportPart.fenced(kind: partKind(type), body: ImportPart.compactJSON(.object(payload)))
        case "function_call_output", "custom_tool_call_output":
            role = .user
            fields["source-role"] = "tool_result"
            content = ImportPart.fenced(kind: partKind(type), body: ImportPart.compactJSON(.object(payload)))
        default:
            return nil
        }
        return ImportNode(sourceID: String(line), parentSourceID: nil, role: role, date: date, content: content, fields: fields)
    }

    /// A message's `content`: its text parts (`input_text`, `output_text`) one after another, any
    /// other part (an image) as a fenced part.
    static func text(_ content: JSONReader.Value?) -> String {
        if let text = content?.string { return text }
        let parts = (content?.array ?? []).map { part -> String in
            let object = part.object ?? [:]
            if let text = object["text"]?.string, ["input_text", "output_text", "text"].contains(object["type"]?.string ?? "") {
                return text
            }
            return ImportPart.fenced(kind: partKind(object["type"]?.string ?? "part"), body: ImportPart.compactJSON(part))
        }
        return parts.joinedText(separator: "\n\n")
    }

    /// A part's kind as the other sources spell theirs (`tool-use`): `function_call` → `function-call`.
    static func partKind(_ type: String) -> String {
        String(type.map { $0 == "_" ? "-" : $0 })
    }
}
