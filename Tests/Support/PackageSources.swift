import Foundation

/// The package's own source files, for the tests that check what the sources spell (no provider
/// list in the CLI, no import format, option names that exist).
public enum PackageSources {
    /// The package's top folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Swift file under `Sources/MODULE`, by its path inside that folder, with its text.
    public static func swiftFiles(of module: String) throws -> [(path: String, text: String)] {
        let folder = root.appendingPathComponent("Sources/" + module)
        let paths = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        return try paths.sorted().map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
    }
}
