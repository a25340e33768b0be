import Foundation
import Testing
@testable import ThreadAIStore

/// `cache/packs/multi-pack.idx` (docs/FORMAT.md §15.2): `gc` writes it over every pack; a lookup
/// asks it first and opens only the pack that holds the object; a stale or damaged one costs the
/// lookups through every pack, never a wrong answer.
@Suite("Multi-pack index")
struct MultiPackIndexTests {
    let scratch: ScratchRepository
    var repository: Repository { scratch.repository }

    init() throws {
        scratch = try ScratchRepository()
    }

    /// Three threads, each packed into a pack of its own by `gc` runs in turn.
    func threePacks() throws -> [[ObjectID]] {
        var threads: [[ObjectID]] = []
        for name in ["one", "two", "three"] {
            if name != "one" { try scratch.fork(name, at: try #require(threads[0].first)) }
            threads.append(try scratch.appendTurns(3, prefix: name, on: name == "one" ? "main" : name))
            _ = try repository.pack(keptPacks: Set(PackSupport.packNames(scratch.root)))
        }
        return threads
    }

    var indexPath: String { repository.cache.path(of: MultiPackIndex.kind) }

    @Test("gc writes it over every pack; each object is found through it, in the pack that holds it, and only that pack is mapped")
    func writtenByGcAndRead() throws {
        let threads = try threePacks()
        #expect(PackSupport.packNames(scratch.root).count == 3)
        let file = try MappedFile(copying: Array(try Data(contentsOf: URL(fileURLWithPath: indexPath))))
        let index = try #require(MultiPackIndex.Mapped(file))
        #expect(index.packs.count == 3 && index.count == 9 && index.isSound)
        let quick = QuickPacks(directory: scratch.root + "/packs", cache: repository.cache)
        for id in threads[1] {
            let found = try #require(quick.find(id))
            #expect(ObjectID.of(found.read()) == id)
        }
        #expect(quick.mappedPacks == 1, "a thread written in one pack maps that pack alone")
        for id in threads.joined() { #expect(quick.find(id).map { ObjectID.of($0.read()) } == id) }
        #expect(quick.find(ObjectID.of(Array("held by no pack".utf8))) == nil, "a miss says nothing; the caller asks every pack")
        var report = CacheVerification(file: .absent)
        repository.objects.packs.verifyMultiIndex(into: &report)
        #expect(report.multiPackIndexFile == .readable && report.multiPackIndexCovers == 3 && report.wrongMultiPackEntries.isEmpty)
    }

    #if os(Linux)
    @Test("lookups keep at most keptFiles packs' descriptors open; the other packs are opened for each read")
    func keptDescriptors() throws {
        var ids: [ObjectID] = []
        for pack in 0..<6 {
            let objects = (0..<4).map { number in Array("pack \(pack) object \(number)\n".utf8) }
            ids += objects.map(ObjectID.of)
            _ = try PackWriter(objects: repository.objects).write(objects: objects.map { (ObjectID.of($0), $0) })
        }
        repository.objects.packs.writeMultiIndex()
        // Descriptors open on this test's packs (tests run in parallel: others open files meanwhile).
        func openDescriptors() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count { descriptor in
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + descriptor)
                return target?.hasPrefix(scratch.root + "/packs/") ?? false
            }
        }
        let before = try openDescriptors()
        let quick = QuickPacks(directory: scratch.root + "/packs", cache: repository.cache, keptFiles: 2)
        // Each object twice running, so that every pack is opened and becomes the one asked first.
        for id in ids + ids { #expect(quick.find(id).map { ObjectID.of($0.read()) } == id) }
        #expect(quick.mappedPacks == 6)
        let after = try openDescriptors()
        #expect(before == 0 && after == 2, "two packs keep their descriptor, the others close theirs: \(before), \(after)")
    }
    #endif

    @Test("packs that share objects: each id once, ascending, from the first pack (by name) that holds it")
    func sharedObjectsOnce() throws {
        let objects = (0..<40).map { number -> (id: ObjectID, bytes: [UInt8]) in
            let bytes = Array("object \(number)\n".utf8)
            return (ObjectID.of(bytes), bytes)
        }
        // Three packs over overlapping thirds (0–19, 10–29, 15–39), so some ids lie in two or three.
        for range in [0..<20, 10..<30, 15..<40] {
            _ = try PackWriter(objects: repository.objects).write(objects: Array(objects[range]))
        }
        let packs = repository.objects.packs.current(relisting: true).packs.sorted { $0.name < $1.name }
        #expect(packs.count == 3)
        let index = try #require(MultiPackIndex.Mapped(try MappedFile(copying: MultiPackIndex.encode(packs))))
        #expect(index.count == 40 && index.isSound)
        let ids = (0..<index.count).map(index.id(at:))
        #expect(ids == objects.map(\.id).sorted(), "every id once, ascending")
        for id in ids {
            let first = try #require(packs.firstIndex { $0.contains(id) })
            let found = try #require(index.find(id))
            #expect(found.pack == first && packs[first].bytes(at: found.entry) == objects.first { $0.id == id }?.bytes)
        }
    }

    @Test("an index naming packs gone, or full of wrong offsets, or of random bytes, is never trusted over the packs")
    func staleOrDamaged() throws {
        let threads = try threePacks()
        let sound = try Data(contentsOf: URL(fileURLWithPath: indexPath))
        // Every offset column entry moved by one byte: no entry frames, every lookup goes round it.
        var shifted = Array(sound)
        let index = try #require(MultiPackIndex.Mapped(try MappedFile(copying: shifted)))
        for position in 0..<index.count { shifted[index.base + index.count * 36 + position * 8] &+= 1 }
        for damaged in [Data(shifted), Data(repeating: 0x5a, count: sound.count), sound.prefix(sound.count - 3)] {
            try damaged.write(to: URL(fileURLWithPath: indexPath))
            let store = ObjectStore(directory: repository.objects.directory)
            for id in threads.joined() { #expect(ObjectID.of(try store.bytes(of: id)) == id) }
        }
        // A gc that rewrites the packs into one leaves the old index naming packs that are gone.
        _ = try scratch.appendTurns(2, prefix: "more")
        _ = try repository.pack()
        #expect(PackSupport.packNames(scratch.root).count == 1)
        try sound.write(to: URL(fileURLWithPath: indexPath))
        let store = ObjectStore(directory: repository.objects.directory)
        for id in threads.joined() { #expect(ObjectID.of(try store.bytes(of: id)) == id) }
    }
}
