import Foundation
import Testing
import ThreadAIStore

/// docs/FORMAT.md §7.1: `gc` moves the reflogs of threads into `logs/packed`; a reflog reads as its
/// packed lines, then its file's lines less those a stopped `gc` left in both places.
@Suite("Thread refs: packed reflogs")
struct PackedReflogsTests {
    static let fixture = GoldenRepository.fixtureDirectory.replacing("/golden", with: "/reflogs/packed")

    /// The entries `lines` (reflog lines of §7) parse to, read through a loose reflog of their own.
    static func entries(_ lines: [String], in folder: TemporaryDirectory) throws -> [Reflog.Entry] {
        let path = folder.path + "/expected-\(UUID().uuidString)"
        try Files.write(lines.map { $0 + "\n" }.joined(), to: path)
        return try Reflog(path: path).entries()
    }

    /// Every thread's reflog entries, by name, as a reader reads them.
    static func reflogs(_ scratch: ScratchRepository, _ names: [String]) throws -> [String: [Reflog.Entry]] {
        var all: [String: [Reflog.Entry]] = [:]
        for name in names { all[name] = try scratch.repository.refs.reflog(of: ThreadName(name)).entries() }
        return all
    }

    /// Two messages on `main`, and a fork `name` of them with one message of its own.
    static func mainAndFork(_ name: String) throws -> ScratchRepository {
        let scratch = try ScratchRepository()
        let turns = try scratch.appendTurns(2, prefix: "main")
        try scratch.fork(name, at: turns[1])
        _ = try scratch.append("on the fork", on: name)
        return scratch
    }

    static func looseReflogs(_ scratch: ScratchRepository) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: scratch.root + "/logs/threads")) ?? []).sorted()
    }

    @Test("the fixture reads as FORMAT §7.1 says: packed lines, then the file's, a repeated seam read once")
    func fixtureReads() throws {
        let folder = try TemporaryDirectory("packed-reflogs-fixture")
        let refs = RefStore(root: Self.fixture)
        let expected = try FileManager.default.contentsOfDirectory(atPath: Self.fixture + "/expected").sorted()
        #expect(expected == ["experiments", "gone", "main", "notes%2Fdraft", "side"])
        for file in expected {
            let name = try ThreadName(file.replacing("%2F", with: "/"))
            let lines = try Files.lines(Self.fixture + "/expected/" + file)
            #expect(try refs.reflog(of: name).entries() == Self.entries(lines, in: folder), "\(file)")
        }
        #expect(try refs.reflog(of: ThreadName("absent")).entries().isEmpty)
        // Found by binary search: a name between two packed ones, and names that extend a packed one.
        for absent in ["f", "mai", "main2", "notes", "notes/draft/x", "zzz", "a"] {
            #expect(try refs.reflog(of: ThreadName(absent)).entries().isEmpty, "\(absent)")
        }
    }

    @Test("binary search finds every name's lines among many, and none of a name that is not there")
    func manyNames() throws {
        let scratch = try ScratchRepository()
        var rng = SeededGenerator(seed: 7)
        var lines: [String: [String]] = [:]
        let zeros = String(repeating: "0", count: 64)
        for index in 0..<400 {
            // Names that share prefixes and hold `/`, of very different lengths.
            let parts = ["a", "ab", "a-b", "b", "notes", "x\(index % 13)", "thread\(index)"]
            let name = (0..<Int.random(in: 1...3, using: &rng)).map { _ in parts.randomElement(using: &rng) ?? "a" }.joined(separator: "/")
            guard (try? ThreadName(name)) != nil else { continue }
            let file = name.replacing("/", with: "%2F")
            for line in 0..<Int.random(in: 1...4, using: &rng) {
                lines[file, default: []].append("\(zeros) \(zeros) 2026-01-01T00:00:0\(line)Z\tline \(line) of \(name)")
            }
        }
        try FileManager.default.createDirectory(atPath: scratch.root + "/logs", withIntermediateDirectories: true)
        var text = ""
        for file in lines.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            for line in lines[file] ?? [] { text += "\(file) \(line)\n" }
        }
        try Files.write(text, to: scratch.root + "/logs/packed")
        let folder = try TemporaryDirectory("packed-reflogs-many")
        for (file, expected) in lines {
            let name = try ThreadName(file.replacing("%2F", with: "/"))
            #expect(try scratch.repository.refs.reflog(of: name).entries() == Self.entries(expected, in: folder), "\(file)")
        }
        for absent in ["a/ab/ab/ab", "aa", "notes/x1/x1/x1", "thread9999", "zz"] where lines[absent.replacing("/", with: "%2F")] == nil {
            #expect(try scratch.repository.refs.reflog(of: ThreadName(absent)).entries().isEmpty, "\(absent)")
        }
    }

    @Test("gc packs every thread's reflog into logs/packed, removes the files, and every reflog reads the same")
    func packing() throws {
        let scratch = try Self.mainAndFork("notes/draft")
        try scratch.fork("gone", at: try #require(try scratch.head(of: "main")))
        _ = try scratch.repository.deleteThread(ThreadName("gone"), force: true)
        let names = ["main", "notes/draft", "gone"]
        let before = try Self.reflogs(scratch, names)
        #expect(Self.looseReflogs(scratch) == ["gone", "main", "notes%2Fdraft"])

        let dry = try scratch.repository.refs.packReflogs(dryRun: true)
        #expect(dry.packed == 3 && dry.announced)
        #expect(Self.looseReflogs(scratch).count == 3 && !Files.exists(scratch.root + "/logs/packed"), "a dry run changes nothing")

        let report = try scratch.repository.refs.packReflogs(dryRun: false)
        #expect(report.packed == 3 && report.removed == 3 && report.announced)
        #expect(Self.looseReflogs(scratch).isEmpty)
        #expect(try RepositoryFormat.read(in: scratch.root).features.contains(RepositoryFormat.packedReflogs))
        #expect(try Self.reflogs(scratch, names) == before)

        // New lines go to a file again; the next gc appends them to the packed ones.
        _ = try scratch.append("more", on: "main")
        let grown = try Self.reflogs(scratch, names)
        #expect(grown["main"]?.count == (before["main"]?.count ?? 0) + 1)
        #expect(Self.looseReflogs(scratch) == ["main"])
        let again = try scratch.repository.refs.packReflogs(dryRun: false)
        #expect(again.packed == 1 && again.removed == 1 && !again.announced)
        #expect(try Self.reflogs(scratch, names) == grown)
        #expect(Self.looseReflogs(scratch).isEmpty)
        #expect(try scratch.repository.check().problems.isEmpty)
    }

    @Test("a gc that stopped before removing a file, which then grew, reads each line once and is finished by the next gc")
    func stoppedGc() throws {
        let scratch = try ScratchRepository()
        _ = try scratch.appendTurns(2, prefix: "main")
        let path = scratch.repository.refs.reflog(of: .main).path
        let packedBytes = try Files.readText(path)
        _ = try scratch.repository.refs.packReflogs(dryRun: false)
        let truth = try scratch.repository.refs.reflog(of: .main).entries()
        // As if the file had not been removed, and a send had appended to it since.
        try Files.write(packedBytes, to: path)
        #expect(try scratch.repository.refs.reflog(of: .main).entries() == truth)
        _ = try scratch.append("after", on: "main")
        let grown = try scratch.repository.refs.reflog(of: .main).entries()
        #expect(grown.count == truth.count + 1 && Array(grown.prefix(truth.count)) == truth)
        #expect(try scratch.repository.check().problems.isEmpty)
        #expect(try scratch.repository.refs.packReflogs(dryRun: false).removed == 1)
        #expect(try scratch.repository.refs.reflog(of: .main).entries() == grown)
        #expect(!Files.exists(path))
    }

    @Test("a rename moves a packed reflog whole: the new name reads the old history, the old name none")
    func renamePacked() throws {
        let scratch = try Self.mainAndFork("draft")
        let history = try scratch.repository.refs.reflog(of: ThreadName("draft")).entries()
        _ = try scratch.repository.refs.packReflogs(dryRun: false)
        try scratch.repository.renameThread(ThreadName("draft"), to: ThreadName("final"))
        let renamed = try scratch.repository.refs.reflog(of: ThreadName("final")).entries()
        #expect(Array(renamed.prefix(history.count)) == history)
        #expect(renamed.last?.message == "rename: from draft")
        #expect(try scratch.repository.refs.reflog(of: ThreadName("draft")).entries().isEmpty)
        #expect(!(try Files.readText(scratch.root + "/logs/packed")).contains("draft "), "the old name's packed lines went with it")
        #expect(try scratch.repository.check().problems.isEmpty)
    }

    @Test("fsck warns about packed reflog lines a reader skips or may not find")
    func damagedFile() throws {
        let scratch = try ScratchRepository()
        _ = try scratch.appendTurns(2, prefix: "main")
        _ = try scratch.repository.refs.packReflogs(dryRun: false)
        let packed = scratch.root + "/logs/packed"
        let text = try Files.readText(packed)
        let lineCount = text.count { $0 == "\n" }
        // A first line whose FILE sorts after the next one's, and a last line with no FILE.
        let firstLine = try #require(text.split(separator: "\n").first)
        try Files.write("zzz " + firstLine.split(separator: " ", maxSplits: 1)[1] + "\n" + text + "nospace\n", to: packed)
        let problems = try scratch.repository.check().problems.filter { $0.path == packed }
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.contains { $0.message.contains("line \(lineCount + 2) ") && $0.message.contains("not 'FILE SP LINE'") }, "\(problems)")
        #expect(problems.contains { $0.message.contains("line 2") && $0.message.contains("out of order") })
    }
}
