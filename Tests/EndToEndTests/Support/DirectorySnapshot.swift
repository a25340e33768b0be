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
