#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// `gc` for an app or the CLI: the store's `pack` (docs/FORMAT.md §15.3, §15.5), keeping the
/// messages of local threads loose (§13): a pack is shared through git whole, and git's exclude file
/// can keep out a loose file, not part of a pack. And whether packing should run by itself (§15.6).
public enum Packing {
    /// Packs the loose objects of `repository` but those local threads keep out of git, rewriting
    /// small packs as §15.5 says but those git tracks already.
    public static func pack(in repository: Repository, dryRun: Bool) throws
        -> (objects: Repository.PackReport, refs: RefStore.PackedRefsReport, reflogs: RefStore.PackedReflogsReport) {
        let local = LocalThreads(repository: repository)
        let keptOut = try local.privateContent().objects
        let objects = try repository.pack(keptLoose: keptOut, keptPacks: try sharedPacks(of: repository), dryRun: dryRun)
        // Refs after objects: a packed ref names messages that are stored by then either way.
        let keptRefs = Set(try local.names()).union(try sharedRefs(of: repository))
        let refs = try repository.refs.packRefs(keeping: { keptRefs.contains($0) }, dryRun: dryRun)
        // Reflogs are local (§7.1): every thread's, local ones too, and those of deleted threads.
        let reflogs = try repository.refs.packReflogs(dryRun: dryRun)
        return (objects, refs, reflogs)
    }

    /// The names of the packs that the code repository's git tracks (committed, pulled or staged):
    /// shared with other clones, so never rewritten (docs/FORMAT.md §15.5). Two clones that each
    /// rewrote one shared pack would each delete it and add a file much like it, which git's merge
    /// takes for two renames of one file: a rename/rename conflict, its markers written into both
    /// packs. None outside a git work tree, or when no git can be used.
    static func sharedPacks(of repository: Repository, git: any GitBackend = GitBackends.standard) throws(GitError) -> Set<String> {
        Set(try trackedFiles(below: "packs", of: repository, git: git).compactMap { path in
            let file = path.split(separator: "/").last.map(String.init) ?? ""
            return file.hasSuffix(".pack") ? String(file.dropLast(".pack".count)) : nil
        })
    }

    /// The threads whose ref file git tracks: they stay files (§5.7), because removing one in this
    /// clone while another clone extends it would be a git modify/delete conflict.
    static func sharedRefs(of repository: Repository, git: any GitBackend = GitBackends.standard) throws(GitError) -> Set<ThreadName> {
        Set(try trackedFiles(below: "refs/threads", of: repository, git: git).compactMap { try? ThreadName($0) })
    }

    /// The paths, relative to `folder` of the repository, of the files below it that git tracks;
    /// none outside a git work tree, or when no git can be used.
    private static func trackedFiles(below folder: String, of repository: Repository, git: any GitBackend) throws(GitError) -> [String] {
        guard let tree = try CodeTree.read(threadaiDirectory: repository.directory, git: git) else { return [] }
        let path = URL(fileURLWithPath: repository.directory).resolvingSymlinksInPath().path + "/" + folder
        guard path.hasPrefix(tree.top + "/") else { return [] }
        let relative = String(path.dropFirst(tree.top.count + 1))
        return try git.trackedFiles(around: URL(fileURLWithPath: tree.top), under: [relative]).compactMap { file in
            file.hasPrefix(relative + "/") ? String(file.dropFirst(relative.count + 1)) : nil
        }
    }

    /// Where a `gc` started by itself writes what went wrong: `logs/gc.log`, local (§8).
    public static func logPath(in repository: Repository) -> String {
        repository.directory + "/logs/gc.log"
    }

    /// Whether a `gc` should start by itself after a turn or an import.
    public enum Automatic: Sendable, Equatable {
        case notDue
        case due
        /// The last automatic `gc` failed: none starts until one run by hand succeeds. `reason` is
        /// the first line of its log.
        case failedBefore(log: String, reason: String)
    }

    /// Whether packing is due in `repository` with `looseLimit` (`SettingsLayers.autoPackLimit`).
    /// A few file system calls: cheap enough after every turn.
    public static func automatic(in repository: Repository, looseLimit: Int, movedRefs: Int = 0) -> Automatic {
        guard repository.packingDue(looseLimit: looseLimit, movedRefs: movedRefs) else { return .notDue }
        let log = logPath(in: repository)
        // A log that cannot be read counts as empty: the gc it holds back is only an optimisation.
        guard let bytes = try? FilePaths.read(log), !bytes.isEmpty else { return .due }
        let firstLine = bytes.split(separator: 0x0a, maxSplits: 1).first.map { String(decoding: $0, as: UTF8.self) } ?? ""
        return .failedBefore(log: log, reason: firstLine)
    }

    /// Removes the log of a failed automatic `gc`, after a `gc` succeeded. A log that cannot be
    /// removed only holds back automatic packing, which the next warning says.
    public static func clearFailureLog(in repository: Repository) {
        try? FilePaths.remove(logPath(in: repository))
    }
}
