import Foundation
import Testing
@testable import ThreadAIStore

/// The store's read paths over a packed repository (docs/FORMAT.md §15.2): every read that found
/// a loose object finds it in a pack once the loose file is gone, with the same bytes and errors.
@Suite("Packed object store")
struct PackedStoreTests {
    let scratch: ScratchRepository
    var repository: Repository { scratch.repository }

    init() throws {
        scratch = try ScratchRepository()
    }

    /// A main thread of 40 messages (past the parallel read batch) and a fork.
    func conversation() throws -> (main: [ObjectID], fork: [ObjectID]) {
        let main = try scratch.appendTurns(40, prefix: "turn")
        try scratch.fork("side", at: main[9])
        let fork = try scratch.appendTurns(3, prefix: "side", on: "side")
        return (main, fork)
    }

    @Test("history, messages, headers, contains and context read the same from a pack as from loose files")
    func readPathsOverAPack() throws {
        let ids = try conversation()
        let head = try #require(ids.main.last)
        let before = try repository.history(from: head, limit: nil, walker: HistoryWalker(objects: repository.objects))
        let contextBefore = try repository.context(of: head, budget: nil)
        let written = try PackSupport.packEverything(repository.objects)
        #expect(PackSupport.looseFileCount(scratch.root) == 0)
        #expect(written.ids.count == 43)
        // A fresh store, as a new command opens it, and the one that was open before the packing.
        for store in [ObjectStore(directory: repository.objects.directory), repository.objects] {
            let walked = try repository.history(from: head, limit: nil, walker: HistoryWalker(objects: store))
            #expect(walked.map(\.id) == before.map(\.id))
            #expect(walked.map(\.message) == before.map(\.message))
            #expect(try store.messages(ids.main) == ids.main.map { id in before.first { $0.id == id }!.message })
            #expect(store.contains(head))
            #expect(try store.header(head).parent == ids.main.dropLast().last)
            #expect(try store.bytes(of: head) == MessageCodec.encode(try store.message(head)))
        }
        let contextAfter = try repository.context(of: head, budget: nil)
        #expect(contextAfter.turns == contextBefore.turns)
        #expect(contextAfter.system == contextBefore.system)
        #expect(Set(try repository.objects.allIDs()) == Set(ids.main + ids.fork))
        let prefix = String(head.hex.prefix(5))
        #expect(try repository.objects.ids(withPrefix: prefix) == [head])
    }

    @Test("the message graph (threads, log --all, grep) is built over packed heads, with or without its cache")
    func messageGraphOverAPack() throws {
        let ids = try conversation()
        let heads = [try #require(ids.main.last), try #require(ids.fork.last)]
        let before = try repository.messageGraph(reaching: heads)
        try PackSupport.packEverything(repository.objects)
        for usesCache in [true, false] {
            var fresh = try Repository(directory: repository.directory)
            fresh.usesCache = usesCache
            let graph = try fresh.messageGraph(reaching: heads)
            #expect(graph.count == before.count)
            #expect((0..<graph.count).map(graph.id) == (0..<before.count).map(before.id))
        }
    }

    @Test("fsck's object check reads every packed object, and finds the history whole")
    func checkOverAPack() throws {
        _ = try conversation()
        try PackSupport.packEverything(repository.objects)
        let (problems, count) = try repository.check()
        #expect(problems.filter { $0.severity == .error }.isEmpty, "\(problems)")
        #expect(count == 43)
    }

    @Test("an object both loose and packed is listed once, and a missing one is missing at its loose path")
    func mixedAndMissing() throws {
        let ids = try conversation()
        try PackSupport.packEverything(repository.objects, removingLoose: false)
        #expect(try repository.objects.allIDs().count == 43)
        let absent = ObjectID.of(Array("not stored".utf8))
        #expect(!repository.objects.contains(absent))
        do {
            _ = try repository.objects.bytes(of: absent)
            Issue.record("read an absent object")
        } catch {
            guard case .missing(_, let path) = error else { Issue.record("\(error)"); return }
            #expect(path == repository.objects.path(of: absent))
        }
        #expect(try repository.objects.bytes(of: ids.fork[0]).count > 0)
    }

    @Test("a pack written after the store was opened is found: a gc in another process")
    func packWrittenLater() throws {
        let ids = try conversation()
        let store = repository.objects
        #expect(store.contains(ids.main[0]))  // The loose file answers; the packs are not listed yet…
        #expect(!store.contains(ObjectID.of(Array("x".utf8))))  // …and now they are: none.
        try PackSupport.packEverything(ObjectStore(directory: store.directory))
        #expect(try store.message(ids.main[0]).content == "turn 1")
    }

    @Test("an object whose packed bytes fail their id is corrupt, named with its pack")
    func corruptPackedObject() throws {
        let ids = try conversation()
        let written = try PackSupport.packEverything(repository.objects)
        var bytes = try Files.read(written.path)
        let target = ids.main[0]
        let line = try #require(bytes.firstRange(of: Array("\(target.hex) ".utf8)))
        let objectStart = try #require(bytes[line.upperBound...].firstIndex(of: 0x0a)) + 1
        bytes[objectStart + 10] ^= 0x20  // Inside its frontmatter: the framing stays whole.
        try FileManager.default.removeItem(atPath: written.path)
        try Files.write(bytes, to: written.path)
        let store = ObjectStore(directory: repository.objects.directory)
        do {
            _ = try store.message(target)
            Issue.record("read a damaged object")
        } catch {
            guard case .corrupt(let id, let path, _) = error else { Issue.record("\(error)"); return }
            #expect(id == target)
            #expect(path == written.path)
        }
        #expect(try store.message(ids.main[1]).content == "turn 2")
    }

    @Test("a packed object that hashes right but is no message is malformed, named with its pack, by every reader")
    func malformedPackedObject() throws {
        let bytes = Array("not a message object\n".utf8)
        let id = ObjectID.of(bytes)
        let store = repository.objects
        try FileManager.default.createDirectory(atPath: FilePaths.directoryName(of: store.path(of: id)), withIntermediateDirectories: true)
        try Files.write(bytes, to: store.path(of: id))
        let written = try PackSupport.packEverything(store)
        #expect(written.ids == [id])
        let fresh = ObjectStore(directory: store.directory)
        let readers: [(String, () throws -> Void)] = [
            ("store", { _ = try fresh.message(id) }),
            ("header", { _ = try fresh.header(id) }),
            ("walker", { _ = try HistoryWalker(objects: fresh).message(id) }),
        ]
        for (name, read) in readers {
            do {
                try read()
                Issue.record("\(name) read a malformed object")
            } catch let error as ObjectError {
                guard case .malformed(let found, let path, _) = error else { Issue.record("\(name): \(error)"); continue }
                #expect(found == id)
                #expect(path == written.path, "\(name)")
            }
        }
    }
}
