import Foundation
import Testing
import ThreadAIStore

/// docs/FORMAT.md §5.6 against the fixture tags of `Fixtures/tags/`, on the golden repository.
@Suite("Tags: the format of refs/tags/")
struct TagSpecTests {
    static let fixture = GoldenRepository.fixtureDirectory.replacing("/golden", with: "/tags") + "/refs/tags"

    /// The golden repository rebuilt, with the fixture's tag files copied in.
    private func taggedGolden() throws -> (TemporaryDirectory, Repository) {
        let folder = try TemporaryDirectory("tags")
        let (repository, _) = try GoldenRepository.build(in: folder.path)
        for relative in ["v1", "review/short-answer"] {
            try Files.write(try Files.read(Self.fixture + "/" + relative), to: repository.directory + "/refs/tags/" + relative)
        }
        return (folder, repository)
    }

    @Test("the fixture tags parse to the documented values and resolve as revisions")
    func fixtureTags() throws {
        let (folder, repository) = try taggedGolden()
        _ = folder
        let tags = try repository.tags.all()
        #expect(tags.map(\.name.rawValue) == ["review/short-answer", "v1"])
        #expect(tags[0].note == "shortest answer so far")
        #expect(tags[1].note == nil)
        #expect(tags[1].date == (try Timestamp(rfc3339: "2026-11-21T09:10:00Z")))
        for tag in tags {
            #expect(tag.encoded == (try Files.read(Self.fixture + "/" + tag.name.rawValue)), "re-encoding \(tag.name) changes it")
        }
        #expect(try repository.resolve("v1").hex == "6e267ca70690b70edb475898e1741f8233e13281af4d98136bc32e88ac428924")
        #expect(try repository.resolve("refs/tags/review/short-answer~1").hex
            == "bd153ac1b154ebdd29aacbceea4e08a0b1e4a6ee047d6a34bf981eab0efa90b1")
        #expect(try repository.check().problems.isEmpty)
    }

    @Test("a thread wins over a tag of the same name; tags/NAME names the tag; fsck warns")
    func threadWins() throws {
        let (folder, repository) = try taggedGolden()
        _ = folder
        try Files.write(try Files.read(Self.fixture + "/v1"), to: repository.directory + "/refs/tags/alt")
        #expect(try repository.resolve("alt") == (try repository.singleHead(of: ThreadName("alt"))))
        #expect(try repository.resolve("tags/alt") == (try repository.resolve("v1")))
        let problems = try repository.check().problems
        #expect(problems.count == 1)
        #expect(problems.first?.severity == .warning && problems.first?.message.contains("name of thread 'alt'") == true)
    }

    @Test("a tag naming a message this repository lacks is a warning (a local thread's elsewhere, or not pulled)")
    func tagOnAbsentMessage() throws {
        let (_, repository) = try taggedGolden()
        try Files.write(String(repeating: "ab", count: 32) + "\n", to: repository.directory + "/refs/tags/elsewhere")
        let problems = try repository.check().problems
        #expect(problems.count == 1 && problems.first?.severity == .warning, "\(problems)")
        #expect(problems.first?.message.contains("does not have") == true && problems.first?.remedy?.contains("\(Remedy(.deleteTag, "elsewhere"))") == true)
    }

    @Test("fsck reports a tag left with git conflict markers, or malformed", arguments: [
        ("<<<<<<< HEAD\n6e267ca70690b70edb475898e1741f8233e13281af4d98136bc32e88ac428924\n=======\n", "is malformed"),
        ("6e267ca70690b70edb475898e1741f8233e13281af4d98136bc32e88ac428924\nnote: plain\ndate: 2026-11-21T09:10:00Z\n", "ascending order"),
        ("6e267ca70690b70edb475898e1741f8233e13281af4d98136bc32e88ac428924\nnote: \"needless quotes\"x\n", "is malformed"),
    ])
    func brokenTags(_ text: String, _ reported: String) throws {
        let (folder, repository) = try taggedGolden()
        _ = folder
        try Files.write(text, to: repository.directory + "/refs/tags/broken")
        let errors = try repository.check().problems.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains(reported) == true, "\(errors)")
        #expect(errors.first?.path.hasSuffix("refs/tags/broken") == true)
    }

    @Test("unknown keys in a tag file are kept when it is re-encoded")
    func unknownKeys() throws {
        let bytes = Array("6e267ca70690b70edb475898e1741f8233e13281af4d98136bc32e88ac428924\nx-color: red\n".utf8)
        let tag = try Tag(name: ThreadName("t"), parsing: bytes)
        #expect(tag.encoded == bytes)
    }

    @Test("a tag change that loses its compare-and-swap leaves no folder behind")
    func failedChangeLeavesNoFolder() throws {
        let (folder, repository) = try taggedGolden()
        _ = folder
        let target = try repository.resolve("v1")
        let tag = Tag(name: try ThreadName("review/deep/late"), target: target, date: nil, note: nil)
        #expect(throws: TagError.self) { try repository.tags.write(tag, replacing: target) }
        #expect(!FileManager.default.fileExists(atPath: repository.directory + "/refs/tags/review/deep"))
        #expect(FileManager.default.fileExists(atPath: repository.directory + "/refs/tags/review/short-answer"))
        try repository.tags.write(Tag(name: try ThreadName("review/deep"), target: target, date: nil, note: nil), replacing: nil)
        #expect(try repository.tags.tag(ThreadName("review/deep"))?.target == target)
    }

    @Test("a file in the place of refs/tags/ is an error naming it, and fsck reports it; no folder reads as no tags")
    func fileInPlaceOfTags() throws {
        let folder = try TemporaryDirectory("tags")
        let (repository, _) = try GoldenRepository.build(in: folder.path)
        #expect(try repository.tags.names().isEmpty)
        try Files.write(Array("not a folder\n".utf8), to: repository.directory + "/refs/tags")
        #expect {
            try repository.tags.names()
        } throws: { error in
            "\(error)".contains("refs/tags") && "\(error)".contains("folder")
        }
        let report = try repository.check()
        #expect(report.problems.contains { $0.path == repository.directory + "/refs/tags" && $0.severity == .error })
    }
}
