import ThreadAIStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A thread's history written as a Claude Code session transcript (docs/FORMAT.md §4.6, "Exported
/// sessions"; docs/CLI.md `export claude-code`): one JSON line per message, a reply one line per
/// content block as Claude Code writes it, linked by `uuid`/`parentUuid`, each line carrying the
/// id of the message it was made from (`threadai`), so that `import claude-code` and `capture` of
/// the session, once Claude Code went on with it, find those messages stored and go on from them.
/// Reads no environment: the caller gives the session id, the folder and the uuids.
public enum ClaudeCodeExport {
    /// What every line of the session carries besides its message.
    public struct Session: Sendable {
        /// The new session's id (a UUID): the file's name and every line's `sessionId`.
        public var id: String
        /// The project folder Claude Code resumes the session in: every line's `cwd`.
        public var folder: String
        /// The thread exported, whose history the lines hold: where a continuation belongs.
        public var thread: ThreadName

        public init(id: String, folder: String, thread: ThreadName) {
            self.id = id
            self.folder = folder
            self.thread = thread
        }
    }

    /// What `threadai export` calls this form: the name `import` reads it by.
    public static let format = ClaudeCodeSource().name

    /// The Claude Code version whose transcript lines these have the shape of (every line's `version`).
    public static let transcriptVersion = "2.1.39"

    /// The key that names the message a line was made from: `{"id": ID, "thread": NAME}`.
    static let markerKey = "threadai"

    /// The transcript of `history` (root first), each line ended by LF.
    /// - Parameter uuid: a new UUID each call (a line's `uuid`).
    public static func transcript(of history: [(id: ObjectID, message: Message)], session: Session, uuid: () -> String) -> [UInt8] {
        var bytes: [UInt8] = []
        var parent: String?
        for (id, message) in history {
            for line in lines(of: message, id: id, session: session, parent: &parent, uuid: uuid) {
                bytes.append(contentsOf: JSONText.compact(.object(line)).utf8)
                bytes.append(UInt8(ascii: "\n"))
            }
        }
        return bytes
    }

    /// The lines of one message; `parent` is the uuid of the line before, and becomes this message's last.
    static func lines(
        of message: Message, id: ObjectID, session: Session, parent: inout String?, uuid: () -> String
    ) -> [[String: JSONReader.Value]] {
        let timestamp = JSONReader.Value.string(String(message.date.rfc3339.dropLast()) + ".000Z")
        var common: [String: JSONReader.Value] = [
            "isSidechain": .bool(false), "userType": .string("external"), "cwd": .string(session.folder),
            "sessionId": .string(session.id), "version": .string(transcriptVersion),
            "gitBranch": .string(message.fields["git-branch"] ?? ""), "timestamp": timestamp,
            markerKey: .object(["id": .string(id.hex), "thread": .string(session.thread.rawValue)]),
        ]
        func line(_ type: String, _ members: [String: JSONReader.Value]) -> [String: JSONReader.Value] {
            var line = common.merging(members) { _, new in new }
            let own = uuid()
            line["type"] = .string(type)
            line["uuid"] = .string(own)
            line["parentUuid"] = parent.map(JSONReader.Value.string) ?? .null
            parent = own
            return line
        }
        switch message.role {
        case .user:
            if message.fields["hidden"] == "true" { common["isMeta"] = .bool(true) }
            let blocks = contentBlocks(of: message.content)
            // What the user typed is a string in Claude Code's lines; tool results are blocks.
            let content: JSONReader.Value = if blocks.isEmpty {
                .string(message.content)
            } else if blocks.count == 1, let text = blocks[0]["text"], blocks[0]["type"]?.string == "text" {
                text
            } else {
                .array(blocks.map(JSONReader.Value.object))
            }
            return [line("user", ["message": .object(["role": .string("user"), "content": content])])]
        case .assistant:
            // One line per block, sharing the reply's id, as Claude Code writes a reply; the import merges them back.
            let reply = JSONReader.Value.string("msg_" + id.hex.prefix(24))
            let blocks = contentBlocks(of: message.content)
            return (blocks.isEmpty ? [["type": .string("text"), "text": .string("")]] : blocks).map { block in
                line("assistant", [
                    "requestId": .string("req_" + id.hex.prefix(24)),
                    "message": .object([
                        "id": reply, "type": .string("message"), "role": .string("assistant"),
                        // `<synthetic>` is what Claude Code writes for a reply no model of its own made.
                        "model": .string(message.fields["model"] ?? "<synthetic>"),
                        "content": .array([.object(block)]), "stop_reason": .null, "stop_sequence": .null,
                        "usage": .object(["input_tokens": .number("0"), "output_tokens": .number("0")]),
                    ]),
                ])
            }
        case .system:
            // A notice, as the import reads a `system` line (FORMAT §4.6): its subtype is the source-role it keeps.
            let subtype = message.fields["source-role"].flatMap { $0 == "notice" ? nil : $0 } ?? "informational"
            return [line("system", [
                "subtype": .string(subtype), "content": .string(message.content), "level": .string("info"),
                "isMeta": .bool(message.fields["hidden"] == "true"),
            ])]
        }
    }

    /// The content blocks `content` was imported from, as the import joins them (`ClaudeCodeParser.text`):
    /// text, and each `part:tool-use`, `part:tool-result` or `part:redacted_thinking` that holds such a
    /// block, as that block. Every other part (reasoning, whose signature the import does not keep and
    /// without which the API refuses a thinking block; another tool's parts) stays in the text as it is
    /// written. Content that would not read back the same is one text block.
    static func contentBlocks(of content: String) -> [[String: JSONReader.Value]] {
        var blocks: [[String: JSONReader.Value]] = []
        var text: [Substring] = []
        func flushText() {
            let joined = text.joined(separator: "\n\n")
            if !joined.isEmpty { blocks.append(["type": .string("text"), "text": .string(joined)]) }
            text = []
        }
        for part in parts(of: content) {
            if case .block(let block) = part {
                flushText()
                blocks.append(block)
            } else if case .text(let piece) = part {
                text.append(piece)
            }
        }
        flushText()
        // The import's reading of these blocks must give the content back exactly; else it is kept as text.
        let line = JSONText.compact(.array(blocks.map(JSONReader.Value.object)))
        guard let read = JSONReader.Value.readingLikeFoundation(Array(line.utf8))?.mappingNumbers(JSONNumberForm.foundation),
              ClaudeCodeParser.text(read).0 == content else {
            return content.isEmpty ? [] : [["type": .string("text"), "text": .string(content)]]
        }
        return blocks
    }

    enum Part {
        case text(Substring)
        case block([String: JSONReader.Value])
    }

    /// The Claude Code block kinds a fenced part is turned back into, by the part's kind.
    static let blockKinds = ["tool-use": "tool_use", "tool-result": "tool_result", "redacted_thinking": "redacted_thinking"]

    /// `content` cut at the parts the import separated by a blank line: each fenced part of
    /// `blockKinds` holding a JSON object of its type becomes a block, the text around it text.
    static func parts(of content: String) -> [Part] {
        var parts: [Part] = []
        let lines = content.split(separator: "\n", omittingEmptySubsequences: false)
        var textStart = 0  // the first line of the text not yet handed on
        var index = 0
        func text(upTo end: Int) {
            guard end > textStart else { return }
            var piece = lines[textStart..<end]
            // The blank line that separated it from a block belongs to neither.
            if textStart > 0, piece.first?.isEmpty == true { piece = piece.dropFirst() }
            if end < lines.count, piece.last?.isEmpty == true { piece = piece.dropLast() }
            let joined = piece.joined(separator: "\n")
            parts.append(.text(Substring(joined)))
        }
        while index < lines.count {
            let line = lines[index]
            let fence = line.prefix { $0 == "`" }
            guard fence.count >= 3, line.dropFirst(fence.count).hasPrefix("part:"),
                  let kind = blockKinds[String(line.dropFirst(fence.count + 5))],
                  index == 0 || lines[index - 1].isEmpty,
                  let close = lines[(index + 1)...].firstIndex(where: { $0 == fence }),
                  close == lines.count - 1 || lines[close + 1].isEmpty,
                  let block = JSONReader.Value.readingLikeFoundation(Array(lines[(index + 1)..<close].joined(separator: "\n").utf8))?.object,
                  block["type"]?.string == kind
            else {
                index += 1
                continue
            }
            text(upTo: index)
            parts.append(.block(block))
            textStart = close + 1
            index = close + 1
        }
        text(upTo: lines.count)
        return parts.filter { if case .text(let piece) = $0 { !piece.isEmpty } else { true } }
    }
}
