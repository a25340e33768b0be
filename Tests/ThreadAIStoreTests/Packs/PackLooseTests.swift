import Foundation
import Testing
@testable import ThreadAIStore

/// `Repository.packLoose` (docs/CLI.md `capture`): the loose objects of one session, named by the
/// caller, become one pack and lose their loose files; everything else stays as it was.
@Suite("Packing the loose objects of a session")
struct PackLooseTests {
    let scratch: ScratchRepository
    var repository: Repository { scratch.repository }

    init() throws {
        scratch = try ScratchRepository()
    }

    func stored(_ count: Int, prefix: String) throws -> [ObjectID] {
        var parent: ObjectID?
        let objects = try (0..<count).map { index in
            let bytes = MessageCodec.encode(try scratch.message("\(prefix) \(index)", parent: parent))
            parent = ObjectID.of(bytes)
            return bytes
        }
        #expect(try repository.store(objects).packs.isEmpty)
        return objects.map { ObjectID.of($0) }
    }

    @Test("the named loose objects become one pack, read as before; others stay loose")
    func packsOnlyTheNamed() throws {
        let session = try stored(12, prefix: "session")
        let other = try stored(5, prefix: "other")
        #expect(try repository.packLoose(session + session.prefix(3)) == 12)
        #expect(PackSupport.looseFileCount(scratch.root) == 5)
        let packs = try FileManager.default.contentsOfDirectory(atPath: scratch.root + "/packs").filter { $0.hasSuffix(".pack") }
        #expect(packs.count == 1)
        #expect(try String(contentsOfFile: scratch.root + "/format", encoding: .utf8) == "feature packs\n")
        let fresh = ObjectStore(directory: repository.objects.directory)
        for id in session + other { #expect(ObjectID.of(try fresh.bytes(of: id)) == id) }
        #expect(try repository.packLoose(session) == 0, "packed already: nothing to do")
    }

    @Test("fewer than the minimum stay loose; a running gc leaves them to it; a damaged loose file is left for fsck")
    func leavesAlone() throws {
        let one = try stored(1, prefix: "one")
        #expect(try repository.packLoose(one) == 0 && PackSupport.looseFileCount(scratch.root) == 1)
        let session = try stored(4, prefix: "session")
        do {
            let lock = try LockFile.acquire(for: scratch.root + "/gc")
            #expect(try repository.packLoose(session) == 0 && PackSupport.looseFileCount(scratch.root) == 5)
            _ = consume lock
        }
        let damaged = repository.objects.path(of: session[0])
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: damaged)
        try Data("not the message\n".utf8).write(to: URL(fileURLWithPath: damaged))
        #expect(try repository.packLoose(session) == 3)
        #expect(FileManager.default.fileExists(atPath: damaged) && PackSupport.looseFileCount(scratch.root) == 2)
    }
}
