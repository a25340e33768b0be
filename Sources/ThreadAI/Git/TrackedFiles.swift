#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which of some paths git's index tracks (a local thread's files committed before it became local).
public enum TrackedFiles {
    /// The `patterns` (anchored exclude patterns, `/PATH` from the top of the work tree) that git tracks.
    public static func among(
        _ patterns: [String], repository: Repository, git: any GitBackend = GitBackends.standard
    ) throws(GitError) -> [String] {
        try git.trackedFiles(
            around: URL(fileURLWithPath: repository.directory).deletingLastPathComponent(),
            under: patterns.map { String($0.dropFirst()) })
    }
}
