import Foundation
import Testing
@testable import ThreadAIStore

/// The one list of cache kinds (`CacheKinds.all`) that `cache rebuild` and `cache verify` go through.
@Suite("CacheKinds: the kinds cache rebuild and verify go through (FORMAT §12)")
struct CacheKindsTests {
    @Test("every kind once, summaries first, and a rebuild writes exactly the files they name")
    func everyKindOnce() throws {
        let names = CacheKinds.all.map(\.name)
        #expect(names == ["threads", "messages", "search", "objects", "packs/multi-pack.idx", "written"])
        let folder = try TemporaryDirectory("cache-kinds")
        let (repository, ids) = try PackedObjectsTests.golden(in: folder)
        // `cache/objects` is rebuilt only where it was: give it a record to keep.
        try FilePaths.makeDirectories(repository.cache.directory)
        try PackedObjectsWriter(objects: repository.objects, old: nil).write(ids, to: repository.cache.path(of: PackedObjects.kind))
        // The multi-pack index is written over two packs or more.
        let sorted = ids.sorted()
        for half in [sorted.prefix(sorted.count / 2), sorted.dropFirst(sorted.count / 2)] {
            _ = try PackWriter(objects: repository.objects).write(Array(half))
        }
        try repository.rebuildCache()
        var written = try FileManager.default.contentsOfDirectory(atPath: repository.cache.directory).filter { $0 != "packs" }
        if FileManager.default.fileExists(atPath: repository.cache.path(of: MultiPackIndex.kind)) { written.append(MultiPackIndex.kind) }
        #expect(Set(written) == Set(names))
        let report = try repository.verifyCache()
        #expect(report.isSound && report.file == .readable && report.messagesFile == .readable
                && report.searchFile == .readable && report.objectsFile == .readable
                && report.multiPackIndexFile == .readable && report.multiPackIndexCovers == 2 && report.writtenFile == .readable, "\(report)")
    }
}
