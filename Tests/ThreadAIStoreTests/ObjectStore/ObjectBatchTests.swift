import Testing
import ThreadAIStore

@Suite("Object batch")
struct ObjectBatchTests {
    let scratch: ScratchRepository
    var store: ObjectStore { scratch.repository.objects }

    init() throws {
        scratch = try ScratchRepository()
    }

    func encoded(_ content: String) throws -> [UInt8] {
        MessageCodec.encode(try scratch.message(content, parent: nil))
    }

    /// The names in the objects' fan-out folders that are not objects (the batch's temporary files).
    func temporaryFiles() throws -> [String] {
        try store.strayFiles()
    }

    @Test("objects stand at their names only after the flush; before it they are temporary files")
    func flushPlacesObjects() throws {
        let batch = ObjectBatch(store: store)
        let one = try encoded("one")
        let first = try batch.add(one)
        let second = try batch.add(try encoded("two"))
        #expect(first.isNew && second.isNew)
        #expect(!store.contains(first.id) && !store.contains(second.id))
        #expect(try temporaryFiles().count == 2)
        try batch.flush()
        #expect(try store.bytes(of: first.id) == one)
        #expect(store.contains(second.id))
        #expect(try temporaryFiles().isEmpty)
        #expect(try Files.permissions(store.path(of: first.id)) == 0o444)
    }

    @Test("an object stored already, or added twice, is not new and is written once")
    func existingObjects() throws {
        let stored = try store.write(try scratch.message("kept", parent: nil))
        let batch = ObjectBatch(store: store)
        let again = try batch.add(MessageCodec.encode(try store.message(stored)))
        #expect(again.id == stored && !again.isNew)
        let bytes = try encoded("twice")
        #expect(try batch.add(bytes).isNew)
        #expect(try !batch.add(bytes).isNew)
        #expect(try temporaryFiles().count == 1)
        try batch.flush()
        #expect(try store.allIDs().count == 2)
    }

    @Test("a batch flushes itself every `limit` objects, and one never flushed leaves nothing behind")
    func limitAndDiscard() throws {
        var batch: ObjectBatch? = ObjectBatch(store: store, limit: 2)
        let ids = try (1...3).map { try batch?.add(try encoded("message \($0)")).id }
        #expect(ids.prefix(2).allSatisfy { $0.map(store.contains) == true })
        #expect(ids.last.flatMap { $0 }.map(store.contains) == false)
        batch = nil
        #expect(try temporaryFiles().isEmpty)
        #expect(try store.allIDs().count == 2)
    }
}
