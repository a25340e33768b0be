/// One line of an anchor note (docs/FORMAT.md §4.7.1), without its LF:
/// `ID SP COMMIT SP STATE [SP BRANCH]`. `COMMIT` is a git commit id or `-` (an unborn branch),
/// `STATE` is `clean` or `dirty`, and `BRANCH`, the rest of the line, a non-empty §4.3 value (plain,
/// or quoted with escapes), so a branch name with spaces or quotes has one written form.
enum AnchorNoteLine {
    /// A line read: the message's anchor, or why the line is malformed.
    enum Parsed: Equatable {
        case anchor(ObjectID, CodeAnchor)
        case malformed(String)
    }

    /// The line of `anchor` for the message `id`, with its LF; nil for an anchor a note cannot hold
    /// (no commit and no branch, or a commit that is no git object id).
    static func encode(id: ObjectID, anchor: CodeAnchor) -> [UInt8]? {
        if let commit = anchor.commit, !CodeAnchorValue.isGitObjectID(commit.utf8) { return nil }
        guard anchor.commit != nil || anchor.branch != nil, anchor.branch != "" else { return nil }
        var line = "\(id.hex) \(anchor.commit ?? "-") \(anchor.dirty ? "dirty" : "clean")"
        if let branch = anchor.branch { line += " " + FrontmatterValue.encode(branch) }
        return Array((line + "\n").utf8)
    }

    /// Reads one line (its LF removed).
    static func parse(_ line: ArraySlice<UInt8>) -> Parsed {
        let space = UInt8(ascii: " ")
        let parts = line.split(separator: space, maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return .malformed("a line is 'MESSAGE COMMIT STATE [BRANCH]'") }
        guard let id = ObjectID(hexDigits: Array(parts[0])) else { return .malformed("'\(text(parts[0]))' is not a message id") }
        let commit: String?
        if parts[1].elementsEqual("-".utf8) {
            commit = nil
        } else if CodeAnchorValue.isGitObjectID(parts[1]) {
            commit = text(parts[1])
        } else {
            return .malformed("'\(text(parts[1]))' is not a commit id (40 or 64 lowercase hexadecimal digits) or '-'")
        }
        let dirty: Bool
        switch text(parts[2]) {
        case "dirty": dirty = true
        case "clean": dirty = false
        default: return .malformed("'\(text(parts[2]))' is not 'clean' or 'dirty'")
        }
        var branch: String?
        if parts.count == 4 {
            guard let value = try? FrontmatterValue.decode(text(parts[3])), !value.isEmpty else {
                return .malformed("the branch '\(text(parts[3]))' is not a value as docs/FORMAT.md §4.3 writes it")
            }
            branch = value
        }
        guard commit != nil || branch != nil else { return .malformed("'-' (an unborn branch) names no branch") }
        return .anchor(id, CodeAnchor(commit: commit, branch: branch, dirty: dirty))
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
