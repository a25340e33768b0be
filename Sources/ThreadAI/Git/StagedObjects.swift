#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// The message objects of a repository that git's index holds as added or changed, for the
/// pre-commit secrets check (`threadai scan --staged`).
public enum StagedObjects {
    /// The ids of the objects staged under `threadaiDirectory/objects`.
    /// - Returns: nil when the folder is not inside a git work tree, or git is not installed.
    /// - Throws: `GitError` when git fails for another reason.
    public static func ids(threadaiDirectory path: String) throws(GitError) -> [ObjectID]? {
        // From the folder holding .threadai: inside it, git would take HEAD, objects/ and refs/ for a
        // bare repository of its own.
        guard let names = try staged(under: "objects", threadaiDirectory: path, purpose: "listing the staged messages") else { return nil }
        return names.compactMap { name in
            let parts = name.split(separator: "/").suffix(3)
            guard parts.count == 3, parts.first == "objects", let file = parts.last, file.hasSuffix(".md") else { return nil }
            return try? ObjectID(hex: String(parts[parts.startIndex + 1] + file.dropLast(3)))
        }
    }

    /// The names of the tags staged under `threadaiDirectory/refs/tags` (their notes travel too).
    /// - Returns: nil when the folder is not inside a git work tree, or git is not installed.
    public static func tagNames(threadaiDirectory path: String) throws(GitError) -> [String]? {
        let folder = URL(fileURLWithPath: path).lastPathComponent + "/refs/tags/"
        return try staged(under: "refs/tags", threadaiDirectory: path, purpose: "listing the staged tags")?.compactMap { name in
            name.hasPrefix(folder) ? String(name.dropFirst(folder.count)) : nil
        }
    }

    /// The paths, relative to the folder holding `.threadai`, that git's index adds or changes under `folder`.
    private static func staged(under folder: String, threadaiDirectory path: String, purpose: String) throws(GitError) -> [String]? {
        let threadai = URL(fileURLWithPath: path)
        let top = threadai.deletingLastPathComponent()
        // Outside a work tree `git diff` would compare files (--no-index) and refuse --cached: ask first.
        guard try GitCommand.run(["rev-parse", "--is-inside-work-tree"], in: top, purpose: purpose) != nil else { return nil }
        guard let output = try GitCommand.run(
            ["diff", "--cached", "--name-only", "--diff-filter=ACMR", "-z", "--relative", "--", threadai.lastPathComponent + "/" + folder],
            in: top, purpose: purpose)
        else { return nil }
        return output.split(separator: "\0").map(String.init)
    }
}
