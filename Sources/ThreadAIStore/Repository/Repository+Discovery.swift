#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A repository the program names rather than finds: a command-line option, an environment
/// variable, an app's setting. `namedBy` says where the name came from, in errors ("(named by
/// THREADAI_DIR)"); nil when the user gave it directly.
public struct RepositoryName: Sendable, Equatable {
    public var path: String
    public var namedBy: String?

    public init(path: String, namedBy: String? = nil) {
        self.path = path
        self.namedBy = namedBy
    }
}

extension Repository {
    /// Finds the repository the way git finds `.git` (docs/FORMAT.md §1.1): the folder `named`, when
    /// given, else the nearest `.threadai` in `currentDirectory` or one of its ancestors. A named
    /// folder may be the `.threadai` folder or one containing it; a relative one is relative to
    /// `currentDirectory`. `usesCache: false` turns `cache/` off (docs/FORMAT.md §12).
    public static func discover(
        named: RepositoryName?, currentDirectory: String, usesCache: Bool = true
    ) throws(RepositoryError) -> Repository {
        var repository = try find(named: named, currentDirectory: currentDirectory)
        repository.usesCache = usesCache
        return repository
    }

    private static func find(named: RepositoryName?, currentDirectory: String) throws(RepositoryError) -> Repository {
        if let named {
            let absolute = named.path.hasPrefix("/") ? named.path : currentDirectory + "/" + named.path
            let candidate = FilePaths.isDirectory(absolute + "/.threadai") ? absolute + "/.threadai" : absolute
            do {
                return try Repository(directory: normalized(candidate))
            } catch {
                // Say where the path came from when the user did not type it.
                guard let source = named.namedBy else { throw error }
                switch error {
                case .notARepository(let path): throw .notARepository(path + " (named by \(source))")
                case .absent(let path): throw .absent(path + " (named by \(source))")
                default: throw error
                }
            }
        }
        var folder = normalized(currentDirectory)
        while true {
            let candidate = folder == "/" ? "/.threadai" : folder + "/.threadai"
            if FilePaths.isDirectory(candidate) { return try Repository(directory: candidate) }
            let parent = FilePaths.directoryName(of: folder)
            if parent == folder { throw .notFound(searchedFrom: currentDirectory) }
            folder = parent
        }
    }

    /// Makes `path` absolute (a relative path is relative to the process's current directory),
    /// removes `.` components, resolves `..` lexically, and drops a trailing `/`.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        let absolute = path.hasPrefix("/") ? path : FilePaths.currentDirectory() + "/" + path
        for part in absolute.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        // `joinedText`, not `joined`: every command runs this (docs/PERFORMANCE.md, "Types looked up by name").
        return "/" + parts.map(String.init).joinedText(separator: "/")
    }
}
