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

    /// Reads the work tree around `threadaiDirectory` with one `git rev-parse` run.
    /// - Returns: nil outside a git work tree, or without git.
    /// - Throws: `GitError` when git ran and failed for another reason.
    public static func read(threadaiDirectory path: String) throws(GitError) -> CodeTree? {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        guard let output = try GitCommand.run(
            ["rev-parse", "--show-toplevel", "--show-object-format"], in: folder,
            purpose: "finding the work tree of the attached files")
        else { return nil }
        let lines = output.split(separator: "\n").map(String.init)
        guard let top = lines.first, !top.isEmpty else { return nil }
        let algorithm = lines.count > 1 ? GitBlobID.Algorithm(rawValue: lines[1]) ?? .sha1 : .sha1
        return CodeTree(top: URL(fileURLWithPath: top).resolvingSymlinksInPath().path, algorithm: algorithm)
    }

    /// The path to record for the file at `absolutePath` that the user named `given`: relative to
    /// the top when the file is inside the work tree, else `given` as it is.
    public func recordedPath(of absolutePath: String, given: String) -> String {
        let resolved = URL(fileURLWithPath: absolutePath).resolvingSymlinksInPath().standardizedFileURL.path
        let prefix = top.hasSuffix("/") ? top : top + "/"
        return resolved.hasPrefix(prefix) ? String(resolved.dropFirst(prefix.count)) : given
    }
}
