#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore
import ThreadAISupport

/// Reading where the code stands (docs/FORMAT.md §4.7) from git; the value type is the store's.
extension CodeAnchor {
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
