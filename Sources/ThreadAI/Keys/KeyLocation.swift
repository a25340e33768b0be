#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Decides whether a folder is a safe home for API keys: not a `.threadai` folder or inside one,
/// and not inside a folder that holds `.git` or `.threadai` (a git work tree or a conversation
/// repository), where a key file could be committed or shared.
enum KeyLocation {
    /// The first folder from `directory` up to `/` that makes it unsafe, and what it holds; nil
    /// when it is safe. Both the path as written and, when it exists in part, its real path
    /// (symbolic links resolved) are checked.
    static func unsafeAncestor(of directory: String) -> (folder: String, marker: String)? {
        if let found = scan(directory) { return found }
        if let real = realPathOfDeepestExisting(directory), real != directory {
            return scan(real)
        }
        return nil
    }

    private static func scan(_ directory: String) -> (folder: String, marker: String)? {
        var folder = directory
        while true {
            if folder.hasSuffix("/.threadai") { return (folder, "a conversation repository") }
            for marker in [".git", ".threadai"] where LocalFile.exists(folder + "/" + marker) {
                return (folder, marker)
            }
            let above = LocalFile.parent(of: folder)
            if above == folder || folder.isEmpty { return nil }
            folder = above
        }
    }

    private static func realPathOfDeepestExisting(_ path: String) -> String? {
        var candidate = path
        while !LocalFile.exists(candidate) {
            let above = LocalFile.parent(of: candidate)
            if above == candidate { return nil }
            candidate = above
        }
        guard let resolved = realpath(candidate, nil) else { return nil }
        defer { free(resolved) }
        let real = String(cString: resolved)
        return real + String(path.dropFirst(candidate.count))
    }
}
