import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@testable import ThreadAIStore

/// A walker reads objects through the `objects` folder it holds open (`openat` by a short name).
@Suite("A walker's open objects folder")
struct WalkerFolderTests {
    @Test("reads the same messages and errors as reading by path, and finds objects after the folder is replaced")
    func sameAsByPathAndSurvivesReplacement() throws {
        let scratch = try ScratchRepository()
        let ids = try (0..<6).map { try scratch.append("message \($0)", role: $0 % 2 == 0 ? .user : .assistant) }
        let walker = scratch.repository.walker()
        for id in ids {
            #expect(try walker.message(id) == scratch.repository.objects.message(id))
            #expect(try walker.header(id).parent == scratch.repository.objects.header(id).parent)
        }
        // A missing object is the store's own error.
        let stranger = ObjectID.of(Array("no such object".utf8))
        let error = #expect(throws: ObjectError.self) { try walker.message(stranger) }
        #expect(error?.description == ObjectError.missing(stranger, path: scratch.repository.objects.path(of: stranger)).description)
        // The folder is replaced by a copy (a checkout that removed and restored it): the walker,
        // whose open folder is now empty of names, still reads every message.
        let objects = scratch.root + "/objects"
        try #require(rename(objects, objects + ".old") == 0)
        try #require(mkdir(objects, 0o755) == 0)
        for folder in Set(ids.map { String($0.hex.prefix(2)) }) {
            try #require(rename(objects + ".old/" + folder, objects + "/" + folder) == 0)
        }
        let fresh = scratch.repository.walker()
        for id in ids.reversed() {
            #expect(try walker.message(id).content == fresh.message(id).content)
        }
    }
}
