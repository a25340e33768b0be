#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ThreadAISupport

/// A `.threadai` repository: its object store, thread refs, `HEAD` and renames, by path.
///
/// Every operation reads what it needs from disk when called; nothing is kept in memory between
/// calls, so several processes can share a repository safely (writes are compare-and-swap, see
/// `RefStore`). What is costly to derive is kept in `cache/` (docs/FORMAT.md §12), which is checked
/// against the refs on every use and is never the source of truth.
public struct Repository: Sendable {
    /// The `.threadai` folder.
    public let directory: String
    public private(set) var objects: ObjectStore
    public let refs: RefStore
    public private(set) var head: HeadStore
    /// Whether commands read and write `cache/` (off with `THREADAI_NO_CACHE`, docs/FORMAT.md §12),
    /// the packs' indexes included (§15.2).
    public var usesCache = true {
        didSet { objects = ObjectStore(directory: objects.directory, usesCache: usesCache) }
    }

    /// Opens the repository in `directory` (a `.threadai` folder).
    /// A folder is one when it has `objects/` and `refs/threads/`, or the `.gitattributes` that `init`
    /// writes: git drops empty folders, so a clone of a repository with no messages yet has only that
    /// (docs/FORMAT.md §1.1); the folders are made by the first write.
    /// - Throws: `RepositoryError.notARepository` when it is neither; `.fileSystem` (`ENOTDIR`) when
    ///   something other than a folder is in the place of `objects/` or `refs/threads/`, which would
    ///   otherwise read as a repository with no messages or no threads.
    public init(directory: String) throws(RepositoryError) {
        let hasFolders = FilePaths.isDirectory(directory + "/objects") && FilePaths.isDirectory(directory + "/refs/threads")
        if !hasFolders {
            for folder in [directory + "/objects", directory + "/refs/threads"]
            where FilePaths.exists(folder, followingLinks: false) && !FilePaths.isDirectory(folder) {
                throw .fileSystem(FileSystemError("open", path: folder, code: ENOTDIR))
            }
        }
        guard hasFolders || FilePaths.exists(directory + "/.gitattributes", followingLinks: true) else {
            // A mistyped path is not a folder to run `init` in: say it is not there.
            if !FilePaths.exists(directory, followingLinks: true) { throw .absent(directory) }
            throw .notARepository(directory)
        }
        // Before anything else is read: a repository that uses what this version cannot read is
        // refused, never misread (docs/FORMAT.md §15.4).
        do {
            _ = try RepositoryFormat.read(in: directory)
        } catch {
            throw .format(error)
        }
        self.init(unchecked: directory)
    }

    init(unchecked directory: String) {
        self.directory = directory
        let objects = ObjectStore(directory: directory + "/objects")
        self.objects = objects
        // A packed id that a ref file's history holds is no head of its own (docs/FORMAT.md §5.7).
        // Asked only of a thread with both, so a walk of its parents costs what it reads.
        self.refs = RefStore(root: directory) { ancestor, descendant in
            var next: ObjectID? = descendant
            while let id = next {
                // A message that cannot be read contains nothing: the id stays a head, and fsck names it.
                guard let parent = try? objects.header(id).parent else { return false }
                if parent == ancestor { return true }
                next = parent
            }
            return false
        }
        self.head = HeadStore(root: directory)
    }

    /// This repository with `HEAD` pinned to `thread` for one command: it reads as that thread and
    /// is never written (`HeadStore.pinned(to:)`), so terminals sharing a working copy do not share a thread.
    public func pinningHead(to thread: ThreadName) -> Repository {
        var pinned = self
        pinned.head = head.pinned(to: thread)
        return pinned
    }

    var renamesPath: String { directory + "/renames" }
    /// The renames of local threads, which git never sees (docs/FORMAT.md §5.4, §13).
    public var localRenamesPath: String { directory + "/local-renames" }

    /// The renames recorded so far, shared and local (docs/FORMAT.md §5.4).
    public func renames() throws(RepositoryError) -> Renames {
        do {
            return try Renames(path: renamesPath, localPath: localRenamesPath)
        } catch {
            throw .fileSystem(error)
        }
    }

    /// The `cache` folder (docs/FORMAT.md §12).
    public var cache: CacheFolder {
        CacheFolder(directory: directory + "/cache", isEnabled: usesCache)
    }

    /// A fresh walker over this repository's history.
    public func walker() -> HistoryWalker {
        HistoryWalker(objects: objects)
    }
}

/// Why a repository could not be found, created or opened.
public enum RepositoryError: Error, CustomStringConvertible, Sendable {
    case notFound(searchedFrom: String)
    case notARepository(String)
    /// The folder named as the repository does not exist.
    case absent(String)
    /// Its `format` names what this version cannot read (docs/FORMAT.md §15.4).
    case format(FormatError)
    case fileSystem(FileSystemError)

    public var description: String {
        switch self {
        case .notFound(let start):
            return "no .threadai repository in \(start) or any folder above it. "
                + "Run '\(Remedy(.initialize))' to create one, or name one with \(Remedy(.chooseRepository))."
        case .notARepository(let path):
            return "\(path) is not a ThreadAI repository (it has no objects/ and refs/threads/ folders, nor the .gitattributes "
                + "that '\(Remedy(.initialize))' writes). "
                + "Run '\(Remedy(.initialize))' there, or name another with \(Remedy(.chooseRepository))."
        case .absent(let path):
            return "\(path) does not exist. Name an existing repository (the folder that holds .threadai, or "
                + ".threadai itself), or create one with '\(Remedy(.initialize))'."
        case .format(let error):
            return error.description
        case .fileSystem(let error):
            return error.description
        }
    }
}
