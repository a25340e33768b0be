import Foundation
import Testing
@testable import ThreadAIStore

/// `Fixtures/conformance/packs/` (docs/FORMAT.md §15.1): valid packs with the ids they hold, packs a
/// reader rejects with the rule that catches them, and packs whose framing is whole but some of whose
/// objects fail their ids.
@Suite("Conformance set: packs")
struct ConformancePackTests {
    static let valid = (try? ConformanceSet.entries("packs/valid", suffix: ".pack")) ?? []
    static let invalid = (try? ConformanceSet.entries("packs/invalid", suffix: ".pack")) ?? []
    static let withDamagedObjects = (try? ConformanceSet.entries("packs/damaged-objects", suffix: ".pack")) ?? []

    /// The entries a reader finds in a pack's bytes, or the rule it is rejected by.
    static func read(_ bytes: [UInt8]) -> Result<[PackFraming.Entry], PackFramingError> {
        bytes.withUnsafeBufferPointer { buffer in Result { () throws(PackFramingError) in try PackFraming.entries(buffer) } }
    }

    @Test("the set has valid packs, damaged ones each beside its rule, and damaged objects")
    func counts() throws {
        #expect(Self.valid.count >= 4)
        #expect(Self.invalid.count >= 20)
        #expect(Self.withDamagedObjects.count >= 2)
        for folder in ["valid", "invalid", "damaged-objects"] {
            let names = try ConformanceSet.entries("packs/" + folder)
            #expect(names.count == 2 * (try ConformanceSet.entries("packs/" + folder, suffix: ".pack")).count, "\(folder)")
        }
    }

    @Test("a valid pack is named by its SHA-256, holds the ids given, and each object's bytes hash to its id", arguments: valid)
    func validPack(_ name: String) throws {
        let bytes = try ConformanceSet.bytes("packs/valid/\(name).pack")
        #expect(SHA256.hexDigest(bytes) == name)
        let entries = try Self.read(bytes).get()
        let listed = try ConformanceSet.bytes("packs/valid/\(name).ids")
            .split(separator: 0x0a).map { String(decoding: $0, as: UTF8.self) }
        #expect(entries.map(\.id.hex) == listed)
        for entry in entries {
            #expect(ObjectID.of(bytes[entry.offset..<(entry.offset + entry.length)]) == entry.id)
            let object = try ConformanceSet.bytes("objects/valid/\(entry.id.hex).md")
            #expect(Array(bytes[entry.offset..<(entry.offset + entry.length)]) == object)
        }
    }

    @Test("a damaged pack is rejected by the rule its vector names", arguments: invalid)
    func invalidPack(_ name: String) throws {
        let rule = try #require(try ConformanceSet.lines("packs/invalid/\(name).rule").first?.split(separator: " ").first)
        switch Self.read(try ConformanceSet.bytes("packs/invalid/\(name).pack")) {
        case .success: Issue.record("\(name) was read")
        case .failure(let damage): #expect(damage.rule == String(rule), "\(name): \(damage)")
        }
    }

    @Test("a pack with damaged objects: those are unusable, the others read", arguments: withDamagedObjects)
    func damagedObjects(_ name: String) throws {
        let unusable = Set(try ConformanceSet.lines("packs/damaged-objects/\(name).verdict").map { line in
            try ObjectID(hex: String(line.dropFirst("unusable ".count)))
        })
        let bytes = try ConformanceSet.bytes("packs/damaged-objects/\(name).pack")
        let entries = try Self.read(bytes).get()
        #expect(!unusable.isEmpty)
        for entry in entries {
            let sound = ObjectID.of(bytes[entry.offset..<(entry.offset + entry.length)]) == entry.id
            #expect(sound == !unusable.contains(entry.id), "\(entry.id)")
        }
    }

    @Test("a repository reads the objects of a valid pack put in packs/, and none of a damaged one")
    func packsInARepository() throws {
        let scratch = try ScratchRepository()
        let root = scratch.root
        try FileManager.default.createDirectory(atPath: root + "/packs", withIntermediateDirectories: true)
        for valid in Self.valid {
            try Files.write(try ConformanceSet.bytes("packs/valid/\(valid).pack"), to: root + "/packs/\(valid).pack")
        }
        try Files.write(try ConformanceSet.bytes("packs/invalid/ids-descending.pack"), to: root + "/packs/" + String(repeating: "0", count: 64) + ".pack")
        let store = ObjectStore(directory: root + "/objects")
        let ids = Set(try ConformanceSet.entries("objects/valid", suffix: ".md"))
        #expect(Set(try store.allIDs().map(\.hex)) == ids)
        for hex in ids.sorted().prefix(20) {
            #expect(try store.bytes(of: ObjectID(hex: hex)) == ConformanceSet.bytes("objects/valid/\(hex).md"))
        }
        #expect(store.packs.current().damaged.count == 1)
    }

    @Test("the packs fuzz target's properties hold for every vector, and every cut and flipped byte of a valid pack")
    func fuzzProperties() throws {
        var inputs: [[UInt8]] = []
        for (folder, names) in [("valid", Self.valid), ("invalid", Self.invalid), ("damaged-objects", Self.withDamagedObjects)] {
            for name in names { inputs.append(try ConformanceSet.bytes("packs/\(folder)/\(name).pack")) }
        }
        let small = try #require(try Self.valid.map { try ConformanceSet.bytes("packs/valid/\($0).pack") }.filter { $0.count > 20 }.min { $0.count < $1.count })
        for cut in 0..<small.count { inputs.append(Array(small.prefix(cut))) }
        for position in stride(from: 0, to: small.count, by: 7) {
            var flipped = small
            flipped[position] ^= 0x01
            inputs.append(flipped)
        }
        for input in inputs {
            #expect(StoreFuzzing.packs(input) == nil)
        }
    }
}
