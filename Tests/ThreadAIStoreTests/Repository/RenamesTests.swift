import Testing
@testable import ThreadAIStore

@Suite("Renames file: the current name of a recorded name")
struct RenamesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let file: String?
        /// recorded name → expected current name
        let expected: [String: String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        .init(name: "no renames file", file: nil, expected: ["a": "a", "main": "main"]),
        .init(name: "one rename", file: "a\tb\n", expected: ["a": "b", "b": "b", "c": "c"]),
        .init(name: "a chain a→b→c", file: "a\tb\nb\tc\n", expected: ["a": "c", "b": "c", "c": "c"]),
        .init(name: "renamed back a→b→a", file: "a\tb\nb\ta\n", expected: ["a": "a", "b": "a"]),
        .init(name: "back and on a→b→a→c", file: "a\tb\nb\ta\na\tc\n", expected: ["a": "c", "b": "c", "c": "c"]),
        .init(name: "a cycle of three a→b→c→a", file: "a\tb\nb\tc\nc\ta\n", expected: ["a": "a", "b": "a", "c": "a"]),
        .init(name: "two clones renamed a differently (union merge): the first line wins, the second finds no a", file: "a\tb\na\tc\n",
              expected: ["a": "b", "b": "b", "c": "c"]),
        .init(name: "a name renamed away is taken by another rename: its messages stay where they went", file: "a\tb\nc\ta\n",
              expected: ["a": "b", "b": "b", "c": "a"]),
        .init(name: "names with folders", file: "ideas/x\tideas/y\n", expected: ["ideas/x": "ideas/y", "ideas": "ideas"]),
        .init(name: "lines that are not OLD TAB NEW are skipped", file: "garbage\na\tb\n\nx\ty\tz\n",
              expected: ["a": "b", "garbage": "garbage", "x": "x"]),
    ]

    @Test("replaying the renames in order", arguments: cases)
    func currentNames(_ testCase: Case) throws {
        let scratch = try ScratchRepository()
        if let file = testCase.file { try Files.write(file, to: scratch.root + "/renames") }
        let renames = try scratch.repository.renames()
        for (recorded, current) in testCase.expected {
            #expect(renames.currentName(of: recorded) == current, "\(recorded)")
        }
    }

    @Test("local-renames replays after renames, and the fingerprint covers both files")
    func localAfterShared() throws {
        let scratch = try ScratchRepository()
        try Files.write("a\tb\n", to: scratch.root + "/renames")
        let sharedOnly = try scratch.repository.renames()
        try Files.write("b\tc\nx\ty\n", to: scratch.root + "/local-renames")
        let both = try scratch.repository.renames()
        #expect(both.currentName(of: "a") == "c" && both.currentName(of: "x") == "y")
        #expect(sharedOnly.currentName(of: "a") == "b")
        let key = try #require(both.cacheKey)
        #expect(key.hasPrefix(try #require(sharedOnly.cacheKey) + "+") && key.count == 64 + 1 + 64)
        try Files.remove(scratch.root + "/renames")
        #expect(try scratch.repository.renames().cacheKey?.hasPrefix("-+") == true)
    }

    @Test("renaming a local thread writes local-renames; sharing it moves the lines that lead to it, in order")
    func shareMovesLines() throws {
        let scratch = try ScratchRepository()
        _ = try scratch.appendTurns(1, prefix: "q")
        try scratch.repository.renameThread(try ThreadName("main"), to: try ThreadName("draft"), locally: true)
        try scratch.repository.renameThread(try ThreadName("draft"), to: try ThreadName("final"), locally: true)
        try Files.write(try Files.readText(scratch.root + "/local-renames") + "old\tother\n", to: scratch.root + "/local-renames")
        #expect(!Files.exists(scratch.root + "/renames"))
        #expect(try scratch.repository.renames().currentName(of: "main") == "final")
        #expect(try scratch.repository.shareRenames(of: try ThreadName("final")) == 2)
        #expect(try Files.readText(scratch.root + "/renames") == "main\tdraft\ndraft\tfinal\n")
        #expect(try Files.readText(scratch.root + "/local-renames") == "old\tother\n", "a line leading elsewhere stays local")
        #expect(try scratch.repository.renames().currentName(of: "main") == "final")
        #expect(try scratch.repository.shareRenames(of: try ThreadName("final")) == 0)
    }

    @Test("an import does not copy to renames a line local-renames holds")
    func importKeepsLocalLinesLocal() throws {
        let scratch = try ScratchRepository()
        try Files.write("a\tb\n", to: scratch.root + "/local-renames")
        #expect(try scratch.repository.recordImportedRenames(["a\tb", "c\td"]) == 1)
        #expect(try Files.readText(scratch.root + "/renames") == "c\td\n")
    }
}
