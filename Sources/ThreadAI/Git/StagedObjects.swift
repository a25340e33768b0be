#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// The message objects of a repository that git's index holds as added or changed, for the
/// pre-commit secrets check (`threadai scan --staged`).
public enum StagedObjects {
    /// The message objects and the tags staged under `threadaiDirectory` (a tag's note travels too),
    /// from one `git diff --cached` over both folders.
    /// - Returns: nil when the folder is not inside a git work tree, or git is not installed.
    /// - Throws: `GitError` when git fails for another reason.
    public static func staged(threadaiDirectory path: String) throws(GitError) -> (ids: [ObjectID], tagNames: [String])? {
        // From the folder holding .threadai: inside it, git would take HEAD, objects/ and refs/ for a
        // bare repository of its own.
        let threadai = URL(fileURLWithPath: path)
        let top = threadai.deletingLastPathComponent()
        let folder = threadai.lastPathComponent
        // Outside a work tree `git diff` would compare files (--no-index) and refuse --cached: ask first.
        guard try GitCommand.run(["rev-parse", "--is-inside-work-tree"], in: top, purpose: "listing the staged messages") != nil,
              let output = try GitCommand.run(
                ["diff", "--cached", "--name-only", "--diff-filter=ACMR", "-z", "--relative", "--", folder + "/objects", folder + "/refs/tags"],
                in: top, purpose: "listing the staged messages")
        else { return nil }
        var ids: [ObjectID] = []
        var tagNames: [String] = []
        let tagFolder = folder + "/refs/tags/"
        for name in output.split(separator: "\0") {
            if name.hasPrefix(tagFolder) {
                tagNames.append(String(name.dropFirst(tagFolder.count)))
                continue
            }
            let parts = name.split(separator: "/").suffix(3)
            guard parts.count == 3, parts.first == "objects", let file = parts.last, file.hasSuffix(".md"),
                  let id = try? ObjectID(hex: String(parts[parts.startIndex + 1] + file.dropLast(3))) else { continue }
            ids.append(id)
        }
        return (ids, tagNames)
    }
}
