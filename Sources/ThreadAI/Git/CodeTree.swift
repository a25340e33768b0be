#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// The top folder and hash function of the git work tree around a repository (docs/FORMAT.md §4.7),
/// which attached files are recorded against: their paths relative to the top, their blob ids in the
/// repository's hash.
public struct CodeTree: Sendable, Equatable {
    /// The work tree's top folder, symbolic links resolved.
    public var top: String
    public var algorithm: GitBlobID.Algorithm

    public init(top: String, algorithm: GitBlobID.Algorithm) {
        self.top = top
        self.algorithm = algorithm
    }

    /// Reads the work tree around `threadaiDirectory`.
    /// - Returns: nil outside a git work tree, or without git.
    /// - Throws: `GitError` when git failed for another reason.
    public static func read(threadaiDirectory path: String, git: any GitBackend = GitBackends.standard) throws(GitError) -> CodeTree? {
        try git.workTree(around: URL(fileURLWithPath: path).deletingLastPathComponent())
            .map { CodeTree(top: $0.top, algorithm: $0.algorithm) }
    }

    /// The path to record for the file at `absolutePath` that the user named `given`: relative to
    /// the top when the file is inside the work tree, else `given` as it is.
    public func recordedPath(of absolutePath: String, given: String) -> String {
        let resolved = URL(fileURLWithPath: absolutePath).resolvingSymlinksInPath().standardizedFileURL.path
        let prefix = top.hasSuffix("/") ? top : top + "/"
        return resolved.hasPrefix(prefix) ? String(resolved.dropFirst(prefix.count)) : given
    }
}
