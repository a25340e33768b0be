#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// Why `CodeBlame` could not blame a file.
public enum BlameError: Error, CustomStringConvertible, Sendable {
    /// git failed (an unknown revision, a path git does not track), its message attached.
    case git(GitError)
    /// The repository could not be read.
    case store(ThreadError)
    /// No git work tree holds the repository, or git is missing: the clause says which.
    case noWorkTree(String)
    /// The file is not inside the work tree.
    case outsideWorkTree(path: String, top: String)

    public var description: String {
        switch self {
        case .git(let error): "\(error)"
        case .store(let error): "\(error)"
        case .noWorkTree(let why): "blame needs the git work tree around the repository: \(why)."
        case .outsideWorkTree(let path, let top): "\(path) is outside the work tree \(top): blame a file of this repository's code."
        }
    }

    /// The top of the work tree around `repository`, and `file` as a path from it.
    static func locate(
        _ file: String, currentDirectory: String, repository: Repository, git: any GitBackend
    ) throws(BlameError) -> (top: String, path: String) {
        let top = try workTreeTop(of: repository, git: git)
        let absolute = file.hasPrefix("/") ? file : currentDirectory + "/" + file
        // The top has its symbolic links resolved; so must the file's folder be (the file may be gone).
        let url = URL(fileURLWithPath: absolute).standardizedFileURL
        let folderPath = url.deletingLastPathComponent().resolvingSymlinksInPath().path
        let resolved = (folderPath == "/" ? "" : folderPath) + "/" + url.lastPathComponent
        guard resolved.hasPrefix(top + "/") else { throw .outsideWorkTree(path: file, top: top) }
        return (top, String(resolved.dropFirst(top.count + 1)))
    }

    /// The top of the work tree around `repository`, symbolic links resolved.
    static func workTreeTop(of repository: Repository, git: any GitBackend) throws(BlameError) -> String {
        let folder = URL(fileURLWithPath: repository.directory).deletingLastPathComponent()
        let tree: GitWorkTree?
        do {
            tree = try git.workTree(around: folder)
        } catch {
            throw .git(error)
        }
        guard let top = tree?.top else { throw .noWorkTree(git.whyNoRepository(folder.path)) }
        return top
    }
}
