import Foundation
@testable import ThreadAIStore

/// Packs every loose object of a store with `PackWriter` and removes the loose files: the same
/// repository, packed, for tests that run the existing read paths over it.
enum PackSupport {
    @discardableResult
    static func packEverything(_ store: ObjectStore, removingLoose: Bool = true) throws -> PackWriter.Written {
        let ids = try store.allIDs()
        let written = try require(try PackWriter(objects: store).write(ids).first)
        if removingLoose {
            for id in written.ids { try FileManager.default.removeItem(atPath: store.path(of: id)) }
        }
        return written
    }

    /// The names of the packs in `root`'s `packs/`.
    static func packNames(_ root: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root + "/packs")) ?? []).filter { $0.hasSuffix(".pack") }
            .map { String($0.dropLast(5)) }.sorted()
    }

    static func looseFileCount(_ root: String) -> Int {
        let enumerator = FileManager.default.enumerator(atPath: root + "/objects")
        return (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".md") }.count
    }
}

private func require<T>(_ value: T?) throws -> T {
    guard let value else { throw PackSupportError.nothingWritten }
    return value
}

private enum PackSupportError: Error { case nothingWritten }
