import Foundation
import Testing

/// `send` records where the code stands (docs/FORMAT.md §4.7), in real git repositories.
@Suite("CLI: code anchors on send")
struct CodeAnchorTests {
    /// The `code-*` frontmatter lines of the stored user message whose text is `text`.
    static func anchor(of text: String, in clones: GitClones, _ name: String) throws -> [String] {
        let objects = clones.path(name) + "/.threadai/objects"
        for folder in try FileManager.default.contentsOfDirectory(atPath: objects) where folder.count == 2 {
            for file in try FileManager.default.contentsOfDirectory(atPath: objects + "/" + folder) {
                let object = try String(contentsOfFile: objects + "/" + folder + "/" + file, encoding: .utf8)
                guard object.hasSuffix("\n---\n" + text + "\n") else { continue }
                return object.split(separator: "\n").filter { $0.hasPrefix("code-") }.map(String.init)
            }
        }
        throw CocoaError(.fileNoSuchFile)
    }

    @Test("unborn, clean, dirty and detached trees; the .threadai folder never makes a tree dirty")
    func anchorsFollowTheTree() throws {
        let clones = try GitClones()
        try FileManager.default.createDirectory(atPath: clones.path("a"), withIntermediateDirectories: true)
        try clones.git(["init", "-q", "-b", "main"], in: clones.path("a"))
        try clones.threadai(["init"], in: "a")
        try clones.threadai(["send", "unborn"], in: "a")
        #expect(try Self.anchor(of: "unborn", in: clones, "a") == ["code-branch: main"])

        try clones.commit("a", "first")
        let first = try clones.git(["rev-parse", "HEAD"], in: clones.path("a")).trimmingCharacters(in: .whitespacesAndNewlines)
        try clones.threadai(["send", "clean"], in: "a")
        #expect(try Self.anchor(of: "clean", in: clones, "a") == ["code-branch: main", "code-commit: \(first)"])

        try "code\n".write(toFile: clones.path("a") + "/main.swift", atomically: false, encoding: .utf8)
        try clones.git(["add", "main.swift"], in: clones.path("a"))
        try clones.threadai(["send", "dirty"], in: "a")
        #expect(try Self.anchor(of: "dirty", in: clones, "a") == ["code-branch: main", "code-commit: \(first)", "code-dirty: true"])
        let log = try clones.threadai(["log"], in: "a").stdout
        #expect(log.contains("Code:   \(first.prefix(12)) (main, uncommitted changes)\n"))
        #expect(log.contains("Code:   unborn (main)\n"))

        // Only the code is committed: checking out an older commit of a tree whose .threadai is
        // tracked would also check out the conversation as it was then (docs/CLI.md, send).
        try clones.git(["commit", "-q", "-m", "second"], in: clones.path("a"))
        try clones.git(["checkout", "-q", "--detach", first], in: clones.path("a"))
        try clones.threadai(["send", "detached"], in: "a")
        #expect(try Self.anchor(of: "detached", in: clones, "a") == ["code-commit: \(first)"])
        #expect(try clones.threadai(["show", "main~1"], in: "a").stdout.contains("Code:   \(first.prefix(12))\n"))
    }

    @Test("a linked worktree records its own branch and commit; a submodule its own commit")
    func worktreeAndSubmodule() throws {
        let clones = try GitClones()
        try clones.start("app")
        let appCommit = try clones.head("app")
        try clones.git(["worktree", "add", "-q", "-b", "feature", clones.path("tree")], in: clones.path("app"))
        try clones.threadai(["send", "in the worktree"], in: "tree")
        #expect(try Self.anchor(of: "in the worktree", in: clones, "tree") == ["code-branch: feature", "code-commit: \(appCommit)"])

        try FileManager.default.createDirectory(atPath: clones.path("lib"), withIntermediateDirectories: true)
        try clones.git(["init", "-q", "-b", "main"], in: clones.path("lib"))
        try clones.threadai(["init"], in: "lib")
        try clones.commit("lib", "library code")
        let libCommit = try clones.head("lib")
        try clones.git(["-c", "protocol.file.allow=always", "submodule", "add", "-q", clones.path("lib"), "lib"], in: clones.path("app"))
        try clones.commit("app", "add lib")
        try clones.threadai(["send", "in the submodule"], in: "app/lib")
        #expect(try Self.anchor(of: "in the submodule", in: clones, "app/lib") == ["code-branch: main", "code-commit: \(libCommit)"])
        try clones.threadai(["send", "in the superproject"], in: "app")
        #expect(try Self.anchor(of: "in the superproject", in: clones, "app") == ["code-branch: main", "code-commit: \(try clones.head("app"))"])
    }

    @Test("the anchors config key turns anchors off and on; a bad value is refused")
    func configKey() throws {
        let clones = try GitClones()
        try clones.start("a")
        try clones.threadai(["config", "set", "anchors", "false"], in: "a")
        try clones.threadai(["send", "off"], in: "a")
        #expect(try Self.anchor(of: "off", in: clones, "a").isEmpty)
        try clones.threadai(["config", "set", "anchors", "on"], in: "a")
        #expect(try clones.threadai(["config", "get", "anchors"], in: "a").stdout == "true\n")
        try clones.threadai(["send", "on"], in: "a")
        #expect(try Self.anchor(of: "on", in: clones, "a").count == 2)
        let refused = try clones.run(["config", "set", "anchors", "maybe"], in: "a")
        #expect(refused.status != 0 && refused.stderr.contains("true or false"))
    }

    @Test("outside git, or with THREADAI_NO_ANCHORS=1, no anchor is written")
    func noAnchor() throws {
        let clones = try GitClones()
        try FileManager.default.createDirectory(atPath: clones.path("plain"), withIntermediateDirectories: true)
        try clones.threadai(["init"], in: "plain")
        try clones.threadai(["send", "outside"], in: "plain")
        #expect(try Self.anchor(of: "outside", in: clones, "plain").isEmpty)

        try clones.git(["init", "-q", "-b", "main"], in: clones.path("plain"))
        let result = try clones.sandbox.run(["send", "off"], in: clones.path("plain"), environment: ["THREADAI_NO_ANCHORS": "1"])
        #expect(result.status == 0)
        #expect(try Self.anchor(of: "off", in: clones, "plain").isEmpty)

        // Without git on the PATH: no anchor, and an attached file still gets git's blob id.
        try "hello world\n".write(toFile: clones.path("plain") + "/hello.txt", atomically: false, encoding: .utf8)
        let noGit = try clones.sandbox.run(
            ["send", "-f", "hello.txt", "no git"], in: clones.path("plain"), environment: ["PATH": "/nonexistent"])
        #expect(noGit.status == 0, "\(noGit)")
        #expect(try Self.anchor(of: "no git\n\n```file:hello.txt\nhello world\n```", in: clones, "plain").isEmpty)
        let stored = try StoredObject.all(in: clones.path("plain") + "/.threadai").first { $0.content.hasPrefix("no git") }
        #expect(stored?.fields["files"] == "\"3b18e512dba79e4c8300dd08aeb37f8e728b8dad hello.txt\"")
    }

    @Test("a send after git checked out an older .threadai says the thread is behind where it was left")
    func rewoundByCheckout() throws {
        let clones = try GitClones()
        try clones.start("a", sending: ["first"])
        let old = try clones.head("a")
        try clones.threadai(["send", "second"], in: "a")
        try clones.commit("a", "the conversation grew")
        try clones.git(["checkout", "-q", "--detach", old], in: clones.path("a"))
        let sent = try clones.threadai(["send", "on the old code"], in: "a")
        #expect(sent.stderr.contains("thread 'main' is at "), "\(sent.stderr)")
        #expect(sent.stderr.contains("git changed .threadai (a checkout or reset of an older commit?)"))
        let next = try clones.threadai(["send", "again"], in: "a")
        #expect(!next.stderr.contains("behind"), "said once, while it is true")
    }
}
