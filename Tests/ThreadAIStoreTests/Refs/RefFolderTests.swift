import Testing
import ThreadAIStore

/// A thread name with `/` is a path of folders, for refs and for reflogs (FORMAT.md §5.1, §7); a file
/// and a folder cannot share a path, so leftovers of earlier threads must not block new ones.
@Suite("Thread refs: folders of names")
struct RefFolderTests {
    let scratch: ScratchRepository
    let first: ObjectID

    init() throws {
        scratch = try ScratchRepository()
        first = try scratch.append("hello")
    }

    var refs: RefStore { scratch.repository.refs }

    @Test("a refused change of a nested ref leaves no empty folder behind, and the name stays usable")
    func refusedNestedChange() throws {
        let nested = try ThreadName("notes/draft")
        #expect(throws: RefError.self) {
            try refs.update(nested, to: first, expecting: .head(first), reflogMessage: "refused: it does not exist")
        }
        #expect(!Files.exists(scratch.root + "/refs/threads/notes"))
        try scratch.fork("notes", at: first)
        #expect(try scratch.head(of: "notes") == first)
    }

    @Test("an empty folder where a ref belongs does not block creating the ref")
    func emptyFolderAtRefPath() throws {
        try Files.write("", to: scratch.root + "/refs/threads/ideas/gone")
        try Files.remove(scratch.root + "/refs/threads/ideas/gone")  // `ideas` is now an empty folder.
        try scratch.fork("ideas", at: first)
        #expect(try scratch.head(of: "ideas") == first)
        #expect(try Files.readText(scratch.root + "/refs/threads/ideas") == first.hex + "\n")
    }

    @Test("a thread below the name of a deleted thread can be created (its kept reflog is not in the way)")
    func belowDeletedThread() throws {
        try scratch.fork("notes", at: first)
        try scratch.repository.deleteThread(ThreadName("notes"), force: false)
        try scratch.fork("notes/draft", at: first)
        #expect(try scratch.head(of: "notes/draft") == first)
    }

    @Test("a thread with the name of a deleted thread's folder can be created (its kept reflogs are not in the way)")
    func aboveDeletedThread() throws {
        try scratch.fork("notes/draft", at: first)
        try scratch.repository.deleteThread(ThreadName("notes/draft"), force: false)
        try scratch.fork("notes", at: first)
        #expect(try scratch.head(of: "notes") == first)
    }

    @Test("a folder where a thread's or a tag's file would be is no ref, not a damaged one")
    func folderWhereTheRefWouldBe() throws {
        try scratch.fork("notes/draft", at: first)
        try scratch.repository.tags.write(Tag(name: try ThreadName("review/first"), target: first, date: nil, note: nil), replacing: nil)
        #expect(try refs.heads(of: ThreadName("notes")) == [])
        #expect(try scratch.repository.tags.tag(ThreadName("review")) == nil)
    }
}
