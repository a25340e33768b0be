import Foundation

/// Every file and folder below a root, with each file's bytes and permissions: two snapshots are
/// equal only when nothing was created, removed, rewritten or re-permissioned.
struct DirectorySnapshot: Equatable {
    struct Entry: Equatable {
        var isDirectory: Bool
        var bytes: [UInt8]
        var permissions: Int
    }

    var entries: [String: Entry]

    init(_ root: String) throws {
        let manager = FileManager.default
        var entries: [String: Entry] = [:]
        let enumerator = manager.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            let path = root + "/" + relative
            var isDirectory: ObjCBool = false
            _ = manager.fileExists(atPath: path, isDirectory: &isDirectory)
            let permissions = (try manager.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
            let bytes = isDirectory.boolValue ? [] : Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            entries[relative] = Entry(isDirectory: isDirectory.boolValue, bytes: bytes, permissions: permissions)
        }
        self.entries = entries
    }

    /// The paths that differ between two snapshots, for a readable failure.
    func differences(from other: DirectorySnapshot) -> [String] {
        Set(entries.keys).union(other.entries.keys).filter { entries[$0] != other.entries[$0] }.sorted()
    }
}

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

    /// Inverts one byte of a stored object; objects are read-only, so it is made writable first.
    static func flipByte(of id: String, in repository: String, at offset: Int) throws {
        let path = objectPath(id, in: repository)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[offset >= 0 ? offset : bytes.count + offset] ^= 0xff
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}

/// Decodes JSON output into plain dictionaries and arrays, so tests check its shape as a script would.
enum JSON {
    static func object(_ result: CLIResult) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any] else {
            throw NotJSON(text: result.stdout)
        }
        return object
    }

    static func array(_ result: CLIResult) throws -> [[String: Any]] {
        guard let array = try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [[String: Any]] else {
            throw NotJSON(text: result.stdout)
        }
        return array
    }

    struct NotJSON: Error, CustomStringConvertible {
        var text: String
        var description: String { "not the JSON expected: \(text)" }
    }
}
