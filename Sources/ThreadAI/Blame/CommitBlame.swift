#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// What one commit wrote, each line with the message behind it (`threadai trace`): every file the
/// commit added, changed or renamed to (none inside the repository's own folder), blamed at the
/// commit, keeping the lines that commit wrote.
public struct CommitBlame: Sendable {
    /// The commit's full id and committer date (seconds since 1970).
    public let commit: String
    public let committed: Int64
    /// Per file, only the lines the commit wrote.
    public let files: [CodeBlame]

    public static func of(
        _ revision: String, in repository: Repository, git: any GitBackend = GitBackends.standard
    ) throws(BlameError) -> CommitBlame {
        let top = try BlameError.workTreeTop(of: repository, git: git)
        let changed: (commit: String, committed: Int64, paths: [String])?
        do {
            changed = try git.changedFiles(of: revision, around: URL(fileURLWithPath: top))
        } catch {
            throw .git(error)
        }
        guard let changed else { throw .noWorkTree(git.whyNoRepository(top)) }
        // The repository's own folder, from the top: conversations are not code.
        let own = String(URL(fileURLWithPath: repository.directory).resolvingSymlinksInPath().path.dropFirst(top.count + 1)) + "/"
        var evidence: [WrittenEntry]?
        var files: [CodeBlame] = []
        for path in changed.paths where !path.hasPrefix(own) {
            let whole = try CodeBlame.blame(path, top: top, revision: changed.commit, range: nil, evidence: &evidence, in: repository, git: git)
            files.append(whole.keeping { $0.commit == changed.commit })
        }
        return CommitBlame(commit: changed.commit, committed: changed.committed, files: files)
    }
}

extension CodeBlame {
    /// Only the lines `keep` keeps, and the messages they name.
    func keeping(_ keep: (BlamedLine) -> Bool) -> CodeBlame {
        let kept = lines.filter(keep)
        let named = Set(kept.compactMap { $0.attribution?.message })
        return CodeBlame(path: path, lines: kept, messages: messages.filter { named.contains($0.key) })
    }
}
