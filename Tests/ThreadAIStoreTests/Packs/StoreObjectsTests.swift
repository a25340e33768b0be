import Foundation
import Testing
@testable import ThreadAIStore

/// `Repository.store(_:)` (docs/FORMAT.md §15.3): many new objects at once (an import's
/// conversation) become one pack from `packThreshold` on, as git keeps a fetch of 100 objects or
/// more packed; fewer stay loose.
@Suite("Storing many objects at once")
struct StoreObjectsTests {
    let scratch: ScratchRepository
    var repository: Repository { scratch.repository }

    init() throws {
        scratch = try ScratchRepository()
    }

    /// A chain of `count` messages, each encoded, not stored.
    func chain(_ count: Int, prefix: String) throws -> [[UInt8]] {
        var parent: ObjectID?
        return try (0..<count).map { index in
            let bytes = MessageCodec.encode(try scratch.message("\(prefix) \(index)", parent: parent))
            parent = ObjectID.of(bytes)
            return bytes
        }
    }

    @Test("fewer than packThreshold new objects are stored loose, as before")
    func fewStayLoose() throws {
        let objects = try chain(Repository.packThreshold - 1, prefix: "few")
        let stored = try repository.store(objects + objects.prefix(3))
        #expect(stored.new == objects.count && stored.packs.isEmpty)
        #expect(PackSupport.looseFileCount(scratch.root) == objects.count)
        #expect(!FileManager.default.fileExists(atPath: scratch.root + "/format"))
    }

    @Test("packThreshold new objects or more are one pack, announced in format, and read as loose ones are")
    func manyMakeOnePack() throws {
        let objects = try chain(Repository.packThreshold + 20, prefix: "many")
        let stored = try repository.store(objects)
        #expect(stored.packs.count == 1)
        let pack = try #require(stored.packs.first)
        #expect(stored.new == objects.count && pack.ids.count == objects.count)
        #expect(PackSupport.looseFileCount(scratch.root) == 0)
        #expect(try String(contentsOfFile: scratch.root + "/format", encoding: .utf8) == "feature packs\n")
        let fresh = ObjectStore(directory: repository.objects.directory)
        for bytes in objects { #expect(try fresh.bytes(of: ObjectID.of(bytes)) == bytes) }
        // Stored again: nothing is new, nothing is written.
        let again = try repository.store(objects)
        #expect(again.new == 0 && again.packs.isEmpty)
        let packs = try FileManager.default.contentsOfDirectory(atPath: scratch.root + "/packs").filter { $0.hasSuffix(".pack") }
        #expect(packs == [pack.name + ".pack"])
    }

    @Test("a damaged loose copy is replaced where it lies, so it cannot hide the packed one")
    func damagedLooseCopyReplaced() throws {
        let objects = try chain(Repository.packThreshold, prefix: "damaged")
        let first = ObjectID.of(objects[0])
        let batch = ObjectBatch(store: repository.objects)
        try batch.add(objects[0])
        try batch.flush()
        let path = repository.objects.path(of: first)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        try Data("not the message\n".utf8).write(to: URL(fileURLWithPath: path))
        let stored = try repository.store(objects)
        #expect(stored.new == objects.count && stored.packs.first?.ids.count == objects.count)
        #expect(try repository.objects.bytes(of: first) == objects[0])
    }
}
