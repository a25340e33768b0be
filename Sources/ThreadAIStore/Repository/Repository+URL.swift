#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The entry points as an app holds folders: file URLs. The store works on POSIX paths inside; these
/// only convert.
extension Repository {
    /// Creates (or completes) the repository `.threadai` inside `folder` (docs/FORMAT.md §1).
    public static func initialize(in folder: URL) throws(RepositoryError) -> (repository: Repository, created: Bool) {
        try initialize(in: folder.path)
    }

    /// Opens the repository at `directory`, the `.threadai` folder itself.
    public init(directory: URL) throws(RepositoryError) {
        try self.init(directory: directory.path)
    }

    /// The repository in `directory` or its nearest ancestor, as an app holds a folder.
    public static func discover(from directory: URL, usesCache: Bool = true) throws(RepositoryError) -> Repository {
        try discover(named: nil, currentDirectory: directory.path, usesCache: usesCache)
    }
}
