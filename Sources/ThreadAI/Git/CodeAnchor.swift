#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore
import ThreadAISupport

/// Where the code stood when a message was written (docs/FORMAT.md §4.7): the commit and branch of
/// the innermost git work tree around the repository, and whether tracked files had changed.
public struct CodeAnchor: Sendable, Equatable {
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

    /// The frontmatter keys that record this anchor.
    public var fields: [String: String] {
        var fields: [String: String] = [:]
        fields["code-commit"] = commit
        fields["code-branch"] = branch
        if dirty { fields["code-dirty"] = "true" }
        return fields
    }

    /// Reads the anchor of the repository in `threadaiDirectory` (its `.threadai` folder), its own
    /// files left out of the dirty check.
    /// - Returns: nil when the folder is not inside a git work tree, or no git can be used.
    /// - Throws: `GitError` when git failed for another reason.
    public static func read(threadaiDirectory path: String, git: any GitBackend = GitBackends.standard) throws(GitError) -> CodeAnchor? {
        let threadaiDirectory = URL(fileURLWithPath: path)
        return try git.anchor(
            around: threadaiDirectory.deletingLastPathComponent(), excluding: threadaiDirectory.lastPathComponent,
            advice: "'\(Remedy(.configure, "anchors", "false"))' writes messages without code anchors")
    }
}
