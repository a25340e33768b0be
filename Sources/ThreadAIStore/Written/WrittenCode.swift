import ThreadAISupport

/// The kinds of evidence that a message wrote a line of code (docs/FORMAT.md §4.9), strongest first.
public enum WrittenKind: UInt8, Sendable, Comparable, CaseIterable {
    /// An agent's edit or write tool call.
    case tool = 1
    /// A code block of a reply to a question that attached the file.
    case reply = 2
    /// The file as a question attached it.
    case attached = 3
    /// A reply's code blocks, for any file, written while the code stood at the commit its `path`
    /// names (FORMAT §4.9: the message's `code-commit`).
    case anchored = 4

    public var name: String {
        switch self {
        case .tool: "tool"
        case .reply: "reply"
        case .attached: "attached"
        case .anchored: "anchor"
        }
    }

    public static func < (a: WrittenKind, b: WrittenKind) -> Bool { a.rawValue < b.rawValue }
}

/// What one message wrote to one path: the key hashes of the lines (`LineKey.hash`), in order.
public struct WrittenLines: Sendable, Hashable {
    public let path: String
    public let kind: WrittenKind
    public let keys: [UInt64]

    public init(path: String, kind: WrittenKind, keys: [UInt64]) {
        self.path = path
        self.kind = kind
        self.keys = keys
    }
}

/// Reads from a message's content the lines it wrote (docs/FORMAT.md §4.9): an agent's file edits
/// among its parts, a question's attached files, a reply's code blocks.
enum WrittenCode {
    /// What may hold a tool edit or an attached file: a search for these finds every message `lines`
    /// gives something for, besides replies (whose evidence depends on their question).
    static let markers = ["\"file_path\"", "*** Begin Patch", "```file:"]

    /// What may hold a code block: a reply with a code anchor gives an `anchored` entry for it.
    static let codeBlockMarkers = ["```", "~~~"]

    /// The `anchored` entry of a reply written at `codeCommit` (its own `code-commit`), when it has code blocks.
    static func anchored(role: Role, content: Substring, codeCommit: String?) -> WrittenLines? {
        guard role == .assistant, let codeCommit, !codeCommit.isEmpty else { return nil }
        let keys = replyKeys(content: content)
        return keys.isEmpty ? nil : WrittenLines(path: codeCommit, kind: .anchored, keys: keys)
    }

    /// The tool edits (any role) and, in a user message, the attached files.
    static func lines(role: Role, content: Substring) -> [WrittenLines] {
        var written: [WrittenLines] = []
        for block in FencedBlock.blocks(in: content) {
            if block.info.hasPrefix("part:") {
                written += toolEdits(block)
            } else if role == .user, block.rawInfo.hasPrefix("file:") {
                let keys = block.lines.compactMap { LineKey(line: $0)?.hash }
                let path = String(block.rawInfo.dropFirst("file:".count))
                if !keys.isEmpty, !path.isEmpty { written.append(WrittenLines(path: path, kind: .attached, keys: keys)) }
            }
        }
        return written
    }

    /// The keys of the lines of a reply's code blocks (not its parts, nor blocks of attached files).
    static func replyKeys(content: Substring) -> [UInt64] {
        FencedBlock.blocks(in: content)
            .filter { !$0.info.hasPrefix("part:") && !$0.rawInfo.hasPrefix("file:") }
            .flatMap { $0.lines.compactMap { LineKey(line: $0)?.hash } }
    }

    /// The paths of the files a user message attached: its `file:PATH` blocks (§4.7).
    static func attachedPaths(role: Role, content: Substring) -> [String] {
        guard role == .user else { return [] }
        return FencedBlock.blocks(in: content).filter { $0.rawInfo.hasPrefix("file:") }
            .map { String($0.rawInfo.dropFirst("file:".count)) }.filter { !$0.isEmpty }
    }

    // MARK: tool calls

    private static func toolEdits(_ block: FencedBlock) -> [WrittenLines] {
        let body = block.body
        guard let json = JSONValue.parse(Array(body.utf8)) else { return [] }
        if block.info == "part:tool-use", let name = json["name"]?.string, let input = json["input"] ?? json["args"] {
            return namedEdit(name, input)
        }
        guard body.contains("*** Begin Patch") else { return [] }
        return patches(in: json, unwrapping: true).flatMap { patch in
            ApplyPatch.writtenFiles(patch).map { file in
                WrittenLines(path: file.path, kind: .tool, keys: file.lines.compactMap { LineKey(line: $0)?.hash })
            }
        }.filter { !$0.keys.isEmpty }
    }

    /// Claude Code's and Gemini CLI's file tools, by name.
    private static func namedEdit(_ name: String, _ input: JSONValue) -> [WrittenLines] {
        guard let path = input["file_path"]?.string, !path.isEmpty else { return [] }
        var keys: [UInt64] = []
        switch name {
        case "Write", "write_file":
            keys = LineKey.keys(of: (input["content"]?.string ?? "")[...]).map(\.hash)
        case "Edit", "replace":
            keys = editedKeys(old: input["old_string"]?.string ?? "", new: input["new_string"]?.string ?? "")
        case "MultiEdit":
            guard case .array(let edits)? = input["edits"] else { return [] }
            keys = edits.flatMap { editedKeys(old: $0["old_string"]?.string ?? "", new: $0["new_string"]?.string ?? "") }
        default:
            return []
        }
        return keys.isEmpty ? [] : [WrittenLines(path: path, kind: .tool, keys: keys)]
    }

    /// The keys of `new`'s lines less those of `old`'s, counting: the context an edit repeats is not
    /// written by it.
    static func editedKeys(old: String, new: String) -> [UInt64] {
        var left: [UInt64: Int] = [:]
        for key in LineKey.keys(of: old[...]) { left[key.hash, default: 0] += 1 }
        return LineKey.keys(of: new[...]).map(\.hash).filter { hash in
            guard let count = left[hash], count > 0 else { return true }
            left[hash] = count - 1
            return false
        }
    }

    /// Every patch in the strings of `json`, and (once) in the JSON objects its strings hold.
    private static func patches(in json: JSONValue, unwrapping: Bool) -> [Substring] {
        switch json {
        case .string(let text):
            if let patch = ApplyPatch.start(in: text) { return [patch] }
            guard unwrapping, text.first == "{" || text.first == "[", let inner = JSONValue.parse(Array(text.utf8)) else { return [] }
            return patches(in: inner, unwrapping: false)
        case .array(let items):
            return items.flatMap { patches(in: $0, unwrapping: unwrapping) }
        case .object(let members):
            return members.keys.sorted().flatMap { patches(in: members[$0] ?? .null, unwrapping: unwrapping) }
        default:
            return []
        }
    }
}
