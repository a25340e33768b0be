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
    public static func resolve(_ revision: String, threadaiDirectory path: String) throws(GitError) -> Set<String> {
        let isRange = revision.contains("..")
        let arguments = isRange ? ["rev-list", revision, "--"] : ["rev-parse", "--verify", revision + "^{commit}"]
        guard let output = try run(arguments, threadaiDirectory: path, purpose: "resolving the code revision \(revision)") else {
            throw outsideGit(arguments, path: path)
        }
        return Set(output.split(separator: "\n").map(String.init))
    }

    /// The full message of the commit `revision` names.
    public static func message(of revision: String, threadaiDirectory path: String) throws(GitError) -> String {
        let arguments = ["log", "-1", "--format=%B", revision + "^{commit}", "--"]
        guard let output = try run(arguments, threadaiDirectory: path, purpose: "reading the message of commit \(revision)") else {
            throw outsideGit(arguments, path: path)
        }
        return output
    }

    private static func run(_ arguments: [String], threadaiDirectory path: String, purpose: String) throws(GitError) -> String? {
        // From the folder holding .threadai: inside it, git would take HEAD, objects/ and refs/ for a bare repository.
        try GitCommand.run(arguments, in: URL(fileURLWithPath: path).deletingLastPathComponent(), purpose: purpose)
    }

    private static func outsideGit(_ arguments: [String], path: String) -> GitError {
        GitError(purpose: "looking for code commits", arguments: arguments,
                 status: GitCommand.isInstalled ? 128 : nil, message: "",
                 advice: GitCommand.whyNoRepository(path))
    }
}
