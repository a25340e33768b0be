import Foundation
import Testing
import ThreadAIStore

@Suite("Golden fixture repository")
struct GoldenFixtureTests {
    static let fixture = GoldenRepository.fixtureDirectory
    /// While the fixture is being rewritten, the tests that read it would race with the writer.
    static let regenerating = ProcessInfo.processInfo.environment["THREADAI_REGENERATE_FIXTURES"] == "1"

    struct Rebuilt {
        let folder: TemporaryDirectory
        let repository: Repository
        let entries: [GoldenRepository.Entry]
        let readme: String
        /// Relative path → bytes, of the files the fixture holds.
        let files: [String: [UInt8]]

        init() throws {
            folder = try TemporaryDirectory("golden")
            let (built, entries) = try GoldenRepository.build(in: folder.path)
            let heads = try built.refs.names().map { name in
                (name.rawValue, try built.singleHead(of: name) ?? ObjectID.of([UInt8]()))
            }
            var files: [String: [UInt8]] = [:]
            for relative in Files.relativeFiles(under: built.directory) where GoldenRepository.isFixtureFile(relative) {
                files[relative] = try Files.read(built.directory + "/" + relative)
            }
            self.repository = built
            self.entries = entries
            self.readme = GoldenRepository.readme(entries, heads: heads)
            self.files = files
        }
    }

    @Test("rebuilding gives every object, ref and git file of the committed fixture, byte for byte",
          .disabled(if: regenerating))
    func matchesFixture() throws {
        let rebuilt = try Rebuilt()
        let committed = Files.relativeFiles(under: Self.fixture).filter(GoldenRepository.isFixtureFile)
        try #require(!committed.isEmpty, "no fixture at \(Self.fixture); run with THREADAI_REGENERATE_FIXTURES=1")
        #expect(committed == rebuilt.files.keys.sorted())
        for relative in committed {
            #expect(try Files.read(Self.fixture + "/" + relative) == rebuilt.files[relative], "\(relative) differs")
        }
        #expect(try Files.readText(Self.fixture + "/README.md") == rebuilt.readme, "README.md is out of date")
    }

    @Test("the fixture's first three messages are the examples of docs/FORMAT.md §4.5")
    func formatExamples() throws {
        let rebuilt = try Rebuilt()
        #expect(rebuilt.entries.prefix(3).map(\.id.hex) == [
            "be252dea07ef90e1b963af7bc056a3bcb9cfc0c2436f358e0a7b46c542d64b8c",
            "fb93e79ce7cd2d844c334b2b9733623e08b71d4912f0b70f2b2a2aebf85fdb58",
            "6e267ca70690b70edb475898e1741f8233e13281af4d98136bc32e88ac428924",
        ])
    }

    @Test("the committed fixture is a valid repository with the expected three-level tree", .disabled(if: regenerating))
    func fixtureIsValid() throws {
        var repository = try Repository(directory: Self.fixture)
        repository.usesCache = false  // The fixture is in the source tree: write no cache/ into it.
        let (problems, count) = try repository.check()
        #expect(problems.isEmpty, "\(problems)")
        #expect(count == 11)
        let tree = try repository.threadSummaries().map { "\($0.name) ← \($0.parent ?? "-") own \($0.ownMessageCount)" }
        #expect(tree == ["alt ← main own 3", "experiments/deeper ← alt own 3", "main ← - own 5"])
        for relative in Files.relativeFiles(under: Self.fixture + "/objects") {
            let name = relative.replacingOccurrences(of: "/", with: "").replacingOccurrences(of: ".md", with: "")
            #expect(SHA256.hexDigest(try Files.read(Self.fixture + "/objects/" + relative)) == name)
        }
    }

    @Test("regenerate Fixtures/golden", .enabled(if: regenerating))
    func regenerate() throws {
        let rebuilt = try Rebuilt()
        let manager = FileManager.default
        for stale in ["objects", "refs", ".gitattributes", ".gitignore", "README.md"]
        where manager.fileExists(atPath: Self.fixture + "/" + stale) {
            try manager.removeItem(atPath: Self.fixture + "/" + stale)
        }
        for (relative, bytes) in rebuilt.files { try Files.write(bytes, to: Self.fixture + "/" + relative) }
        try Files.write(rebuilt.readme, to: Self.fixture + "/README.md")
    }
}
