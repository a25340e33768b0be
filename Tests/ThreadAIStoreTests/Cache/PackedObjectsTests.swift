import Foundation
import Testing
@testable import ThreadAIStore

/// `cache/objects` below the command line (docs/FORMAT.md §12.4): what the writer keeps, what the
/// reader refuses, and Fixtures/cache/objects read as the spec words it.
@Suite("cache/objects: writer, reader, damage, fixture (FORMAT §12.4)")
struct PackedObjectsTests {
    /// The golden repository and the ids of `main`'s history, newest first.
    static func golden(in folder: TemporaryDirectory) throws -> (Repository, [ObjectID]) {
        let repository = try GoldenRepository.build(in: folder.path).repository
        let head = try #require(try repository.refs.heads(of: ThreadName("main")).first)
        return (repository, try repository.walker().chain(to: head).reversed())
    }

    /// The golden repository's `main` written as `cache/objects` at `FOLDER/objects`.
    static func packedGolden(_ label: String) throws -> (folder: TemporaryDirectory, repository: Repository, ids: [ObjectID], path: String) {
        let folder = try TemporaryDirectory(label)
        let (repository, ids) = try golden(in: folder)
        let path = folder.path + "/objects"
        try PackedObjectsWriter(objects: repository.objects, old: nil).write(ids, to: path)
        return (folder, repository, ids, path)
    }

    @Test("records are the objects' bytes in id order; a gone object has none; a record that fails its id is not copied")
    func writeAndRead() throws {
        let folder = try TemporaryDirectory("packed-objects")
        let (repository, ids) = try Self.golden(in: folder)
        let path = folder.path + "/objects"
        let missing = ObjectID.of(Array("not stored".utf8))
        #expect(try PackedObjectsWriter(objects: repository.objects, old: nil).write(ids + ids + [missing], to: path) == ids.count)
        let packed = try #require(PackedObjects.open(path))
        #expect(packed.ids == ids.sorted())
        for id in ids { #expect(try packed.bytes(of: id) == repository.objects.bytes(of: id)) }
        #expect(packed.bytes(of: missing) == nil)
        // A damaged record is read again from its object when copied into a new file.
        let sound = try Files.read(path)
        var bytes = sound
        bytes[PackedObjects.header.count + 5] ^= 0x01
        try Files.write(bytes, to: path)
        let damaged = try #require(PackedObjects.open(path), "OBJECTS is outside the file's check")
        #expect(ObjectID.of(damaged.bytes(0)) != damaged.id(0))
        let copy = folder.path + "/copy"
        try PackedObjectsWriter(objects: repository.objects, old: damaged).write(damaged.ids, to: copy)
        #expect(try Files.read(copy) == sound)
    }

    @Test("a flip anywhere after OBJECTS, a truncation or a wrong count makes the file absent")
    func damageOutsideRecords() throws {
        let (folder, _, ids, path) = try Self.packedGolden("packed-objects-damage")
        defer { withExtendedLifetime(folder) {} }
        let sound = try Files.read(path)
        let objectsEnd = sound.count - ids.count * 40 - PackedObjects.countsSize - PackedObjects.trailerSize
        for position in Array(0..<PackedObjects.header.count) + Array(objectsEnd..<sound.count) {
            var bytes = sound
            bytes[position] ^= 0x04
            try Files.write(bytes, to: path)
            #expect(PackedObjects.open(path) == nil, "flip at \(position)")
        }
        for length in [0, 10, sound.count / 2, sound.count - 1] {
            try Files.write(Array(sound.prefix(length)), to: path)
            #expect(PackedObjects.open(path) == nil, "cut to \(length)")
        }
    }

    @Test("Fixtures/cache/objects holds main's history of Fixtures/golden, laid out as FORMAT §12.4 says")
    func fixture() throws {
        let (folder, repository, ids, built) = try Self.packedGolden("packed-objects-fixture")
        defer { withExtendedLifetime(folder) {} }
        let fixture = GoldenRepository.fixtureDirectory.replacingOccurrences(of: "/golden", with: "/cache/objects")
        if ProcessInfo.processInfo.environment["THREADAI_REGENERATE_FIXTURES"] == "1" {
            try Files.write(try Files.read(built), to: fixture)
        }
        let bytes = try Files.read(fixture)
        #expect(bytes == (try Files.read(built)))
        // Read as the spec words it, sharing no code with `PackedObjects`.
        let header = Array("threadai-cache objects 1\n".utf8)
        #expect(Array(bytes.prefix(header.count)) == header)
        let trailer = 1 + 6 + 16 + 1
        func integer(_ offset: Int, _ size: Int) -> Int { (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) } }
        let count = integer(bytes.count - trailer - 12, 4), objectBytes = integer(bytes.count - trailer - 8, 8)
        #expect(count == ids.count && bytes.count == header.count + objectBytes + count * 40 + 12 + trailer)
        let sorted = ids.sorted()
        var start = 0
        for record in 0..<count {
            let idAt = header.count + objectBytes + record * 32
            #expect(Array(bytes[idAt..<(idAt + 32)]) == sorted[record].digestBytes)
            let end = integer(header.count + objectBytes + count * 32 + record * 8, 8)
            #expect(Array(bytes[(header.count + start)..<(header.count + end)]) == (try repository.objects.bytes(of: sorted[record])))
            start = end
        }
        let checked = header + bytes[(header.count + objectBytes)..<(bytes.count - trailer + 1)]
        let check = String(decoding: bytes.suffix(17).prefix(16), as: UTF8.self)
        #expect(check == String(SearchIndexTests.specCheck(Array(checked)), radix: 16).leftPaddedWithZeros(to: 16))
    }
}

private extension ObjectID {
    var digestBytes: [UInt8] {
        var bytes: [UInt8] = []
        appendDigest(to: &bytes)
        return bytes
    }
}

private extension String {
    func leftPaddedWithZeros(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
