#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// The git seam: every read ThreadAI makes of the git repository around a `.threadai` folder (code
/// anchors, attached files, hooks, the exclude file, staged and tracked files, code commits), so
/// that an app without a `git` command (iOS) can use libgit2 instead (docs/DESIGN.md "The git
/// seam"). Writing hooks and the exclude file are plain file operations in the folders located here.
///
/// Every `folder` is where git looks from, as `git -C FOLDER` does; every method answers nil (or
/// nothing) when no git work tree holds `folder`, or no git can be used, and throws `GitError`
/// when git failed for another reason.
public protocol GitBackend: Sendable {
    /// The work tree around `folder`: its top, hash function, exclude file and hooks folder.
    func workTree(around folder: URL) throws(GitError) -> GitWorkTree?

    /// Where the code stands (HEAD's commit and branch), dirty when a tracked file other than those
    /// under `excluding` (a path from `folder`) differs from HEAD, in the index or the work tree.
    /// `advice` goes into the error when it fails.
    func anchor(around folder: URL, excluding: String, advice: String) throws(GitError) -> CodeAnchor?

    /// The full ids of the commits `revision` names: one commit, or for `A..B` those reachable from
    /// B and not from A.
    func commits(_ revision: String, around folder: URL) throws(GitError) -> Set<String>?

    /// The message of the commit `revision` names.
    func message(of revision: String, around folder: URL) throws(GitError) -> String?

    /// The bytes of the file `path` (from the top) in the tree of the commit `revision` (a branch
    /// other tools keep their data on, as Entire's `entire/checkpoints/v1`); nil when `revision`
    /// names nothing or its tree has no file at `path`.
    func file(_ path: String, in revision: String, around folder: URL) throws(GitError) -> [UInt8]?

    /// The files under `paths` (from `folder`, files or folders) that the index holds as added or
    /// changed since HEAD, as paths from `folder`, in git's order.
    func stagedFiles(around folder: URL, under paths: [String]) throws(GitError) -> [String]?

    /// The files the index tracks at or under `paths` (from the top of the work tree), as paths
    /// from the top, each once, in the index's order.
    func trackedFiles(around folder: URL, under paths: [String]) throws(GitError) -> [String]

    /// `git blame --porcelain -w -M` of `path` (from the top of the work tree) at `revision` (the
    /// work tree's file when nil), of the lines `lines` only when given: git's output as it is.
    func blame(_ path: String, revision: String?, lines: ClosedRange<Int>?, around folder: URL) throws(GitError) -> String?

    /// The commit `revision` names (its full id and committer date, in seconds since 1970) and the
    /// files it added, changed or renamed to, as paths from the top of the work tree.
    func changedFiles(of revision: String, around folder: URL) throws(GitError) -> (commit: String, committed: Int64, paths: [String])?

    /// The parents (full ids) and full message of each of `commits` (full ids), by id.
    func details(of commits: [String], around folder: URL) throws(GitError) -> [String: (parents: [String], message: String)]

    /// Why this backend found no repository around `folder`, as a clause.
    func whyNoRepository(_ folder: String) -> String

    /// The error for an operation that needs a repository and found none around `folder`.
    func noRepository(_ folder: String, purpose: String, arguments: [String]) -> GitError
}

/// What `GitBackend.workTree` finds: absolute paths, the top with symbolic links resolved.
public struct GitWorkTree: Sendable, Equatable {
    public var top: String
    public var algorithm: GitBlobID.Algorithm
    /// git's own exclude file (`info/exclude` of the common git folder).
    public var excludeFile: String
    /// The hooks folder git uses (`core.hooksPath` when set).
    public var hooksFolder: String

    public init(top: String, algorithm: GitBlobID.Algorithm, excludeFile: String, hooksFolder: String) {
        self.top = top
        self.algorithm = algorithm
        self.excludeFile = excludeFile
        self.hooksFolder = hooksFolder
    }
}

/// The backends this build has, and the one ThreadAI uses unless told otherwise.
public enum GitBackends {
    /// The `git` command, or libgit2 when the package is built with the `libgit2` trait (an app
    /// turns the trait on because it has no `git` command to run).
    public static var standard: any GitBackend {
        #if libgit2
        LibGit2Backend()
        #else
        GitCommandBackend()
        #endif
    }

    /// Every backend compiled in, for the shared tests and for an app that chooses.
    public static var all: [any GitBackend] {
        #if libgit2
        [GitCommandBackend(), LibGit2Backend()]
        #else
        [GitCommandBackend()]
        #endif
    }
}
