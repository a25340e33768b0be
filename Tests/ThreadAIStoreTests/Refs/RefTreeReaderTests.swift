import Foundation
import Testing
@testable import ThreadAIStore

@Suite("RefStore.allHeads: one pass over the ref folders, the results and errors of names() then heads(of:)")
struct RefTreeReaderTests {
    let scratch: ScratchRepository
    var refs: RefStore { scratch.repository.refs }
    var folder: String { scratch.root + "/refs/threads" }
    let id: ObjectID

    init() throws {
        scratch = try ScratchRepository()
        id = try scratch.repository.objects.write(scratch.message("first", parent: nil))
    }

    /// What `names()` then `heads(of:)` of each name give: the pairs, or the first error's text.
    private func oneByOne() -> Result<[String], RefErrorText> {
        do {
            var lines: [String] = []
            for name in try refs.names() { lines.append(name.rawValue + " " + (try refs.heads(of: name)).map(\.hex).joined(separator: ",")) }
            return .success(lines)
        } catch {
            return .failure(RefErrorText(text: error.description))
        }
    }

    private func inOnePass() -> Result<[String], RefErrorText> {
        do {
            return .success(try refs.allHeads().map { $0.name.rawValue + " " + $0.heads.map(\.hex).joined(separator: ",") })
        } catch {
            return .failure(RefErrorText(text: error.description))
        }
    }

    struct RefErrorText: Error, Equatable {
        let text: String
    }

    private func write(_ text: String, _ relative: String) throws {
        try Files.write(text, to: folder + "/" + relative)
    }

    private func link(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: folder + "/" + relative, withDestinationPath: destination)
    }

    /// Refs, nested folders, strays that are no valid name, links to folders and files, a dangling link.
    private func arrangeSoundTree() throws {
        let line = id.hex + "\n"
        for name in ["main", "b", "a/x", "a/b/c", "z/deep/er/name", "café", "zz"] { try write(line, name) }
        try write(line + id.hex + "\n", "diverged")
        try write(line, "main.lock")
        try write(line, ".tmp-123")
        try write(line, "a/.hidden")
        try write(line, ".dir/inside")
        try write(line, "bad name")
        try write(line, "con")
        try link("to-a", to: "a")
        try link("to-main", to: "main")
        try link("dangling", to: "nowhere")
        try FileManager.default.createDirectory(atPath: folder + "/empty/folder", withIntermediateDirectories: true)
    }

    @Test("a sound tree: the same threads and heads, sorted by name")
    func soundTree() throws {
        try arrangeSoundTree()
        let expected = oneByOne()
        #expect(try expected.get().count == 12)
        #expect(inOnePass() == expected)
        #expect(try scratch.repository.threadHeads().map(\.name) == refs.names())
    }

    @Test("many folders at the top, walked on two cores: the same threads, and the first error in listing order")
    func manyTopFolders() throws {
        let line = id.hex + "\n"
        for index in 0..<(RefTreeReader.entriesWorthASecondCore * 2) {
            try write(line, "t\(index)/main")
            try write(line, "t\(index)/alt")
        }
        try write(line, "top")
        let sound = oneByOne()
        #expect(try sound.get().count == RefTreeReader.entriesWorthASecondCore * 4 + 1)
        #expect(inOnePass() == sound)
        for damaged in ["t3/alt", "t100/main", "t3/main"] {
            try write("damaged\n", damaged)
            let expected = oneByOne()
            #expect(throws: (any Error).self) { try expected.get() }
            #expect(inOnePass() == expected)
        }
    }

    @Test("no refs folder, an empty one")
    func emptyTrees() throws {
        #expect(inOnePass() == .success([]))
        try FileManager.default.removeItem(atPath: folder)
        #expect(inOnePass() == oneByOne())
        #expect(inOnePass() == .success([]))
    }

    @Test("damaged refs: the error of the first in name order", arguments: [
        ["a/garbage": "not an id\n"],
        ["m": "no line end"],
        ["b": "\n", "a/x": "short\n"],
        ["a/x": "", "zz": "x\n"],
        ["main": "\(String(repeating: "A", count: 64))\n"],
    ])
    func damagedRefs(_ damage: [String: String]) throws {
        try arrangeSoundTree()
        for (name, text) in damage { try write(text, name) }
        let expected = oneByOne()
        #expect(throws: (any Error).self) { try expected.get() }
        #expect(inOnePass() == expected)
    }

    @Test("a ref that cannot be read (a link to itself; a pipe, refused without waiting) fails both the same way",
          arguments: ["loop", "pipe"])
    func unreadableRef(_ kind: String) throws {
        try arrangeSoundTree()
        if kind == "loop" {
            try link("loop", to: "loop")
        } else {
            #expect(mkfifo(folder + "/pipe", 0o644) == 0)
        }
        let expected = oneByOne()
        #expect(throws: (any Error).self) { try expected.get() }
        #expect(inOnePass() == expected)
    }

    @Test("a link to a parent folder nests until the path is too long, past the descriptor-held depth")
    func linkToParent() throws {
        // One loop (a link to another folder too would make the nesting branch without end).
        try write(id.hex + "\n", "main")
        try write(id.hex + "\n", "a/x")
        try link("a/up", to: "..")
        #expect(inOnePass() == oneByOne())
    }

    @Test("folders below maximumDepth are listed and read by path, with the same results")
    func deepFolders() throws {
        try arrangeSoundTree()
        try write(id.hex + "\n", "a/q/r/s/t/f")
        try write("damaged\n", "a/q/r/s/t/g")
        let expected = oneByOne()
        #expect(throws: (any Error).self) { try expected.get() }
        for depth in 1...4 {
            var reader = RefTreeReader(root: folder, maximumDepth: depth)
            try reader.read()
            let unread = reader.found.filter { if case .unread = $0.content { true } else { false } }.map(\.name.rawValue)
            #expect(unread.contains("a/q/r/s/t/f"))
        }
        try write(id.hex + "\n", "a/q/r/s/t/g")
        let sound = oneByOne()
        #expect(try sound.get().contains("a/q/r/s/t/f " + id.hex))
        #expect(inOnePass() == sound)
    }
}
