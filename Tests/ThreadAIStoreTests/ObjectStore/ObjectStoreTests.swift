import Foundation
import Testing
import ThreadAIStore

@Suite("Object store")
struct ObjectStoreTests {
    let scratch: ScratchRepository
    var store: ObjectStore { scratch.repository.objects }

    init() throws {
        scratch = try ScratchRepository()
    }

    /// A message with fields, Unicode, CRLF and a `---` line: everything whose bytes must survive.
    func richMessage() throws -> Message {
        try scratch.message(
            "Line one\r\nzwei — drei\n---\nnot frontmatter: yes\n", role: .assistant, parent: nil,
            fields: ["model": "offline-1", "input-tokens": "12", "x-note": "two words"])
    }

    @Test("write then read gives back the same message and the same bytes")
    func roundTrip() throws {
        let message = try richMessage()
        let id = try store.write(message)
        #expect(try store.message(id) == message)
        #expect(try store.bytes(of: id) == MessageCodec.encode(message))
        #expect(try store.header(id).fields == message.fields)
        #expect(store.contains(id))
    }

    @Test("the file is objects/XX/YYYY….md and its name is the SHA-256 of its bytes")
    func fileNameIsTheHash() throws {
        let id = try store.write(try richMessage())
        let path = store.path(of: id)
        #expect(path == scratch.root + "/objects/" + id.hex.prefix(2) + "/" + id.hex.dropFirst(2) + ".md")
        let bytes = try Files.read(path)
        #expect(SHA256.hexDigest(bytes) == id.hex)
        #expect(try Files.permissions(path) == 0o444)
    }

    @Test("writing the same message twice changes nothing")
    func writeTwice() throws {
        let message = try richMessage()
        let first = try store.write(message)
        let path = store.path(of: first)
        let inode = try Files.inode(path)
        let filesBefore = Files.relativeFiles(under: store.directory)
        let second = try store.write(message)
        #expect(second == first)
        #expect(try Files.inode(path) == inode, "the existing object was rewritten")
        #expect(Files.relativeFiles(under: store.directory) == filesBefore)
    }

    @Test("writing a message whose stored copy is corrupt replaces the copy with the right bytes")
    func writeHealsCorruptCopy() throws {
        let message = try richMessage()
        let id = try store.write(message)
        try Files.flipByte(in: store.path(of: id), at: 10)
        #expect(throws: ObjectError.self) { try store.bytes(of: id) }
        #expect(try store.write(message) == id)
        #expect(try store.bytes(of: id) == MessageCodec.encode(message))
        #expect(try Files.permissions(store.path(of: id)) == 0o444)
    }

    @Test("a flipped byte is reported as corrupt, with the id, the path and the actual hash", arguments: [0, 20, -2, -1])
    func flippedByte(offset: Int) throws {
        let id = try store.write(try richMessage())
        let path = store.path(of: id)
        try Files.flipByte(in: path, at: offset)
        let actual = ObjectID.of(try Files.read(path))
        for read in [{ _ = try store.bytes(of: id) }, { _ = try store.message(id) }, { _ = try store.header(id) }] {
            let error = try #require(throws: ObjectError.self, performing: read)
            guard case .corrupt(let reportedID, let reportedPath, let reportedActual) = error else {
                Issue.record("expected .corrupt, got \(error)")
                continue
            }
            #expect(reportedID == id)
            #expect(reportedPath == path)
            #expect(reportedActual == actual)
            #expect(error.description.contains(id.hex) && error.description.contains(path))
        }
    }

    @Test("a missing object is reported as missing, with the id and where it was expected")
    func missingObject() throws {
        let id = ObjectID.of(Array("nothing here".utf8))
        #expect(!store.contains(id))
        let error = try #require(throws: ObjectError.self) { try store.message(id) }
        guard case .missing(let reportedID, let path) = error else {
            Issue.record("expected .missing, got \(error)")
            return
        }
        #expect(reportedID == id)
        #expect(path == store.path(of: id))
        #expect(error.objectID == id)
    }

    @Test("ids(withPrefix:) finds exactly the ids that start with the prefix")
    func idsWithPrefix() throws {
        let ids = try (0..<40).map { try store.write(scratch.message("message \($0)", parent: nil)) }
        #expect(Set(try store.allIDs()) == Set(ids))
        for id in ids.prefix(10) {
            for length in [1, 2, 3, 4, 9, 64] {
                let prefix = String(id.hex.prefix(length))
                let expected = Set(ids.filter { $0.hex.hasPrefix(prefix) })
                #expect(Set(try store.ids(withPrefix: prefix)) == expected, "prefix \(prefix)")
            }
        }
        let unused = try #require(["0000", "ffff", "7777"].first { p in !ids.contains { $0.hex.hasPrefix(p) } })
        #expect(try store.ids(withPrefix: unused).isEmpty)
    }

    @Test("temporary and stray files are reported by strayFiles() and inventory(), and ignored by allIDs()")
    func strayFiles() throws {
        let id = try store.write(try richMessage())
        let folder = store.directory + "/" + id.hex.prefix(2)
        let digits = String(id.hex.dropFirst(2))
        let strays: [String] = [
            folder + "/.tmp-3k2j1h",
            folder + "/not-an-id.md",
            folder + "/" + id.hex.dropFirst(2),  // The right name without `.md`.
            folder + "/" + id.hex.dropFirst(2).uppercased() + ".md",  // Ids are lowercase.
            folder + "/" + digits + ".MD",
            folder + "/" + digits.dropFirst() + ".md",  // One digit short.
            folder + "/" + digits + "0.md",  // One digit more.
            store.directory + "/README",
            store.directory + "/ab",  // A file where a folder of objects would be.
        ]
        for stray in strays { try Files.write("stray\n", to: stray) }
        try FileManager.default.createDirectory(atPath: store.directory + "/xyz", withIntermediateDirectories: true)
        #expect(try store.allIDs() == [id])
        #expect(Set(try store.strayFiles()) == Set(strays + [store.directory + "/xyz"]))
        let inventory = try store.inventory()
        #expect(inventory.ids == [id])
        #expect(inventory.strays == (try store.strayFiles()))
        #expect(try store.ids(withPrefix: String(id.hex.prefix(2))) == [id])
    }
}
