import Foundation
import Testing
import ThreadAIStore

@Suite("Repository: initialize and discover")
struct InitializeAndDiscoverTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    @Test("initialize creates the layout, the git files and HEAD on the unborn main")
    func initializeLayout() throws {
        let (repository, created) = try Repository.initialize(in: folder.path)
        let root = folder.path + "/.threadai"
        #expect(created)
        #expect(repository.directory == root)
        #expect(Files.isDirectory(root + "/objects"))
        #expect(Files.isDirectory(root + "/refs/threads"))
        #expect(try Files.readText(root + "/HEAD") == "ref: refs/threads/main\n")
        // docs/FORMAT.md §8, byte for byte.
        #expect(try Files.readText(root + "/.gitattributes") == """
            # ThreadAI hashes these files byte for byte: git must never convert or filter them.
            * -text -ident -filter -working-tree-encoding
            # Two clones that extend one thread keep both heads when merged (docs/FORMAT.md §5.1).
            /refs/threads/** merge=union
            /renames merge=union
            # Anchor notes are appended to: a merge keeps both sides' lines (docs/FORMAT.md §4.7.1).
            /anchors/** merge=union

            """)
        #expect(try Files.readText(root + "/.gitignore") == "# Local to this working copy (docs/FORMAT.md §1).\n"
            + "/HEAD\n/logs/\n/cache/\n*.lock\n.tmp-*\n")
        #expect(try repository.head.read() == .thread(.main))
        #expect(try repository.singleHead(of: .main) == nil)
        #expect(try repository.refs.names().isEmpty)
        #expect(try Repository(directory: root).directory == root)
    }

    @Test("running initialize again is safe: threads, HEAD and edited git files are kept")
    func initializeTwice() throws {
        let scratch = try ScratchRepository()
        let first = try scratch.append("hello")
        try scratch.fork("side", at: first)
        try scratch.checkout("side")
        try Files.write("# mine\n", to: scratch.root + "/.gitignore")
        let before = try Files.snapshot(under: scratch.root)

        let (again, created) = try Repository.initialize(in: scratch.folder.path)
        #expect(!created)
        #expect(again.directory == scratch.root)
        #expect(try Files.snapshot(under: scratch.root) == before)
        #expect(try again.currentPosition().head == .thread(ThreadName("side")))
    }

    @Test("initialize completes a repository whose git files or HEAD were lost")
    func initializeRepairs() throws {
        let scratch = try ScratchRepository()
        try Files.remove(scratch.root + "/.gitattributes")
        try Files.remove(scratch.root + "/HEAD")
        _ = try Repository.initialize(in: scratch.folder.path)
        #expect(try Files.readText(scratch.root + "/.gitattributes") == Repository.gitAttributes)
        #expect(try Files.readText(scratch.root + "/HEAD") == "ref: refs/threads/main\n")
    }

    @Test("a relative folder is relative to the current directory, not to the filesystem's root")
    func relativeFolder() throws {
        let relative = "threadai-tests-relative-\(UUID().uuidString.prefix(8))"
        let expected = FileManager.default.currentDirectoryPath + "/" + relative
        defer {
            for leftover in [expected, "/" + relative] { try? FileManager.default.removeItem(atPath: leftover) }
        }
        let repository = try Repository.initialize(in: relative).repository
        #expect(repository.directory == expected + "/.threadai")
        #expect(Files.isDirectory(expected + "/.threadai/objects"))
        #expect(!Files.exists("/" + relative), "created at the root of the filesystem")
        let found = try Repository.discover(named: nil, currentDirectory: relative)
        #expect(found.directory == expected + "/.threadai")
    }

    @Test("discover finds .threadai in the current folder or the nearest ancestor")
    func discoverAncestor() throws {
        let outer = try Repository.initialize(in: folder.path).repository
        let inner = try Repository.initialize(in: folder.path + "/project").repository
        let deep = folder.path + "/project/src/a/b"
        let beside = folder.path + "/other/x"
        for path in [deep, beside] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }

        #expect(try discover(cwd: deep).directory == inner.directory)
        #expect(try discover(cwd: folder.path + "/project").directory == inner.directory)
        #expect(try discover(cwd: beside).directory == outer.directory)
        #expect(try discover(cwd: folder.path + "/project/src/./a/../a/b").directory == inner.directory)
    }

    @Test("an explicit folder wins, naming .threadai itself or the folder holding it, absolute or relative")
    func discoverExplicit() throws {
        let named = try Repository.initialize(in: folder.path + "/named").repository
        _ = try Repository.initialize(in: folder.path + "/cwd")
        let cwd = folder.path + "/cwd"
        for explicit in [folder.path + "/named", folder.path + "/named/.threadai", "../named", "../named/.threadai/"] {
            #expect(try discover(cwd: cwd, explicit: explicit).directory == named.directory, "--repo \(explicit)")
        }
        // Which name wins (--repo over THREADAI_DIR, an empty one ignored) is the CLI's: RepositoryChoiceTests.
        let viaEnvironment = try discover(cwd: cwd, named: RepositoryName(path: folder.path + "/named", namedBy: "THREADAI_DIR"))
        #expect(viaEnvironment.directory == named.directory)
        let viaURL = try Repository.discover(from: URL(fileURLWithPath: cwd + "/deeper/than/that"))
        #expect(viaURL.directory == cwd + "/.threadai")
    }

    @Test("discover reports notFound when no ancestor has .threadai, notARepository for a wrong explicit folder, absent for a missing one")
    func discoverFailures() throws {
        let empty = folder.path + "/empty/deeper"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let error = try #require(throws: RepositoryError.self) { try discover(cwd: empty) }
        guard case .notFound(let start) = error else {
            Issue.record("expected .notFound, got \(error)")
            return
        }
        #expect(start == empty)
        #expect(Remedy.suggested(by: error) == [Remedy(.initialize), Remedy(.chooseRepository)])

        try FileManager.default.createDirectory(atPath: folder.path + "/fake/.threadai/objects", withIntermediateDirectories: true)
        let wrong = try #require(throws: RepositoryError.self) {
            try discover(cwd: empty, named: RepositoryName(path: folder.path + "/fake", namedBy: "THREADAI_DIR"))
        }
        guard case .notARepository = wrong else {
            Issue.record("expected .notARepository, got \(wrong)")
            return
        }
        let absent = try #require(throws: RepositoryError.self) {
            try discover(cwd: empty, named: RepositoryName(path: folder.path + "/nothing", namedBy: "THREADAI_DIR"))
        }
        guard case .absent(let path) = absent else {
            Issue.record("expected .absent, got \(absent)")
            return
        }
        #expect(path.hasSuffix("/nothing (named by THREADAI_DIR)"))
    }

    @Test("a file in the place of objects/ or refs/threads/ is an error, not an empty repository", arguments: ["objects", "refs/threads"])
    func fileInPlaceOfAFolder(folderName: String) throws {
        let root = try Repository.initialize(in: folder.path).repository.directory
        let path = root + "/" + folderName
        try FileManager.default.removeItem(atPath: path)
        try Data("not a folder\n".utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: RepositoryError.self) { try Repository(directory: root) }
        guard case .fileSystem(let cause) = error else {
            Issue.record("expected a file-system error, got \(error)")
            return
        }
        #expect(cause.path == path)
        #expect(error.description.contains("Not a directory"), "\(error)")
        #expect(error.description.contains("move it out of the way"), "\(error)")
    }

    @Test("a tree as git clones it before the first message (no empty folders) is found, reads empty, and is written to")
    func cloneWithoutEmptyFolders() throws {
        let root = try Repository.initialize(in: folder.path).repository.directory
        for path in [root + "/refs/threads", root + "/refs", root + "/objects", root + "/HEAD"] {
            try FileManager.default.removeItem(atPath: path)
        }
        let repository = try discover(cwd: folder.path)
        #expect(try repository.refs.names().isEmpty)
        #expect(try repository.objects.allIDs().isEmpty)
        #expect(try repository.check().problems.isEmpty)
        let message = try Message(parent: nil, thread: .main, role: .user, date: Timestamp(secondsSinceEpoch: 1_795_251_600), content: "hi")
        let id = try repository.append(message, to: .main, reflogMessage: "test")
        #expect(try repository.singleHead(of: .main) == id)
        #expect(Files.isDirectory(root + "/objects") && Files.isDirectory(root + "/refs/threads"))
    }

    private func discover(cwd: String, explicit: String? = nil, named: RepositoryName? = nil) throws -> Repository {
        try Repository.discover(named: named ?? explicit.map { RepositoryName(path: $0) }, currentDirectory: cwd)
    }
}
