/// Where the code stood when a message was written (docs/FORMAT.md §4.7): the commit and branch of
/// the innermost git work tree around the repository, and whether tracked files had changed. Read
/// from a message's `code-*` keys, or from its conversation's anchor note (§4.7.1) when the message
/// could not carry them (`Repository.anchors()`); `CodeAnchor.read` (ThreadAI) reads it from git.
public struct CodeAnchor: Sendable, Equatable, Hashable {
    /// The commit HEAD resolved to; nil on an unborn branch.
    public var commit: String?
    /// The branch HEAD named; nil on a detached HEAD.
    public var branch: String?
    /// Whether tracked files outside `.threadai` differed from the commit.
    public var dirty: Bool

    public init(commit: String?, branch: String?, dirty: Bool) {
        self.commit = commit
        self.branch = branch
        self.dirty = dirty
    }

    /// The anchor a message's own keys record; nil when it has neither `code-commit` nor `code-branch`.
    public init?(frontmatter message: some MessageFrontmatter) {
        let commit = message.fields[FrontmatterKey.codeCommit]
        let branch = message.fields[FrontmatterKey.codeBranch]
        guard commit != nil || branch != nil else { return nil }
        self.init(commit: commit, branch: branch, dirty: message.fields[FrontmatterKey.codeDirty] == "true")
    }

    /// The frontmatter keys that record this anchor.
    public var fields: [String: String] {
        var fields: [String: String] = [:]
        fields[FrontmatterKey.codeCommit] = commit
        fields[FrontmatterKey.codeBranch] = branch
        if dirty { fields[FrontmatterKey.codeDirty] = "true" }
        return fields
    }
}
