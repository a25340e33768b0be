import Foundation
import Testing
import ThreadAIStore

/// docs/FORMAT.md §5.7: `refs/threads/.packed` holds many threads' refs in one file; a ref file
/// shadows the packed ids its history holds, and every other packed id stays a head.
@Suite("Thread refs: packed refs")
struct PackedRefsTests {
    static let fixture = GoldenRepository.fixtureDirectory.replacing("/golden", with: "/refs/packed")
    static let two = "fb93e79ce7cd2d844c334b2b9733623e08b71d4912f0b70f2b2a2aebf85fdb58"
    static let three = "6e267ca70690b70edb475898e1741f8233e13281af4d98136bc32e88ac428924"
    static let four = "4edb3492cacbf317b789fe7f9802998d7d2c0d6ad1299aaf7305605b0d6eb25f"
    static let five = "7705d57a7cb108d96a988efa4310baaa0a7b05d0739b4d3a7bd831dd79a1ca6e"
    static let eight = "750b2fc7e74c37c658859c83191b942f1c2891dab9ad01130e10f1b5ea6a2b19"
    static let eleven = "259b8abb29f3e57b78fae190f283c01c0274140b27974d2eff92cf99aec4ff07"

    /// The golden repository with its `refs/threads` replaced by `Fixtures/refs/packed`.
    static func fixtureRepository(_ folder: TemporaryDirectory) throws -> Repository {
        let (repository, _) = try GoldenRepository.build(in: folder.path)
        let threads = repository.directory + "/refs/threads"
        try FileManager.default.removeItem(atPath: threads)
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: threads)
        return repository
    }

    static func name(_ text: String) throws -> ThreadName { try ThreadName(text) }
    static func id(_ hex: String) throws -> ObjectID { try ObjectID(hex: hex) }
    static func packedText(_ repository: Repository) throws -> String {
        (try? Files.readText(repository.directory + "/refs/threads/.packed")) ?? ""
    }

    @Test("the fixture reads as FORMAT §5.7 says: ref file first, packed ids a ref file's history holds left out")
    func fixtureReads() throws {
        let folder = try TemporaryDirectory("packed-refs")
        let repository = try Self.fixtureRepository(folder)
        let expected = [
            "alt": [Self.eight], "experiments/deeper": [Self.eleven, Self.eight], "main": [Self.five], "notes": [Self.three],
        ]
        for (name, heads) in expected {
            #expect(try repository.refs.heads(of: Self.name(name)).map(\.hex) == heads, "\(name)")
            #expect(repository.refs.exists(try Self.name(name)))
        }
        let all = try repository.refs.allHeads()
        #expect(all.map(\.name.rawValue) == ["alt", "experiments/deeper", "main", "notes"])
        #expect(Dictionary(uniqueKeysWithValues: all.map { ($0.name.rawValue, $0.heads.map(\.hex)) }) == expected)
        #expect(try repository.refs.names().map(\.rawValue) == ["alt", "experiments/deeper", "main", "notes"])
        #expect(!repository.refs.exists(try Self.name("other")))
        // `.packed` is no stray file of refs/threads.
        #expect(!(try repository.check().problems.contains { $0.path.hasSuffix("/.packed") }))
    }

    @Test("a name below a folder is found in a ref folder or a packed line, never in a line's middle or a longer folder's name")
    func namesInFolder() throws {
        let folder = try TemporaryDirectory("packed-refs-folder")
        let repository = try Self.fixtureRepository(folder)
        #expect(try repository.refs.holdsNames(inFolder: "experiments"), "a ref file and a packed line")
        for absent in ["alt", "experiment", "deeper", "aider"] { #expect(try !repository.refs.holdsNames(inFolder: absent), "\(absent)") }
        // Only packed: the ref folder's file goes; a line's name is found, not a longer folder's.
        try FileManager.default.removeItem(atPath: repository.directory + "/refs/threads/experiments")
        #expect(try repository.refs.holdsNames(inFolder: "experiments"))
        let packed = repository.directory + "/refs/threads/.packed"
        try Files.write(try Files.readText(packed) + "\(Self.two) aiders/x\n\(Self.two) not-aider/y\n", to: packed)
        #expect(try !repository.refs.holdsNames(inFolder: "aider"))
        try Files.write(try Files.readText(packed) + "\(Self.two) aider/z\n", to: packed)
        #expect(try repository.refs.holdsNames(inFolder: "aider"))
    }

    @Test("a .packed another process replaces is read again, even at the same size; a line whose name only ends the same is not the thread's")
    func readAgainWhenReplaced() throws {
        let folder = try TemporaryDirectory("packed-refs-replaced")
        let repository = try Self.fixtureRepository(folder)
        let path = repository.directory + "/refs/threads/.packed"
        #expect(try repository.refs.heads(of: Self.name("notes")).map(\.hex) == [Self.three])
        // The same store, as one command asks several times: a rename gives the file a new inode.
        for (text, heads) in [("\(Self.four) notes\n", [Self.four]), ("\(Self.two) notes\n", [Self.two]), ("\(Self.two) x/notes\n", [])] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path + ".new"))
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.moveItem(atPath: path + ".new", toPath: path)
            #expect(try repository.refs.heads(of: Self.name("notes")).map(\.hex) == heads, "\(text)")
        }
    }

    @Test("gc's packing moves ref files into .packed, announces the feature, and reads the same; kept files stay")
    func packsAndKeeps() throws {
        let folder = try TemporaryDirectory("packed-refs")
        let (repository, _) = try GoldenRepository.build(in: folder.path)
        let before = try repository.refs.allHeads().map { "\($0.name) \($0.heads)" }
        let dry = try repository.refs.packRefs(keeping: { $0.rawValue == "alt" }, dryRun: true)
        #expect(dry.packed == 2 && dry.kept == 1 && dry.announced)
        #expect(try Self.packedText(repository).isEmpty)

        let report = try repository.refs.packRefs(keeping: { $0.rawValue == "alt" }, dryRun: false)
        #expect(report.packed == 2 && report.kept == 1 && report.announced)
        #expect(try Self.packedText(repository) == "\(Self.eleven) experiments/deeper\n\(Self.five) main\n")
        #expect(!FileManager.default.fileExists(atPath: repository.refs.path(of: .main)))
        #expect(!FileManager.default.fileExists(atPath: repository.directory + "/refs/threads/experiments"))
        #expect(FileManager.default.fileExists(atPath: repository.refs.path(of: try Self.name("alt"))))
        #expect(try RepositoryFormat.read(in: repository.directory).features.contains("packed-refs"))
        #expect(try repository.refs.allHeads().map { "\($0.name) \($0.heads)" } == before)
        #expect(try repository.check().problems.isEmpty)
        // Again: nothing left to do.
        let again = try repository.refs.packRefs(keeping: { $0.rawValue == "alt" }, dryRun: false)
        #expect(again.packed == 0 && again.kept == 1 && !again.announced)
    }

    @Test("a ref file written over a packed thread shadows the packed id it contains; a rewind drops the line")
    func writesOverPacked() throws {
        let folder = try TemporaryDirectory("packed-refs")
        let (repository, _) = try GoldenRepository.build(in: folder.path)
        let main = ThreadName.main
        try repository.refs.update(main, to: try Self.id(Self.four), expecting: .head(try Self.id(Self.five)), reflogMessage: "reset")
        _ = try repository.refs.packRefs(keeping: { _ in false }, dryRun: false)
        let packed = try Self.packedText(repository)
        #expect(packed.contains("\(Self.four) main\n"))

        // Forward, as a send: the ref file holds 5, `.packed` is not rewritten, and 4 is no head.
        try repository.refs.update(main, to: try Self.id(Self.five), expecting: .head(try Self.id(Self.four)), reflogMessage: "send")
        #expect(try Self.packedText(repository) == packed)
        #expect(try repository.refs.heads(of: main).map(\.hex) == [Self.five])
        #expect(try repository.refs.allHeads().first { $0.name == main }?.heads.map(\.hex) == [Self.five])

        // Back past the packed id: the packed line would be a head of its own, so it goes.
        try repository.refs.update(main, to: try Self.id(Self.three), expecting: .head(try Self.id(Self.five)), reflogMessage: "reset")
        #expect(try repository.refs.heads(of: main).map(\.hex) == [Self.three])
        #expect(!(try Self.packedText(repository)).contains(" main\n"))
        // A packing keeps the other threads' lines and adds main's.
        _ = try repository.refs.packRefs(keeping: { _ in false }, dryRun: false)
        #expect(try Self.packedText(repository).contains("\(Self.three) main\n"))
    }

    @Test("deleting a thread only .packed holds removes its line and logs the deletion")
    func deletesPacked() throws {
        let folder = try TemporaryDirectory("packed-refs")
        let (repository, _) = try GoldenRepository.build(in: folder.path)
        _ = try repository.refs.packRefs(keeping: { _ in false }, dryRun: false)
        let alt = try Self.name("alt")
        try repository.refs.update(alt, to: nil, expecting: .head(try Self.id(Self.eight)), reflogMessage: "delete")
        #expect(!repository.refs.exists(alt))
        #expect(!(try Self.packedText(repository)).contains(" alt\n"))
        #expect(try Files.readText(repository.refs.reflog(of: alt).path).hasSuffix("\tdelete\n"))
        #expect(try repository.refs.names().map(\.rawValue) == ["experiments/deeper", "main"])
    }

    @Test("a packed thread made into a file again (a local thread's) keeps its heads")
    func unpacks() throws {
        let folder = try TemporaryDirectory("packed-refs")
        let repository = try Self.fixtureRepository(folder)
        let deeper = try Self.name("experiments/deeper")
        try repository.refs.unpack(deeper)
        #expect(try Files.readText(repository.refs.path(of: deeper)) == "\(Self.eleven)\n\(Self.eight)\n")
        #expect(!(try Self.packedText(repository)).contains(" experiments/deeper\n"))
        #expect(try repository.refs.heads(of: deeper).map(\.hex) == [Self.eleven, Self.eight])
    }

    @Test("a malformed .packed fails listings naming its line; a lookup fails on a bad line of its name", arguments: [
        ("\(five) main\nnot an entry\n", 2),
        ("\(five) main\n\(five)  main\n", 2),
        ("\(five) main", 1),
        ("\(String(five.dropLast())) main\n", 1),
    ])
    func malformed(_ text: String, _ line: Int) throws {
        let scratch = try ScratchRepository()
        try Files.write(text, to: scratch.repository.directory + "/refs/threads/.packed")
        #expect {
            try scratch.repository.refs.allHeads()
        } throws: { error in
            guard case RefError.malformedPackedRefs(_, let found, _) = error else { return false }
            return found == line && "\(error)".contains("packed refs")
        }
        // fsck names it as an error, not as a folder it cannot list.
        let problems = try scratch.repository.check().problems
        #expect(problems.contains { $0.severity == .error && $0.message.contains("packed refs") && $0.message.contains("line \(line)") },
                "\(problems)")
    }
}
