import Foundation
import Testing

/// A message object as stored, read straight from its file: its frontmatter fields and content,
/// parsed just enough for assertions (independently of the store's own parser).
struct StoredObject {
    var id: String
    var fields: [String: String]
    var content: String

    init(id: String, text: String) {
        let parts = text.components(separatedBy: "\n---\n")
        var fields: [String: String] = [:]
        for line in parts[0].split(separator: "\n").dropFirst() {
            let pair = line.split(separator: ":", maxSplits: 1)
            if pair.count == 2 { fields[String(pair[0])] = pair[1].trimmingCharacters(in: .whitespaces) }
        }
        self.id = id
        self.fields = fields
        content = String(parts.dropFirst().joined(separator: "\n---\n").dropLast())
    }

    /// Every message object in `repository`.
    static func all(in repository: String) throws -> [StoredObject] {
        try RepositoryFiles.objectIDs(in: repository).map { id in
            let bytes = try Data(contentsOf: URL(fileURLWithPath: RepositoryFiles.objectPath(id, in: repository)))
            return StoredObject(id: id, text: String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The object a thread's ref points at.
    static func head(of thread: String = "main", in repository: String) throws -> StoredObject {
        let id = try String(contentsOfFile: repository + "/refs/threads/" + thread, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return try object(id, in: repository)
    }

    /// The object `id` names (the full hex id).
    static func object(_ id: String, in repository: String) throws -> StoredObject {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: RepositoryFiles.objectPath(id, in: repository)))
        return StoredObject(id: id, text: String(decoding: bytes, as: UTF8.self))
    }
}
