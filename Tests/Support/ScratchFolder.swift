import Foundation
import Testing

/// A fresh folder under the system's temporary folder, removed when the value goes away.
public final class ScratchFolder {
    public let path: String

    public init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/threadai-wiring-" + UUID().uuidString.lowercased()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    public func at(_ relative: String) -> String { path + "/" + relative }

    public func write(_ text: String, to relative: String) throws {
        let target = at(relative)
        try FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: target))
    }

    public func read(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: at(relative))), as: UTF8.self)
    }

    /// The permission bits of a file, from `stat`.
    public func permissions(_ relative: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: at(relative))
        return try #require(attributes[.posixPermissions] as? Int)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
