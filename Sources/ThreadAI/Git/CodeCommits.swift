#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Code commits named the way a user types them (`v1.2`, `HEAD~3`, `main..feature`), resolved to full
/// ids by the git repository around a `.threadai`, to find the messages written at them
/// (`log --at-code`, `log --for-commit`).
public enum CodeCommits {
    /// The full ids of the commits `revision` names: one commit, or for a range `A..B` every commit
    /// `git rev-list A..B` lists.
    /// - Throws: `GitError` (git's message attached) for a revision git does not know, or outside git.
    public static func resolve(
        _ revision: String, threadaiDirectory path: String, git: any GitBackend = GitBackends.standard
    ) throws(GitError) -> Set<String> {
        guard let ids = try git.commits(revision, around: folder(path)) else {
            let arguments = revision.contains("..") ? ["rev-list", revision, "--"] : ["rev-parse", "--verify", revision + "^{commit}"]
            throw git.noRepository(path, purpose: "looking for code commits", arguments: arguments)
        }
        return ids
    }

    /// The full message of the commit `revision` names.
    public static func message(
        of revision: String, threadaiDirectory path: String, git: any GitBackend = GitBackends.standard
    ) throws(GitError) -> String {
        guard let message = try git.message(of: revision, around: folder(path)) else {
            throw git.noRepository(path, purpose: "looking for code commits", arguments: ["log", "-1", "--format=%B", revision + "^{commit}", "--"])
        }
        return message
    }

    /// The folder holding .threadai: from inside it, git would take HEAD, objects/ and refs/ for a bare repository.
    static func folder(_ threadaiDirectory: String) -> URL {
        URL(fileURLWithPath: threadaiDirectory).deletingLastPathComponent()
    }
}
