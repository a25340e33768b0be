import Foundation
import Testing
@testable import ThreadAIStore

/// The pack file and its index (docs/FORMAT.md §15.1, §15.2): what `PackWriter` writes, what `Pack`
/// reads, and an index that is missing, damaged or of another pack costing a scan, never an answer.
@Suite("Pack reader and index")
struct PackReaderTests {
    let scratch: ScratchRepository
    var store: ObjectStore { scratch.repository.objects }
    var cache: CacheFolder { scratch.repository.cache }

    init() throws {
        scratch = try ScratchRepository()
    }

    func packed(_ count: Int = 5) throws -> (ids: [ObjectID], written: PackWriter.Written) {
        let ids = try scratch.appendTurns(count, prefix: "m")
        return (ids, try PackSupport.packEverything(store))
    }

    func indexPath(_ name: String) -> String { cache.path(of: PackSet.indexKind(name)) }

    @Test("the pack is text framing around the objects' exact bytes, in id order, named by its SHA-256")
    func layout() throws {
        let ids = try scratch.appendTurns(3, prefix: "m")
        let objects = try ids.map { try store.bytes(of: $0) }
        let written = try PackSupport.packEverything(store)
        var expected = Array("threadai-pack 1\n".utf8)
        for (id, bytes) in zip(ids, objects).sorted(by: { $0.0 < $1.0 }) {
            expected += Array("\(id.hex) \(bytes.count)\n".utf8) + bytes + [0x0a]
        }
        expected += Array("end 3\n".utf8)
        let bytes = try Files.read(written.path)
        #expect(bytes == expected)
        #expect(written.name == SHA256.hexDigest(bytes))
        #expect(written.path == scratch.root + "/packs/" + written.name + ".pack")
        #expect(try Files.permissions(written.path) == 0o444)
        #expect(written.size == bytes.count)
    }

    @Test("packing the same objects twice writes the same file")
    func deterministic() throws {
        let ids = try scratch.appendTurns(4, prefix: "m")
        let first = try #require(try PackWriter(objects: store).write(ids).first)
        let bytes = try Files.read(first.path)
        let again = try #require(try PackWriter(objects: store).write(ids.reversed() + ids).first)
        #expect(again == first)
        #expect(try Files.read(again.path) == bytes)
        try PackSupport.packEverything(store)  // The loose files go…
        #expect(try PackWriter(objects: store).write(ids).isEmpty)  // …and nothing loose is left to pack.
    }

    @Test("an object that is gone or fails its id is left out of the pack, the rest packed")
    func leavesOutBadObjects() throws {
        let ids = try scratch.appendTurns(3, prefix: "m")
        let path = store.path(of: ids[1])
        try FileManager.default.removeItem(atPath: path)
        try Files.write("tampered", to: path)
        try FileManager.default.removeItem(atPath: store.path(of: ids[2]))
        let written = try #require(try PackWriter(objects: store).write(ids).first)
        #expect(written.ids == [ids[0]])
        #expect(try PackWriter(objects: store).write([ids[2]]).isEmpty)
    }

    @Test("the index is written with the pack and used: entries at the offsets the pack frames")
    func indexWritten() throws {
        let (ids, written) = try packed()
        let pack = try Pack.open(written.path, name: written.name, cache: cache)
        #expect(pack.fromIndex)
        #expect(pack.entries.map(\.id) == ids.sorted())
        for id in ids {
            guard case .bytes(let bytes) = pack.lookup(id) else { Issue.record("\(id)"); continue }
            #expect(ObjectID.of(bytes) == id)
        }
    }

    @Test("an object read with one pread is the mapping's, and an entry its framing does not hold there reads nothing")
    func framedBytes() throws {
        let (ids, written) = try packed()
        for keepingFile in [true, false] {
            let pack = try Pack.open(written.path, name: written.name, cache: cache, keepingFile: keepingFile)
            for id in ids {
                let entry = try #require(pack.uncheckedEntry(id))
                #expect(pack.framedBytes(at: entry) == pack.bytes(at: entry) && ObjectID.of(pack.bytes(at: entry)) == id)
                // An index that is not this pack's: the entry one byte off, too long, too short, past the end, under another id.
                let wrong = [
                    PackFraming.Entry(id: id, offset: entry.offset + 1, length: entry.length),
                    PackFraming.Entry(id: id, offset: entry.offset, length: entry.length + 1),
                    PackFraming.Entry(id: id, offset: entry.offset, length: entry.length - 1),
                    PackFraming.Entry(id: id, offset: pack.size - 1, length: entry.length),
                    PackFraming.Entry(id: try #require(ids.first { $0 != id }), offset: entry.offset, length: entry.length),
                ]
                for other in wrong { #expect(pack.framedBytes(at: other) == nil, "\(other) keeping \(keepingFile)") }
            }
        }
    }

    #if os(Linux)
    @Test("a pack scanned for want of an index keeps none of its pages: a clone without cache/ maps every pack")
    func scanLeavesNoPages() throws {
        let objects = (0..<600).map { number -> (id: ObjectID, bytes: [UInt8]) in
            let bytes = Array("object \(number) \(String(repeating: "x", count: 4_000))\n".utf8)
            return (ObjectID.of(bytes), bytes)
        }
        let packs = try PackWriter(objects: store).write(objects: objects)
        let written = try #require(packs.first)
        let pack = try Pack.open(written.path, name: written.name, cache: CacheFolder(directory: cache.directory, isEnabled: false))
        #expect(!pack.fromIndex && pack.count == 600 && pack.size > 2_000_000)
        // The mapping's resident size, as the kernel counts it in /proc/self/smaps: before the fix, the whole pack.
        let found = try Self.residentKilobytes(at: pack.mapping.address)
        let resident = try #require(found)
        #expect(resident <= 64, "\(resident) KiB of a \(pack.size / 1024) KiB pack stayed resident after its scan")
        guard case .bytes(let bytes) = pack.lookup(objects[0].id) else { Issue.record("lookup"); return }
        #expect(bytes == objects[0].bytes, "a read maps its pages again")
    }

    /// The `Rss` of the mapping that begins at `address`, from /proc/self/smaps.
    static func residentKilobytes(at address: UInt) throws -> Int? {
        let start = String(address, radix: 16)
        var inside = false
        // Read to its end: a /proc file's size says 0, which a read of "the whole file" believes.
        let data = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/smaps")).readToEnd() ?? Data()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), line[..<dash].allSatisfy(\.isHexDigit) {
                inside = line[..<dash].drop { $0 == "0" } == start.drop { $0 == "0" }
            } else if inside, line.hasPrefix("Rss:") {
                return Int(line.dropFirst(4).split(separator: " ").first ?? "")
            }
        }
        return nil
    }
    #endif

    @Test("a missing, damaged or foreign index is rebuilt from the pack",
          arguments: ["missing", "garbage", "truncated", "other-size", "foreign", "damaged-id", "version-1"])
    func indexRebuilt(_ damage: String) throws {
        let (ids, written) = try packed()
        let path = indexPath(written.name)
        let sound = try Files.read(path)
        try FileManager.default.removeItem(atPath: path)
        switch damage {
        case "garbage": try Files.write("threadai-cache pack-index 1\nrandom\n", to: path)
        case "truncated": try Files.write(Array(sound.dropLast(10)), to: path)
        case "other-size":
            let entries = try #require(PackIndex.decode(sound, name: written.name, size: written.size))
            try Files.write(PackIndex.encode(name: written.name, size: written.size + 1, entries: entries), to: path)
        case "foreign":
            // A sound index of another pack of the same size cannot be told apart by its frame:
            // here, this pack's own index with every offset moved one byte.
            let entries = try #require(PackIndex.decode(sound, name: written.name, size: written.size))
            let moved = entries.map { PackFraming.Entry(id: $0.id, offset: $0.offset + 1, length: $0.length) }
            try Files.write(PackIndex.encode(name: written.name, size: written.size, entries: moved), to: path)
        case "damaged-id":
            // The first id's first byte changed: its frame holds, its checksum fails, and a binary
            // search for that id turns away: the index may not say it is absent (§15.2).
            var damaged = sound
            damaged[PackIndex.header.count + "pack \(written.name) \(written.size)\n".utf8.count] ^= 0xff
            try Files.write(damaged, to: path)
        case "version-1":
            // The text index of the first version, sound in its own frame: of another version now.
            let entries = try #require(PackIndex.decode(sound, name: written.name, size: written.size))
            let lines = entries.map { "\($0.id.hex) \($0.offset) \($0.length)\n" }.joined()
            try Files.write(CacheFrame.seal(kind: "pack-index", version: 1, body: Array("pack \(written.name) \(written.size)\n\(lines)".utf8)), to: path)
        default: break
        }
        let fresh = ObjectStore(directory: store.directory)
        for id in ids { #expect(try fresh.message(id).content.hasPrefix("m ")) }
        #expect(try Files.read(path) == sound)
    }

    @Test("a lookup found in one pack does not verify the other packs' indexes (no hashing of what does not hold it)")
    func otherIndexesUntouched() throws {
        let first = try scratch.appendTurns(3, prefix: "a")
        let one = try #require(try PackWriter(objects: store).write(first).first)
        let second = try scratch.appendTurns(3, prefix: "b")
        let two = try #require(try PackWriter(objects: store).write(second).first)
        for id in first + second { try FileManager.default.removeItem(atPath: store.path(of: id)) }
        for (damaged, wanted) in [(one, second[0]), (two, first[0])] {
            // The checksum line's last digit changed: the frame holds, the checksum fails.
            let path = indexPath(damaged.name)
            var bytes = try Files.read(path)
            bytes[bytes.count - 2] = bytes[bytes.count - 2] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
            try FileManager.default.removeItem(atPath: path)
            try Files.write(bytes, to: path)
            let fresh = ObjectStore(directory: store.directory)
            #expect(try fresh.message(wanted).content.count > 0)
            #expect(try Files.read(path) == bytes, "the damaged index of the pack not holding the id was not read whole")
            try FileManager.default.removeItem(atPath: path)  // Rebuilt by the next opening.
        }
    }

    @Test("with caches off, no index is read or written")
    func cacheOff() throws {
        let (ids, written) = try packed()
        try FileManager.default.removeItem(atPath: indexPath(written.name))
        let fresh = ObjectStore(directory: store.directory, usesCache: false)
        #expect(try fresh.message(ids[0]).content == "m 1")
        #expect(!Files.exists(indexPath(written.name)))
    }

    @Test("a damaged pack holds no object: its objects are missing, the other packs read")
    func damagedPack() throws {
        let first = try scratch.appendTurns(2, prefix: "a")
        let written = try PackSupport.packEverything(store)
        let second = try scratch.appendTurns(2, prefix: "b")
        try PackSupport.packEverything(store)
        let bytes = try Files.read(written.path)
        try FileManager.default.removeItem(atPath: written.path)
        try Files.write(Array(bytes.dropLast(3)), to: written.path)
        try FileManager.default.removeItem(atPath: indexPath(written.name))
        let fresh = ObjectStore(directory: store.directory)
        #expect(!fresh.contains(first[0]))
        #expect(try fresh.message(second[0]).content == "b 1")
        #expect(fresh.packs.current().damaged.count == 1)
    }
}
