import Foundation
import ThreadAIStore

/// Small helpers on the files of a repository the CLI made.
enum RepositoryFiles {
    /// The ids of every object in `repository/objects`, from the file names.
    static func objectIDs(in repository: String) -> [String] {
        let objects = repository + "/objects"
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: objects)) ?? []
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: objects + "/" + folder)) ?? [])
                .filter { $0.hasSuffix(".md") }
                .map { folder + $0.dropLast(3) }
        }.sorted()
    }

    static func objectPath(_ id: String, in repository: String) -> String {
        repository + "/objects/" + id.prefix(2) + "/" + id.dropFirst(2) + ".md"
    }

    /// Writes `bytes` by hand as the object named by their SHA-256, as a stray or hand-made file would
    /// be, and returns that id.
    static func place(_ bytes: Data, in repository: String) throws -> String {
        let id = SHA256.hexDigest(bytes)
        let path = objectPath(id, in: repository)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try bytes.write(to: URL(fileURLWithPath: path))
        return id
    }

    /// Inverts one byte of a stored object; objects are read-only, so it is made writable first.
    static func flipByte(of id: String, in repository: String, at offset: Int) throws {
        let path = objectPath(id, in: repository)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[offset >= 0 ? offset : bytes.count + offset] ^= 0xff
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
