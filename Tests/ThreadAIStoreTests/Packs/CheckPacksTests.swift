import Foundation
import Testing
@testable import ThreadAIStore

/// `fsck` over packs (docs/FORMAT.md §15.1): a damaged or truncated pack, a pack whose name is not its
/// hash, and an object whose packed bytes fail their id are each named, with the pack's path.
@Suite("fsck over packs")
struct CheckPacksTests {
    let scratch: ScratchRepository
    var repository: Repository { scratch.repository }

    init() throws {
        scratch = try ScratchRepository()
    }

    func errors() throws -> [RepositoryProblem] {
        try Repository(directory: repository.directory).check().problems.filter { $0.severity == .error }
    }

    func replace(_ path: String, with bytes: [UInt8]) throws {
        try FileManager.default.removeItem(atPath: path)
        try Files.write(bytes, to: path)
    }

    /// The offset of object `id`'s bytes in `pack`.
    func offset(of id: ObjectID, in bytes: [UInt8]) throws -> Int {
        let line = try #require(bytes.firstRange(of: Array("\(id.hex) ".utf8)))
        return try #require(bytes[line.upperBound...].firstIndex(of: 0x0a)) + 1
    }

    @Test("a truncated pack is named damaged, and the messages only it held are missing")
    func truncated() throws {
        let ids = try scratch.appendTurns(4, prefix: "m")
        let written = try PackSupport.packEverything(repository.objects)
        try replace(written.path, with: Array(try Files.read(written.path).dropLast(40)))
        let errors = try errors()
        let damaged = try #require(errors.first { $0.path == written.path })
        #expect(damaged.message.contains("damaged") && damaged.message.contains("truncated"), "\(damaged)")
        #expect(damaged.remedy?.contains("git checkout -- '\(written.path)'") == true)
        #expect(errors.contains { $0.id == ids.last && $0.message.contains("missing") }, "\(errors)")
    }

    @Test("a pack whose name is not its hash is named; its objects still read")
    func misnamed() throws {
        _ = try scratch.appendTurns(2, prefix: "m")
        let written = try PackSupport.packEverything(repository.objects)
        let other = scratch.root + "/packs/" + String(repeating: "a", count: 64) + ".pack"
        try FileManager.default.moveItem(atPath: written.path, toPath: other)
        let errors = try errors()
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.path == other)
        #expect(errors.first?.message.contains("hashes to \(written.name)") == true)
    }

    @Test("an object whose packed bytes fail their id is named with the pack, once, whether reads use that copy or a loose one")
    func corruptObject() throws {
        for keepLoose in [false, true] {
            let scratch = try ScratchRepository()
            let ids = try scratch.appendTurns(3, prefix: "m")
            let written = try PackSupport.packEverything(scratch.repository.objects, removingLoose: !keepLoose)
            var bytes = try Files.read(written.path)
            bytes[try offset(of: ids[1], in: bytes) + 10] ^= 0x20
            try replace(written.path, with: bytes)
            let problems = try Repository(directory: scratch.root).check().problems.filter { $0.severity == .error }
            let corrupt = problems.filter { $0.id == ids[1] && $0.message.contains("corrupt") }
            #expect(corrupt.count == 1, "loose kept: \(keepLoose): \(problems)")
            #expect(corrupt.first?.path == written.path)
            #expect(corrupt.first?.remedy?.contains("git checkout -- '\(written.path)'") == true)
            // The pack's name no longer matches its bytes either.
            #expect(problems.contains { $0.id == nil && $0.message.contains("not the SHA-256") })
        }
    }
}
