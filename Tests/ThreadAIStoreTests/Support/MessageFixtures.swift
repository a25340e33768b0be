import Foundation

/// Message objects kept under `Fixtures/`, each file named by its id plus `.md`.
enum MessageFixtures {
    /// The folder `relativePath` under the package's `Fixtures/`.
    static func folder(_ relativePath: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/" + relativePath)
    }

    /// Every object in `folder`, sorted by id: the id its name claims, and its bytes.
    static func objects(in folder: URL) throws -> [(id: String, bytes: [UInt8])] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
        return try names.map { name in
            (String(name.dropLast(".md".count)), [UInt8](try Data(contentsOf: folder.appendingPathComponent(name))))
        }
    }
}
