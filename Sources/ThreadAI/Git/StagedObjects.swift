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
        let threadai = URL(fileURLWithPath: path)
        guard let output = try GitCommand.run(
            ["diff", "--cached", "--name-only", "--diff-filter=ACMR", "-z", "--relative", "--", threadai.lastPathComponent + "/objects"],
            in: threadai.deletingLastPathComponent(),
            purpose: "listing the staged messages")
        else { return nil }
        return output.split(separator: "\0").compactMap { name in
            let parts = name.split(separator: "/").suffix(3)
            guard parts.count == 3, parts.first == "objects", let file = parts.last, file.hasSuffix(".md") else { return nil }
            return try? ObjectID(hex: String(parts[parts.startIndex + 1] + file.dropLast(3)))
        }
    }
}
