import Foundation
import Testing
import ThreadAI
import ThreadAITestSupport

/// The git seam (docs/DESIGN.md "The git seam"): every backend compiled in (the `git` command, and
/// libgit2 under the `libgit2` trait) gives the same answers about real repositories, made with git.
@Suite("Git seam: every backend answers alike")
struct GitSeamTests {
    /// A git repository in a temporary folder, changed with the real `git`.
    struct Fixture {
        let top: URL
        let git: String

        init() throws {
            git = try RequiredTool.git.require()
            top = FileManager.default.temporaryDirectory.appendingPathComponent("git-seam-" + UUID().uuidString)
            try FileManager.default.createDirectory(at: top, withIntermediateDirectories: true)
            try run(["init", "-q", "-b", "main"])
        }

        /// Runs git in the top folder, with no user configuration, and returns its output.
        @discardableResult
        func run(_ arguments: [String]) throws -> String {
            let identity = ["-c", "user.name=Seam", "-c", "user.email=seam@example.invalid", "-c", "commit.gpgsign=false"]
            let result = try #require(ToolRun.run(git, ["-C", top.path] + identity + arguments))
            try #require(result.status == 0, "git \(arguments) failed: \(result.errorText)")
            return result.outputText
        }

        func write(_ path: String, _ text: String) throws {
            let file = top.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: false, encoding: .utf8)
        }

        func folder(_ path: String) -> URL { top.appendingPathComponent(path) }

        var head: String { get throws { try run(["rev-parse", "HEAD"]).trimmingCharacters(in: .newlines) } }

        func remove() { try? FileManager.default.removeItem(at: top) }
    }

    static func resolved(_ path: String) -> String { URL(fileURLWithPath: path).resolvingSymlinksInPath().path }

    @Test("outside a work tree every question answers nothing", arguments: GitBackends.all)
    func outside(_ backend: any GitBackend) throws {
        try RequiredTool.git.require()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("no-git-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try backend.workTree(around: folder) == nil)
        #expect(try backend.anchor(around: folder, excluding: ".threadai", advice: "") == nil)
        #expect(try backend.commits("HEAD", around: folder) == nil)
        #expect(try backend.message(of: "HEAD", around: folder) == nil)
        #expect(try backend.stagedFiles(around: folder, under: [".threadai/objects"]) == nil)
        #expect(try backend.trackedFiles(around: folder, under: ["a"]) == [])
    }

    @Test("the work tree from a subfolder: top, hash, exclude file, hooks folder (core.hooksPath when set)", arguments: GitBackends.all)
    func workTree(_ backend: any GitBackend) throws {
        let repository = try Fixture()
        defer { repository.remove() }
        try FileManager.default.createDirectory(at: repository.folder("sub/deeper"), withIntermediateDirectories: true)
        let tree = try #require(try backend.workTree(around: repository.folder("sub/deeper")))
        let top = Self.resolved(repository.top.path)
        #expect(tree.top == top)
        #expect(tree.algorithm == .sha1)
        #expect(Self.resolved(tree.excludeFile) == top + "/.git/info/exclude")
        #expect(Self.resolved(tree.hooksFolder) == top + "/.git/hooks")
        try repository.run(["config", "core.hooksPath", top + "/shared-hooks"])
        #expect(try backend.workTree(around: repository.folder("sub"))?.hooksFolder == top + "/shared-hooks")
    }

    @Test("the anchor: an unborn branch, a commit, a detached HEAD; dirty only by tracked files outside .threadai", arguments: GitBackends.all)
    func anchor(_ backend: any GitBackend) throws {
        let repository = try Fixture()
        defer { repository.remove() }
        let project = repository.folder("project")
        func anchor() throws -> CodeAnchor? { try backend.anchor(around: project, excluding: ".threadai", advice: "") }
        try repository.write("project/.threadai/HEAD", "ref: main\n")
        #expect(try anchor() == CodeAnchor(commit: nil, branch: "main", dirty: false))
        try repository.write("project/code.swift", "let a = 1\n")
        try repository.run(["add", "-A"])
        #expect(try anchor() == CodeAnchor(commit: nil, branch: "main", dirty: true), "a staged file on an unborn branch")
        try repository.run(["commit", "-q", "-m", "first"])
        let first = try repository.head
        #expect(try anchor() == CodeAnchor(commit: first, branch: "main", dirty: false))
        try repository.write("project/.threadai/HEAD", "ref: other\n")
        try repository.write("project/untracked.swift", "")
        #expect(try anchor()?.dirty == false, "changes under .threadai and untracked files leave it clean")
        try repository.write("project/code.swift", "let a = 2\n")
        #expect(try anchor()?.dirty == true, "a changed tracked file")
        try repository.run(["checkout", "-q", "--", "project/code.swift"])
        try repository.write("elsewhere.txt", "x\n")
        try repository.run(["add", "elsewhere.txt"])
        #expect(try anchor()?.dirty == true, "a file staged outside the project folder")
        try repository.run(["commit", "-q", "-m", "second"])
        try repository.run(["checkout", "-q", "--detach", first])
        #expect(try anchor() == CodeAnchor(commit: first, branch: nil, dirty: false), "only .threadai/HEAD differs")
    }

    @Test("a submodule makes the anchor dirty by a moved HEAD or changed tracked files, not by untracked files", arguments: GitBackends.all)
    func submodule(_ backend: any GitBackend) throws {
        let library = try Fixture(), application = try Fixture()
        defer { library.remove(); application.remove() }
        try library.write("code.swift", "1\n")
        try library.run(["add", "-A"])
        try library.run(["commit", "-q", "-m", "library"])
        try application.run(["-c", "protocol.file.allow=always", "submodule", "add", "-q", library.top.path, "lib"])
        try application.run(["commit", "-q", "-m", "add lib"])
        func dirty() throws -> Bool? { try backend.anchor(around: application.top, excluding: ".threadai", advice: "")?.dirty }
        #expect(try dirty() == false)
        try application.write("lib/.threadai/objects/ab/cdef.md", "new\n")
        #expect(try dirty() == false, "untracked files in the submodule")
        try application.write("lib/code.swift", "2\n")
        #expect(try dirty() == true, "a changed tracked file in the submodule")
    }

    @Test("commits: one revision, a range, a commit's message as git log prints it; an unknown revision fails", arguments: GitBackends.all)
    func commits(_ backend: any GitBackend) throws {
        let repository = try Fixture()
        defer { repository.remove() }
        try repository.run(["commit", "-q", "--allow-empty", "-m", "first"])
        let first = try repository.head
        try repository.run(["commit", "-q", "--allow-empty", "-m", "second", "-m", "Thread: main@abcdef"])
        try repository.run(["commit", "-q", "--allow-empty", "-m", "third"])
        let third = try repository.head
        let second = try repository.run(["rev-parse", "HEAD~1"]).trimmingCharacters(in: .newlines)
        #expect(try backend.commits("HEAD", around: repository.top) == [third])
        #expect(try backend.commits(String(first.prefix(8)), around: repository.top) == [first])
        #expect(try backend.commits("HEAD~2..HEAD", around: repository.top) == [second, third])
        #expect(try backend.message(of: "HEAD~1", around: repository.top) == "second\n\nThread: main@abcdef\n\n")
        #expect(throws: GitError.self) { try backend.commits("no-such-revision", around: repository.top) }
        #expect(throws: GitError.self) { try backend.message(of: "no-such-revision", around: repository.top) }
    }

    @Test("staged files: added, changed or renamed in the index under the paths asked, from the folder asked", arguments: GitBackends.all)
    func staged(_ backend: any GitBackend) throws {
        let repository = try Fixture()
        defer { repository.remove() }
        let project = repository.folder("project")
        let paths = [".threadai/objects", ".threadai/refs/threads", ".threadai/local-threads"]
        try repository.write("project/.threadai/refs/threads/main", "1\n")
        try repository.write("project/.threadai/refs/threads/gone", "1\n")
        try repository.write("project/.threadai/refs/threads/old", "1\n")
        #expect(try backend.stagedFiles(around: project, under: paths) == [])
        try repository.run(["add", "-A"])
        #expect(try backend.stagedFiles(around: project, under: paths)
            == [".threadai/refs/threads/gone", ".threadai/refs/threads/main", ".threadai/refs/threads/old"], "on an unborn branch")
        try repository.run(["commit", "-q", "-m", "first"])
        try repository.write("project/.threadai/objects/ab/cdef.md", "message\n")
        try repository.write("project/.threadai/objects/ab/unstaged.md", "message\n")
        try repository.write("project/.threadai/refs/threads/main", "2\n")
        try repository.write("project/.threadai/local-threads", "a\n")
        try repository.write("project/.threadai/config", "x\n")
        try repository.write("project/other.txt", "x\n")
        try repository.run(["add", "project/.threadai/objects/ab/cdef.md", "project/.threadai/refs/threads/main",
                            "project/.threadai/local-threads", "project/.threadai/config", "project/other.txt"])
        try repository.run(["rm", "-q", "--cached", "project/.threadai/refs/threads/gone"])
        try repository.run(["mv", "project/.threadai/refs/threads/old", "project/.threadai/refs/threads/new"])
        #expect(try backend.stagedFiles(around: project, under: paths) == [
            ".threadai/local-threads", ".threadai/objects/ab/cdef.md", ".threadai/refs/threads/main", ".threadai/refs/threads/new",
        ])
    }

    @Test("tracked files at or under the paths asked, from the top, each once", arguments: GitBackends.all)
    func tracked(_ backend: any GitBackend) throws {
        let repository = try Fixture()
        defer { repository.remove() }
        for path in ["p/.threadai/refs/threads/a", "p/.threadai/refs/threads/ab", "p/.threadai/local-threads", "p/.threadai/objects/x.md", "q"] {
            try repository.write(path, "1\n")
        }
        try repository.run(["add", "-A"])
        try repository.write("p/.threadai/refs/threads/untracked", "1\n")
        let asked = ["p/.threadai/refs/threads/a", "p/.threadai/local-threads", "p/.threadai/objects", "p/.threadai/refs/threads/untracked"]
        #expect(try backend.trackedFiles(around: repository.folder("p"), under: asked)
            == ["p/.threadai/local-threads", "p/.threadai/objects/x.md", "p/.threadai/refs/threads/a"])
        #expect(try backend.trackedFiles(around: repository.top, under: []) == [])
    }
}
