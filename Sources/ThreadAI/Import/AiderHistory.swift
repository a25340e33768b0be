import ThreadAIStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// aider's chat history, `.aider.chat.history.md` (docs/FORMAT.md §4.6, "aider"): Markdown that aider
/// only appends to, framed by its `InputOutput` (aider/io.py):
/// - `# aider chat started at YYYY-MM-DD HH:MM:SS` (local time, no zone) begins a session, one
///   conversation;
/// - `#### TEXT` then two spaces: a line the user typed (each line of a longer input; `<blank>` for none);
/// - `> TEXT` then two spaces: aider's own output (notices, confirmations, `/run`'s output, token
///   counts, `Applied edit to FILE`, `Commit HASH MESSAGE`);
/// - any other line: the model's reply, written whole once it has streamed, always after a blank
///   line (a line directly after aider's output goes on with it: aider frames only the first line
///   of an output of several lines, and ends the last with the two spaces).
/// The two spaces are the Markdown hard break aider ends its framing lines with; a reply's own `####`
/// heading or `>` quote has none, and inside a reply's fenced code block every line is the reply's.
enum AiderHistory {
    static let sessionMark = "# aider chat started at "
    /// The commands whose text is a question to the model (aider's chat modes).
    static let askingCommands = ["/ask ", "/code ", "/architect ", "/context "]
    /// The `source-role` of aider's own output.
    static let outputRole = "tool-output"

    enum Kind { case user, reply, output }

    /// A run of lines of one kind, starting at line `line` of its session (the header is line 1).
    struct Block {
        var kind: Kind
        var line: Int
        var lines: [Substring]
    }

    /// One session as read: its header's time, text and line, and its blocks.
    struct Session {
        var started: Timestamp
        var startText: String
        var blocks: [Block] = []
    }

    /// Every session of the history in `data`, as conversations, in the file's order.
    /// - Throws: `ImportError` for a file with text but no session header (not aider's).
    static func conversations(_ data: Data, name: String) throws(ImportError) -> [ImportConversation] {
        let (sessions, stray) = read(data)
        if sessions.isEmpty {
            guard stray == 0 else {
                throw ImportError(item: name, reason: "holds no '\(sessionMark)…' line, so it is no aider chat history")
            }
            return []
        }
        var seen: [String: Int] = [:]
        var conversations: [ImportConversation] = []
        for session in sessions {
            // Two sessions started in one second (aider run twice by a script) stay apart.
            seen[session.startText, default: 0] += 1
            var conversation = conversation(of: session, repeat: seen[session.startText] ?? 1, file: name)
            if conversations.isEmpty && stray > 0 {
                conversation.notes.append("\(name): \(CountedNoun.phrase(stray, "line")) before the first session header belong to no session: left out")
            }
            conversations.append(conversation)
        }
        return conversations
    }

    /// The sessions of `data`, and how many lines with text come before the first.
    static func read(_ data: Data) -> (sessions: [Session], stray: Int) {
        let text = String(decoding: data, as: UTF8.self)
        var sessions: [Session] = []
        var stray = 0
        var fence = FenceTracker()
        var lineInSession = 0
        for line in lines(of: text) {
            if let started = sessionStart(line) {
                sessions.append(Session(started: started, startText: String(line.dropFirst(sessionMark.count).prefix(19))))
                fence = FenceTracker()
                lineInSession = 1
                continue
            }
            guard !sessions.isEmpty else {
                if !isBlank(line) { stray += 1 }
                continue
            }
            lineInSession += 1
            var blocks = sessions[sessions.count - 1].blocks
            defer { sessions[sessions.count - 1].blocks = blocks }
            let current = blocks.last?.kind
            // Directly after a framed line (no blank line between): where an output of several lines,
            // framed by aider on its first line only, begins or goes on.
            let adjoining = (current == .user || current == .output) && !(blocks.last?.lines.isEmpty ?? true)
            if current == .reply && fence.isOpen {
                blocks[blocks.count - 1].lines.append(line)
                fence.read(line)
            } else if let typed = framed(line, mark: "####") {
                if current == .user && adjoining {
                    blocks[blocks.count - 1].lines.append(typed)
                } else {
                    blocks.append(Block(kind: .user, line: lineInSession, lines: [typed]))
                }
            } else if let output = framed(line, mark: ">") ?? (adjoining && line.hasPrefix(">") ? framed(line + "  ", mark: ">") : nil) {
                if current == .output && adjoining {
                    blocks[blocks.count - 1].lines.append(output)
                } else {
                    blocks.append(Block(kind: .output, line: lineInSession, lines: [output]))
                }
            } else if isBlank(line) {
                // Within a reply a blank line is its own; between framed lines it ends their block
                // (two inputs with nothing between are two turns).
                if current == .reply {
                    blocks[blocks.count - 1].lines.append(line)
                } else if let last = blocks.last, !last.lines.isEmpty {
                    // An empty block marks the end; empty blocks are dropped once the file is read.
                    blocks.append(Block(kind: last.kind, line: 0, lines: []))
                }
            } else if current == .reply {
                blocks[blocks.count - 1].lines.append(line)
                fence.read(line)
            } else if current == .output && adjoining {
                // The rest of an output of several lines (a git error's): aider framed only its first
                // line, and ended its last with the two spaces; a reply always follows a blank line.
                blocks[blocks.count - 1].lines.append(line.hasSuffix("  ") ? line.dropLast(2) : line)
            } else {
                if blocks.last?.lines.isEmpty == true { blocks.removeLast() }
                blocks.append(Block(kind: .reply, line: lineInSession, lines: [line]))
                fence = FenceTracker()
                fence.read(line)
            }
        }
        for index in sessions.indices {
            sessions[index].blocks.removeAll { $0.lines.isEmpty }
        }
        return (sessions, stray)
    }

    /// The lines of `text`, each without its LF or CR LF (aider writes CR LF on Windows, in text mode):
    /// Swift reads CR LF as one character, so LF alone would not split it.
    static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    }

    /// The time a session header gives, read as UTC (aider writes its machine's local time and no zone).
    static func sessionStart(_ line: Substring) -> Timestamp? {
        guard line.hasPrefix(sessionMark) else { return nil }
        let rest = line.dropFirst(sessionMark.count)
        guard rest.dropFirst(19).allSatisfy({ $0 == " " }) else { return nil }
        let stamp = rest.prefix(19)
        guard stamp.count == 19, stamp.dropFirst(10).first == " " else { return nil }
        return try? Timestamp(rfc3339: "\(stamp.prefix(10))T\(stamp.dropFirst(11))Z")
    }

    /// The text of a framing line (`#### TEXT  `, `> TEXT  `): without the mark, the one space after it
    /// and the two spaces that end it; nil for a line aider did not frame so.
    static func framed(_ line: Substring, mark: String) -> Substring? {
        guard line.hasPrefix(mark), line.hasSuffix("  ") else { return nil }
        var text = line.dropFirst(mark.count)
        if mark == "####" {
            // `####` then a space, unless the line is an empty line of the input (`####` + two spaces).
            guard text.first == " " else { return nil }
        }
        if text.first == " " { text = text.dropFirst() }
        return text.count >= 2 ? text.dropLast(2) : ""
    }

    static func isBlank(_ line: Substring) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }

    /// A session as a conversation: each block a message, the child of the one before.
    static func conversation(of session: Session, repeat count: Int, file: String) -> ImportConversation {
        let (date, time) = (session.startText.prefix(10), session.startText.dropFirst(11))
        let id = "\(date)T\(time)" + (count > 1 ? "~\(count)" : "")
        var nodes: [ImportNode] = []
        var model: String?
        for block in session.blocks {
            var fields: [String: String] = [:]
            let role: Role
            var lines = block.lines[...]
            switch block.kind {
            case .user:
                role = .user
            case .output:
                role = .system
                fields["source-role"] = outputRole
                model = lines.compactMap(modelNamed).last ?? model
            case .reply:
                role = .assistant
                if let model { fields["model"] = model }
                while let last = lines.last, isBlank(last) { lines.removeLast() }
            }
            nodes.append(ImportNode(sourceID: String(block.line), parentSourceID: nodes.last?.sourceID, role: role, date: session.started,
                                    content: lines.joined(separator: "\n"), fields: fields))
        }
        // The first thing the user asked titles it: a question, or the one a command that asks (`/ask Q`)
        // carries; not another command (`/add FILE`) nor an empty input; else the first command.
        let typed = nodes.filter { $0.role == .user }.compactMap { $0.content.split(separator: "\n").first.map(String.init) }
        let asked = typed.lazy.compactMap { line -> String? in
            if let command = askingCommands.first(where: line.hasPrefix) { return String(line.dropFirst(command.count)) }
            return line.hasPrefix("/") || line == "<blank>" ? nil : line
        }
        let title = asked.first ?? typed.first
        // A session that is aider's start-up output alone (it was quit at once) is no conversation.
        let spoken = !typed.isEmpty || nodes.contains { $0.role == .assistant }
        var conversation = ImportConversation(
            format: "aider", id: id, title: title, date: session.started, nodes: spoken ? nodes : [], currentNode: nodes.last?.sourceID)
        conversation.label = String(time.filter(\.isNumber)) + (count > 1 ? "-\(count)" : "")
        if conversation.nodes.isEmpty {
            conversation.skipped = ["\(file): the session started at \(session.startText) holds only aider's own output (no question, no reply)"]
        }
        return conversation
    }

    /// The model a line of aider's start-up output names: `Model: NAME with …`, `Main model: NAME with …`.
    static func modelNamed(_ line: Substring) -> String? {
        for prefix in ["Model: ", "Main model: "] where line.hasPrefix(prefix) {
            let rest = line.dropFirst(prefix.count)
            // `NAME with EDIT edit format, …`; older versions `NAME using EDIT edit format`.
            let name = (rest.firstRange(of: " with ") ?? rest.firstRange(of: " using ")).map { rest[..<$0.lowerBound] } ?? rest
            return name.isEmpty ? nil : String(name)
        }
        return nil
    }
}
