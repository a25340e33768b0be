/// The forms of the code-anchor and attached-file values (docs/FORMAT.md §4.7), which a reader checks
/// so that a malformed anchor is reported rather than trusted.
enum CodeAnchorValue {
    /// What the value of `key` should be, when `key` is one of §4.7 and `value` is not of its form.
    static func problem(withKey key: String, value: String) -> String? {
        switch key {
        case FrontmatterKey.codeCommit:
            isGitObjectID(value.utf8) ? nil : "a commit id is 40 (or 64) lowercase hexadecimal digits."
        case FrontmatterKey.codeDirty:
            value == "true" ? nil : "'code-dirty' is only ever 'true' (a clean tree has no 'code-dirty')."
        case FrontmatterKey.codeBranch:
            value.isEmpty ? "a branch name is not empty." : nil
        case FrontmatterKey.files:
            isFileList(value) ? nil : "each line is a git blob id, one space and a non-empty path."
        default:
            nil
        }
    }

    /// Whether `text` is a git object id: 40 (SHA-1) or 64 (SHA-256) lowercase hexadecimal digits.
    static func isGitObjectID(_ text: some Collection<UInt8>) -> Bool {
        (text.count == 40 || text.count == 64) && text.allSatisfy { LowercaseHex.digitValue($0) != nil }
    }

    private static func isFileList(_ value: String) -> Bool {
        let lines = value.linesAtLineFeeds(omittingEmpty: false)
        return !value.isEmpty && lines.allSatisfy { line in
            guard let space = line.firstIndex(of: " ") else { return false }
            return isGitObjectID(line[..<space].utf8) && line.index(after: space) < line.endIndex
        }
    }
}
