import Foundation

/// A new, empty folder under the system's temporary directory, removed with everything in it when
/// the value is released. Each test makes its own, so tests running in parallel never share files.
final class TemporaryDirectory: Sendable {
    /// The folder's absolute path with symbolic links resolved, as the child process sees its cwd.
    let path: String

    init(_ label: String = "e2e") throws {
        let base = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().path
        path = base + "/threadai-tests-\(label)-\(UUID().uuidString.prefix(13))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)  // Best effort: a leftover temp folder harms nothing.
    }

    /// Creates (if needed) and returns the folder `path/relative`.
    func folder(_ relative: String) throws -> String {
        let folder = path + "/" + relative
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
