import Foundation

/// Finds the `threadai` executable that `swift build` made, for tests that run it as a user would.
enum ThreadAIBinary {
    /// The path, or nil with the places that were searched.
    static let location: Result<String, LocateError> = locate(named: ProcessInfo.processInfo.environment["THREADAI_BINARY"])

    struct LocateError: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "the threadai executable was not found (run 'swift build' first, or name it in THREADAI_BINARY). Searched:\n" + searched.joined(separator: "\n")
        }
    }

    /// `named` (`THREADAI_BINARY`) when set, and then only that: CI runs the suite against the release
    /// executable so, and a wrong name must fail the run, not test the debug build instead. Else beside
    /// the test bundle (SwiftPM puts test bundles and executables in one build folder); else
    /// `.build/debug/threadai` in the package folder or any folder above the test's source file or the
    /// current directory.
    static func locate(named explicit: String?) -> Result<String, LocateError> {
        if let explicit, !explicit.isEmpty {
            return isExecutableFile(explicit) ? .success(explicit) : .failure(LocateError(searched: [explicit]))
        }
        var candidates: [String] = []
        let bundleFolders = [CommandLine.arguments.first.map { URL(fileURLWithPath: $0) }, Bundle.main.executableURL, Bundle.main.bundleURL]
            .compactMap { $0?.resolvingSymlinksInPath().deletingLastPathComponent() }
        for folder in bundleFolders {
            candidates.append(folder.appendingPathComponent("threadai").path)
            // On macOS the test bundle is `X.xctest/Contents/MacOS/X`: the executable is beside `X.xctest`.
            candidates.append(folder.appendingPathComponent("../../../threadai").standardizedFileURL.path)
        }
        for start in [URL(fileURLWithPath: #filePath), URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/x")] {
            var folder = start.deletingLastPathComponent()
            while folder.path != "/" && !folder.path.isEmpty {
                candidates.append(folder.appendingPathComponent(".build/debug/threadai").path)
                folder.deleteLastPathComponent()
            }
        }
        let found = candidates.first(where: isExecutableFile)
        return found.map { .success($0) } ?? .failure(LocateError(searched: candidates))
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isExecutableFile(atPath: path)
    }

    /// The path, or a thrown error that names every place searched.
    static func path() throws -> String {
        try location.get()
    }
}
