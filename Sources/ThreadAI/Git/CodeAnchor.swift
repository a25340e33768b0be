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

    /// Reads the anchor of the repository in `threadaiDirectory` (its `.threadai` folder) with one
    /// `git status` run, which reads HEAD, the refs and the index without taking git's index lock.
    /// - Returns: nil when the folder is not inside a git work tree, or git is not installed.
    /// - Throws: `GitError` when git ran and failed for another reason.
    public static func read(threadaiDirectory path: String) throws(GitError) -> CodeAnchor? {
        let threadaiDirectory = URL(fileURLWithPath: path)
        let folder = threadaiDirectory.deletingLastPathComponent()
        let exclusion = ":(exclude)" + threadaiDirectory.lastPathComponent
        let result = try GitCommand.run(
            ["--no-optional-locks", "status", "--porcelain=v2", "--branch", "--untracked-files=no", "--", ":/", exclusion],
            in: folder, purpose: "reading where the code stands",
            advice: "'\(Remedy(.configure, "anchors", "false"))' (or THREADAI_NO_ANCHORS=1) writes messages without code anchors")
        guard let output = result else { return nil }
        return parse(statusOutput: output)
    }

    /// Reads `git status --porcelain=v2 --branch` output: the `# branch.oid` and `# branch.head`
    /// headers, and any other line as a changed tracked file.
    static func parse(statusOutput: String) -> CodeAnchor {
        var anchor = CodeAnchor(commit: nil, branch: nil, dirty: false)
        for line in statusOutput.split(separator: "\n") {
            if line.hasPrefix("# branch.oid ") {
                let oid = String(line.dropFirst("# branch.oid ".count))
                anchor.commit = oid == "(initial)" ? nil : oid
            } else if line.hasPrefix("# branch.head ") {
                let head = String(line.dropFirst("# branch.head ".count))
                anchor.branch = head == "(detached)" ? nil : head
            } else if !line.hasPrefix("#") {
                anchor.dirty = true
            }
        }
        return anchor
    }
}
