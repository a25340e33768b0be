import Foundation
import Testing
@testable import ThreadAIStore

/// Rewriting small packs (docs/FORMAT.md §15.5): which packs the geometric rule picks, packs cut at
/// the size limit, a gc that rewrites small packs with the loose objects and removes them, and when
/// packing is due (§15.6).
@Suite("Rewriting small packs")
struct PackRollupTests {
    let scratch: ScratchRepository
    var repository: Repository { scratch.repository }

    /// The ids a pack gc wrote holds, read from the pack (gc's report keeps none).
    func ids(of pack: PackWriter.Written) -> [ObjectID] {
        repository.objects.ids(inPackNamed: pack.name) ?? []
    }

    init() throws {
        scratch = try ScratchRepository()
    }

    static func names(_ sizes: [Int]) -> [(name: String, size: Int)] {
        sizes.enumerated().map { ("p\($0.offset)", $0.element) }
    }

    @Test("the geometric rule: the smallest candidates until each later one is twice all before it")
    func geometricChoice() {
        // Equal sizes break the progression everywhere: all of them together.
        #expect(PackRollup.chosen(smallPacks: Self.names([10, 10, 10]), looseBytes: 0) == ["p0", "p1", "p2"])
        // Already geometric: nothing to rewrite, whatever the loose objects add when they keep it so.
        #expect(PackRollup.chosen(smallPacks: Self.names([10, 20, 60, 180]), looseBytes: 0) == [])
        #expect(PackRollup.chosen(smallPacks: Self.names([100, 400]), looseBytes: 10).isEmpty)
        // Loose objects about the size of the smallest pack: the two go together, the large rest stays.
        #expect(PackRollup.chosen(smallPacks: Self.names([12, 100, 400]), looseBytes: 10) == ["p0"])
        // A break high up takes everything below it along.
        #expect(PackRollup.chosen(smallPacks: Self.names([10, 30, 70, 100]), looseBytes: 0) == ["p0", "p1", "p2", "p3"])
        #expect(PackRollup.chosen(smallPacks: Self.names([10, 30, 90]), looseBytes: 0).isEmpty)
        // One candidate alone is nothing to put together.
        #expect(PackRollup.chosen(smallPacks: Self.names([10]), looseBytes: 0).isEmpty)
        #expect(PackRollup.chosen(smallPacks: [], looseBytes: 10).isEmpty)
    }

    @Test("a writer begins a new pack before the objects' bytes would pass its limit; a larger object is a pack alone")
    func cutAtTheLimit() throws {
        let ids = try scratch.appendTurns(9, prefix: String(repeating: "x", count: 200))
        let sizes = try ids.map { try Files.read(repository.objects.path(of: $0)).count }
        let limit = sizes.max()! * 3
        let written = try PackWriter(objects: repository.objects, limit: limit).write(ids)
        #expect(written.flatMap(\.ids) == ids.sorted())
        #expect(written.count >= 3)
        for pack in written {
            let bytes = pack.ids.reduce(0) { $0 + sizes[ids.firstIndex(of: $1)!] }
            #expect(bytes <= limit)
        }
        // Each pack but the last was cut because the next object did not fit.
        for (pack, next) in zip(written, written.dropFirst()) {
            let held = pack.ids.reduce(0) { $0 + sizes[ids.firstIndex(of: $1)!] }
            #expect(held + sizes[ids.firstIndex(of: next.ids[0])!] > limit)
        }
        let alone = try PackWriter(objects: repository.objects, limit: 1).write(ids.prefix(2))
        #expect(alone.map(\.ids.count) == [1, 1])
    }

    /// Loose objects packed, then `count` more messages left loose: the state before a rewrite.
    func packedThenLoose(_ count: Int) throws -> (packed: [ObjectID], loose: [ObjectID]) {
        let packed = try scratch.appendTurns(6, prefix: "packed")
        _ = try repository.pack()
        let loose = try scratch.appendTurns(count, prefix: "loose")
        return (packed, loose)
    }

    @Test("gc rewrites a small pack with loose objects of about its size, then removes it and its index")
    func rewritesSmallPacks() throws {
        let (packed, loose) = try packedThenLoose(6)
        let old = try #require(repository.objects.packs.current(relisting: true).packs.first)
        #expect(FileManager.default.fileExists(atPath: scratch.root + "/cache/packs/" + old.name + ".idx"))
        let report = try repository.pack()
        #expect(report.rewrittenPacks == [old.path] && report.removedPacks == 1)
        #expect(report.packs.count == 1 && report.packedObjects == loose.count)
        #expect(ids(of: report.packs[0]) == (packed + loose).sorted())
        #expect(report.packs[0].ids.isEmpty, "gc's report keeps no ids")
        #expect(!FileManager.default.fileExists(atPath: old.path))
        #expect(!FileManager.default.fileExists(atPath: scratch.root + "/cache/packs/" + old.name + ".idx"))
        let fresh = ObjectStore(directory: repository.objects.directory)
        for id in packed + loose { #expect(ObjectID.of(try fresh.bytes(of: id)) == id) }
        #expect(PackSupport.looseFileCount(scratch.root) == 0)
    }

    @Test("a dry run names the packs it would rewrite and changes nothing")
    func dryRunNamesRewrites() throws {
        _ = try packedThenLoose(6)
        let old = try #require(repository.objects.packs.current(relisting: true).packs.first)
        let report = try repository.pack(dryRun: true)
        #expect(report.rewrittenPacks == [old.path] && report.packs.isEmpty && report.removedPacks == 0)
        #expect(FileManager.default.fileExists(atPath: old.path))
        #expect(PackSupport.looseFileCount(scratch.root) == 6)
    }

    @Test("a small pack that holds an object failing its id is not removed: fsck still finds the damage")
    func damagedPackStays() throws {
        _ = try packedThenLoose(6)
        let old = try #require(repository.objects.packs.current(relisting: true).packs.first)
        // One byte of an object's content changed in place: the framing holds, the id fails.
        var bytes = try Files.read(old.path)
        let entry = old.entries[2]
        bytes[entry.offset + entry.length - 2] ^= 0x01
        try FileManager.default.removeItem(atPath: old.path)
        try Data(bytes).write(to: URL(fileURLWithPath: old.path))
        let report = try Repository(directory: scratch.root).pack()
        #expect(report.rewrittenPacks == [old.path])
        #expect(report.removedPacks == 0)
        #expect(FileManager.default.fileExists(atPath: old.path))
        #expect(!report.packs.flatMap(ids(of:)).contains(entry.id))
    }

    @Test("packing is due past the loose threshold, estimated from one fan-out folder, and past 50 small packs")
    func due() throws {
        #expect(!repository.packingDue(looseLimit: Repository.defaultAutoPackLimit))
        let batch = ObjectBatch(store: repository.objects)
        for index in 0..<1_000 { try batch.add(MessageCodec.encode(try scratch.message("loose \(index)", parent: nil))) }
        try batch.flush()
        let sample = try FileManager.default.contentsOfDirectory(atPath: scratch.root + "/objects/17").count
        #expect(sample >= 2, "the fixed contents put \(sample) of 1,000 objects in objects/17")
        #expect(repository.packingDue(looseLimit: 256))
        #expect(!repository.packingDue(looseLimit: Repository.defaultAutoPackLimit))
        #expect(!repository.packingDue(looseLimit: 0), "0 turns it off")
        _ = try repository.pack()
        #expect(!repository.packingDue(looseLimit: 256))
        // 51 small packs, one object each.
        let ids = try scratch.appendTurns(51, prefix: "one")
        for id in ids { #expect(try PackWriter(objects: repository.objects).write([id]).count == 1) }
        #expect(repository.packingDue(looseLimit: Repository.defaultAutoPackLimit))
        #expect(!repository.packingDue(looseLimit: 0))
    }

    @Test("a pack gone between the listing and its opening is not damage")
    func vanishedPackIsNotDamage() throws {
        let missing = String(repeating: "ab", count: 32)
        let state = repository.objects.packs.opened([missing])
        #expect(state.packs.isEmpty && state.damaged.isEmpty)
    }

    @Test("a rewrite that makes the very pack it rewrites (a gc stopped after writing it) keeps that pack")
    func rewriteToTheSamePack() throws {
        let (packed, loose) = try packedThenLoose(3)
        // What a gc killed after its rename leaves: the new pack of everything, the old one, the loose files.
        let objects = try (packed + loose).map { (id: $0, bytes: try repository.objects.bytes(of: $0)) }
        let everything = try #require(try PackWriter(objects: repository.objects).write(objects: objects).first)
        let report = try Repository(directory: scratch.root).pack()
        #expect(report.packs.map(\.name) == [everything.name], "\(report)")
        #expect(FileManager.default.fileExists(atPath: everything.path))
        let fresh = ObjectStore(directory: repository.objects.directory)
        for id in packed + loose { #expect(ObjectID.of(try fresh.bytes(of: id)) == id) }
        #expect(PackSupport.looseFileCount(scratch.root) == 0)
    }

    @Test("gc groups objects by thread: two threads written turn about (spread over the id order) get a pack each")
    func packsGroupThreads() throws {
        var first: [ObjectID] = [], second: [ObjectID] = []
        for turn in 1...12 {
            first.append(try scratch.append("first \(turn)", role: turn % 2 == 1 ? .user : .assistant))
            second.append(try scratch.append("second \(turn)", role: turn % 2 == 1 ? .user : .assistant, on: "other"))
        }
        let sizes = try (first + second).map { try Files.read(repository.objects.path(of: $0)).count }
        let limit = max(sizes.prefix(12).reduce(0, +), sizes.suffix(12).reduce(0, +))
        let report = try repository.pack(limit: limit)
        #expect(report.packs.count == 2)
        for thread in [first, second] {
            let holding = report.packs.filter { !Set(ids(of: $0)).isDisjoint(with: thread) }
            #expect(holding.count == 1 && Set(holding.first.map(ids(of:)) ?? []) == Set(thread))
        }
        for pack in report.packs { #expect(ids(of: pack) == ids(of: pack).sorted()) }
        // A rewrite of those packs with a third thread's loose messages keeps each thread whole.
        let third = try scratch.appendTurns(12, prefix: "third", on: "third")
        let again = try repository.pack(limit: limit)
        for thread in [first, second, third] {
            #expect(again.packs.filter { !Set(ids(of: $0)).isDisjoint(with: thread) }.count <= 1)
        }
        let fresh = ObjectStore(directory: repository.objects.directory)
        for id in first + second { #expect(ObjectID.of(try fresh.bytes(of: id)) == id) }
    }
}
