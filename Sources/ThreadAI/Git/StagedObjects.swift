#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// The files of a repository that git's index holds as added or changed, for the pre-commit check
/// (`threadai scan --staged`): the message objects, loose or in a staged pack (`gc`), and tags (for
/// credentials), and the thread refs and local lists (for what local threads keep out of git).
public enum StagedObjects {
    public struct Staged: Sendable, Equatable {
        public var ids: [ObjectID] = []
        public var tagNames: [String] = []
        public var threadNames: [String] = []
        /// `local-threads` and `local-renames`, when staged.
        public var localLists: [String] = []
    }

    /// What is staged under `threadaiDirectory`, from one look at the index over its folders.
    /// - Returns: nil when the folder is not inside a git work tree, or no git can be used.
    /// - Throws: `GitError` when git fails for another reason.
    public static func staged(threadaiDirectory path: String, git: any GitBackend = GitBackends.standard) throws(GitError) -> Staged? {
        // From the folder holding .threadai: inside it, git would take HEAD, objects/ and refs/ for a
        // bare repository of its own.
        let threadai = URL(fileURLWithPath: path)
        let folder = threadai.lastPathComponent
        let paths = ["/objects", "/packs", "/refs/tags", "/refs/threads", "/local-threads", "/local-renames"].map { folder + $0 }
        guard let names = try git.stagedFiles(around: threadai.deletingLastPathComponent(), under: paths) else { return nil }
        var staged = Staged()
        let (tagFolder, threadFolder, packFolder) = (folder + "/refs/tags/", folder + "/refs/threads/", folder + "/packs/")
        for name in names {
            if name.hasPrefix(packFolder), name.hasSuffix(".pack") {
                // Every message of a staged pack is about to be shared, as a staged loose file is.
                let pack = String(name.dropFirst(packFolder.count).dropLast(".pack".count))
                staged.ids += ObjectStore(directory: path + "/objects").ids(inPackNamed: pack) ?? []
            } else if name.hasPrefix(tagFolder) {
                staged.tagNames.append(String(name.dropFirst(tagFolder.count)))
            } else if name.hasPrefix(threadFolder) {
                staged.threadNames.append(String(name.dropFirst(threadFolder.count)))
            } else if name == folder + "/local-threads" || name == folder + "/local-renames" {
                staged.localLists.append(String(name))
            } else {
                let parts = name.split(separator: "/").suffix(3)
                guard parts.count == 3, parts.first == "objects", let file = parts.last, file.hasSuffix(".md"),
                      let id = try? ObjectID(hex: String(parts[parts.startIndex + 1] + file.dropLast(3))) else { continue }
                staged.ids.append(id)
            }
        }
        // A message both loose and in a staged pack is scanned once.
        var seen = Set<ObjectID>()
        staged.ids = staged.ids.filter { seen.insert($0).inserted }
        return staged
    }
}
