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
    public static func pack(in repository: Repository, dryRun: Bool) throws -> Repository.PackReport {
        let keptOut = try LocalThreads(repository: repository).privateContent().objects
        return try repository.pack(keptLoose: keptOut, keptPacks: try sharedPacks(of: repository), dryRun: dryRun)
    }

    /// The names of the packs that the code repository's git tracks (committed, pulled or staged):
    /// shared with other clones, so never rewritten (docs/FORMAT.md §15.5). Two clones that each
    /// rewrote one shared pack would each delete it and add a file much like it, which git's merge
    /// takes for two renames of one file: a rename/rename conflict, its markers written into both
    /// packs. None outside a git work tree, or when no git can be used.
    static func sharedPacks(of repository: Repository, git: any GitBackend = GitBackends.standard) throws(GitError) -> Set<String> {
        guard let tree = try CodeTree.read(threadaiDirectory: repository.directory, git: git) else { return [] }
        let folder = URL(fileURLWithPath: repository.directory).resolvingSymlinksInPath().path + "/packs"
        guard folder.hasPrefix(tree.top + "/") else { return [] }
        let tracked = try git.trackedFiles(around: URL(fileURLWithPath: tree.top), under: [String(folder.dropFirst(tree.top.count + 1))])
        return Set(tracked.compactMap { path in
            let file = path.split(separator: "/").last.map(String.init) ?? ""
            return file.hasSuffix(".pack") ? String(file.dropLast(".pack".count)) : nil
        })
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
    public static func automatic(in repository: Repository, looseLimit: Int) -> Automatic {
        guard repository.packingDue(looseLimit: looseLimit) else { return .notDue }
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
