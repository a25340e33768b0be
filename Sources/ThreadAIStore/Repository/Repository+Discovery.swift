#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Repository {
    /// Finds the repository the way git finds `.git` (docs/FORMAT.md §1.1): an explicit folder
    /// (`--repo`) first, then `THREADAI_DIR`, then the nearest `.threadai` in `currentDirectory`
    /// or one of its ancestors. An explicit folder may be the `.threadai` folder or one containing it.
    /// A non-empty `THREADAI_NO_CACHE` turns `cache/` off (docs/FORMAT.md §12).
    public static func discover(
        explicit: String?, environment: [String: String], currentDirectory: String
    ) throws(RepositoryError) -> Repository {
        var repository = try find(explicit: explicit, environment: environment, currentDirectory: currentDirectory)
        repository.usesCache = environment["THREADAI_NO_CACHE", default: ""].isEmpty
        return repository
    }

    private static func find(
        explicit: String?, environment: [String: String], currentDirectory: String
    ) throws(RepositoryError) -> Repository {
        if let named = explicit ?? environment["THREADAI_DIR"].flatMap({ $0.isEmpty ? nil : $0 }) {
            let absolute = named.hasPrefix("/") ? named : currentDirectory + "/" + named
            let candidate = FilePaths.isDirectory(absolute + "/.threadai") ? absolute + "/.threadai" : absolute
            do {
                return try Repository(directory: normalized(candidate))
            } catch {
                // Say where the path came from when the environment, not the command line, gave it.
                guard explicit == nil else { throw error }
                switch error {
                case .notARepository(let path): throw .notARepository(path + " (named by THREADAI_DIR)")
                case .absent(let path): throw .absent(path + " (named by THREADAI_DIR)")
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
