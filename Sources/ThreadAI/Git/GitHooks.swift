#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ThreadAIStore

/// ThreadAI's git hooks in a code repository (docs/CLI.md, `hooks`): installed only when asked,
/// never over a user's hook. A hook that is already there is kept beside ours as `NAME.threadai-chained`
/// and run by ours first, with the same arguments; uninstalling removes our file and puts the user's
/// back, so the hooks folder ends as it began.
public struct GitHooks: Sendable {
    /// The hooks ThreadAI can install.
    public enum Hook: String, Sendable, CaseIterable {
        /// Adds the `Thread:` trailer to commit messages.
        case prepareCommitMsg = "prepare-commit-msg"
        /// Stops a commit whose staged `.threadai` objects hold a credential.
        case preCommit = "pre-commit"
    }

    /// The line every hook ThreadAI writes carries, which is how it knows its own.
    public static let marker = "# threadai-hook: written by 'threadai hooks install'; 'threadai hooks uninstall' removes it."
    public static let chainedSuffix = ".threadai-chained"

    /// The hooks folder git uses (`core.hooksPath` when set), absolute.
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// The hooks folder of the git repository around `threadaiDirectory`.
    /// - Returns: nil outside a git work tree, or without git.
    public static func locate(threadaiDirectory path: String, git: any GitBackend = GitBackends.standard) throws(GitError) -> GitHooks? {
        try git.workTree(around: URL(fileURLWithPath: path).deletingLastPathComponent()).map { GitHooks(folder: $0.hooksFolder) }
    }

    /// What `install` found and did.
    public enum Installed: Sendable, Equatable {
        case installed
        /// The user's hook was kept as `NAME.threadai-chained` and runs first.
        case chained
        /// Ours was there already; its script was brought up to date.
        case alreadyInstalled
    }

    /// What `uninstall` found and did.
    public enum Uninstalled: Sendable, Equatable {
        case removed
        /// Ours was removed and the user's hook put back.
        case restored
        case notInstalled
    }

    public func path(of hook: Hook) -> String { folder + "/" + hook.rawValue }

    /// Whether `hook` is ThreadAI's.
    public func isInstalled(_ hook: Hook) -> Bool {
        (try? FilePaths.readText(path(of: hook)))??.contains(Self.marker) == true
    }

    /// Installs `script` (which must contain `marker`) as `hook`, keeping a user's hook as the chained one.
    public func install(_ hook: Hook, script: String) throws(FileSystemError) -> Installed {
        try FilePaths.makeDirectories(folder)
        let target = path(of: hook)
        var outcome = Installed.installed
        if isInstalled(hook) {
            outcome = .alreadyInstalled
        } else if FilePaths.exists(target) {
            guard !FilePaths.exists(target + Self.chainedSuffix) else {
                throw FileSystemError("keep the existing hook", path: target + Self.chainedSuffix, code: EEXIST)
            }
            try FilePaths.rename(target, to: target + Self.chainedSuffix)
            outcome = .chained
        }
        try TempFile.write(Array(script.utf8), to: target, mode: 0o755)
        return outcome
    }

    /// Removes ThreadAI's `hook` and restores the chained user hook, if any. A hook that is not ours is left alone.
    public func uninstall(_ hook: Hook) throws(FileSystemError) -> Uninstalled {
        let target = path(of: hook)
        guard isInstalled(hook) else { return .notInstalled }
        if FilePaths.exists(target + Self.chainedSuffix) {
            try FilePaths.rename(target + Self.chainedSuffix, to: target)
            return .restored
        }
        try FilePaths.remove(target)
        return .removed
    }
}
