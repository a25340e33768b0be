import Foundation
import Testing

/// Local threads stay out of git (docs/FORMAT.md §13), in real git repositories.
@Suite("CLI: local threads")
struct LocalThreadTests {
    /// `git status` lines (untracked files listed one by one) of clone `name`.
    static func status(_ clones: GitClones, _ name: String) throws -> [String] {
        try clones.git(["status", "--porcelain", "--untracked-files=all"], in: clones.path(name))
            .split(separator: "\n").map(String.init)
    }

    /// Clone a, pushed with a shared first turn on `main`, then the local thread `name` holding `messages`.
    static func withLocalThread(_ name: String, sending messages: [String]) throws -> GitClones {
        let clones = try GitClones()
        try clones.start("a", sending: ["a shared question"])
        try clones.threadai(["checkout", "-b", name], in: "a")
        try clones.threadai(["local", name], in: "a")
        for message in messages { try clones.threadai(["send", message], in: "a") }
        return clones
    }

    @Test("a local thread never appears in git status, through later sends; --unset shares it again")
    func neverInStatus() throws {
        let clones = try GitClones()
        try clones.start("a", sending: ["a shared question"])
        #expect(try Self.status(clones, "a").isEmpty)
        try clones.threadai(["checkout", "-b", "scratch"], in: "a")
        try clones.threadai(["send", "a private question"], in: "a")
        #expect(try Self.status(clones, "a").count == 3, "ref and two messages, before marking")
        try clones.threadai(["local", "scratch"], in: "a")
        #expect(try Self.status(clones, "a").isEmpty)
        try clones.threadai(["send", "another private one"], in: "a")
        #expect(try Self.status(clones, "a").isEmpty, "later messages stay out too")
        #expect(try clones.threadai(["local"], in: "a").stdout == "scratch\n")
        #expect(try clones.threadai(["status"], in: "a").stdout.contains("On thread scratch (local: kept out of git)\n"))
        let threads = try clones.threadai(["threads"], in: "a").stdout.split(separator: "\n")
        #expect(threads.contains { $0.contains("scratch") && $0.contains(", local") }, "\(threads)")
        #expect(!threads.contains { $0.contains("main") && $0.contains(", local") })
        let exclude = try String(contentsOfFile: clones.path("a") + "/.git/info/exclude", encoding: .utf8)
        let block = exclude.components(separatedBy: "# threadai local threads of ").dropFirst().first ?? ""
        let lines = block.split(separator: "\n").map(String.init)
        #expect(lines.first.map { $0.hasSuffix(" (generated; edit with threadai local)") } == true, "\(exclude)")
        #expect(lines.count == 8, "markers, local-threads, the ref and four messages: \(lines)")
        #expect(lines[1] == "/.threadai/local-threads" && lines[2] == "/.threadai/refs/threads/scratch")
        #expect(lines.dropFirst(3).prefix(4).allSatisfy { $0.hasPrefix("/.threadai/objects/") && $0.hasSuffix(".md") })
        #expect(lines.last.map { $0.hasPrefix("# end of threadai local threads of /") && $0.hasSuffix("/a/.threadai") } == true)
        #expect(exclude.hasPrefix("# git ls-files --others --exclude-from=.git/info/exclude"), "git's own lines are kept")
        try clones.git(["add", "-A"], in: clones.path("a"))
        #expect(try clones.git(["diff", "--cached", "--name-only"], in: clones.path("a")).isEmpty)

        try clones.threadai(["local", "--unset", "scratch"], in: "a")
        let shared = try Self.status(clones, "a")
        #expect(shared.contains("?? .threadai/refs/threads/scratch"), "\(shared)")
        #expect(!shared.contains { $0.contains("local-threads") })
        let refused = try clones.run(["local", "nothing-here"], in: "a")
        #expect(refused.status == 1 && refused.stderr.contains("no thread nothing-here"))
    }

    @Test("a fork of a local thread is local; shared with --unset, it publishes the messages it needs; a clone reads it whole")
    func cloneSeesForkOfLocal() throws {
        let clones = try Self.withLocalThread("scratch", sending: ["private one", "private two"])
        let fork = try clones.threadai(["checkout", "-b", "published", "scratch~2"], in: "a")
        #expect(fork.stderr.contains("published is local, as the messages it forks from are"), "\(fork.stderr)")
        try clones.threadai(["local", "--unset", "published"], in: "a")
        try clones.threadai(["send", "public follow-up"], in: "a")
        let note = try clones.threadai(["local"], in: "a").stderr
        #expect(note.contains("2 messages of local threads stay shared"), "\(note)")
        try clones.commitAndPush("a", "share")

        try clones.clone("b")
        let names = try JSON.array(try clones.threadai(["threads", "--json"], in: "b")).compactMap { $0["name"] as? String }
        #expect(Set(names) == ["main", "published"])
        let log = try clones.threadai(["log", "--oneline", "published"], in: "b").stdout
        #expect(log.contains("user: private one") && log.contains("user: public follow-up") && !log.contains("private two"))
        #expect(try clones.run(["fsck"], in: "b").status == 0)
    }

    @Test("files committed before the thread became local are named with the command that untracks them")
    func alreadyTracked() throws {
        let clones = try GitClones()
        try clones.start("a", sending: ["first"])
        try clones.threadai(["checkout", "-b", "late"], in: "a")
        try clones.threadai(["send", "committed before"], in: "a")
        try clones.commit("a", "late thread")
        let result = try clones.threadai(["local", "late"], in: "a")
        #expect(result.stderr.contains("git already tracks 3 of these files"), "\(result.stderr)")
        #expect(result.stderr.contains("git rm --cached -- .threadai/"))
    }

    @Test("regenerating in a local thread makes a local fork; a deleted local thread's messages stay out of git, and come back local")
    func forksAndDeletesStayPrivate() throws {
        let clones = try Self.withLocalThread("private", sending: ["PRIVATE salary numbers"])
        let regenerated = try clones.threadai(["regenerate"], in: "a")
        #expect(regenerated.stderr.contains("private-2 is local"), "\(regenerated.stderr)")
        #expect(try clones.threadai(["local"], in: "a").stdout == "private\nprivate-2\n")
        #expect(try Self.status(clones, "a").isEmpty)

        try clones.threadai(["checkout", "main"], in: "a")
        try clones.threadai(["threads", "delete", "--force", "private-2"], in: "a")
        try clones.threadai(["threads", "delete", "--force", "private"], in: "a")
        #expect(try Self.status(clones, "a").isEmpty, "the deleted threads' messages are on no thread, still kept out")
        try clones.threadai(["checkout", "-b", "private", "private@{1}"], in: "a")
        #expect(try clones.threadai(["local"], in: "a").stdout == "private\n", "brought back from the reflog, local again")
        #expect(try Self.status(clones, "a").isEmpty)
        try clones.commitAndPush("a", "after all that")
        try clones.clone("b")
        #expect(try clones.run(["grep", "salary"], in: "b").status == 1)
    }

    @Test("renaming a local thread writes its names to local-renames, out of git; --unset moves them to renames for the clones")
    func renamesStayLocal() throws {
        let clones = try Self.withLocalThread("secret-plan", sending: ["private question"])
        try clones.threadai(["threads", "rename", "secret-plan", "acquisition"], in: "a")
        let folder = clones.path("a") + "/.threadai"
        #expect(!FileManager.default.fileExists(atPath: folder + "/renames"), "nothing shared names the local thread")
        #expect(try String(contentsOfFile: folder + "/local-renames", encoding: .utf8) == "secret-plan\tacquisition\n")
        #expect(try Self.status(clones, "a").isEmpty, "local-renames is kept out of git")
        let threads = try clones.threadai(["threads"], in: "a").stdout
        #expect(threads.contains("acquisition") && threads.contains("2 own") && threads.contains("private question"), "\(threads)")
        #expect(try clones.threadai(["local"], in: "a").stdout == "acquisition\n")
        try clones.commitAndPush("a", "with a local thread renamed")
        try clones.clone("b")
        #expect(!FileManager.default.fileExists(atPath: clones.path("b") + "/.threadai/renames"))
        #expect(try clones.git(["log", "--all", "-p"], in: clones.path("b")).contains("secret-plan") == false)

        try clones.threadai(["local", "--unset", "acquisition"], in: "a")
        #expect(try String(contentsOfFile: folder + "/renames", encoding: .utf8) == "secret-plan\tacquisition\n")
        #expect(try String(contentsOfFile: folder + "/local-renames", encoding: .utf8) == "")
        try clones.commitAndPush("a", "shared")
        try clones.pull("b")
        let inClone = try clones.threadai(["threads"], in: "b").stdout
        #expect(inClone.contains("acquisition") && inClone.contains("2 own"), "the clone attributes the message to the shared name: \(inClone)")
    }

    @Test("a .threadai folder whose path holds wildcard characters is kept out by its exact name")
    func wildcardFolder() throws {
        let clones = try GitClones()
        let notes = "app/notes [v2]*"
        try FileManager.default.createDirectory(atPath: clones.path(notes), withIntermediateDirectories: true)
        try clones.git(["init", "-q", "-b", "main"], in: clones.path("app"))
        try clones.threadai(["init"], in: notes)
        try clones.threadai(["send", "private"], in: notes)
        try clones.threadai(["local", "main"], in: notes)
        let status = try Self.status(clones, "app")
        #expect(status.count == 2 && status.allSatisfy { $0.hasSuffix(".gitattributes\"") || $0.hasSuffix(".gitignore\"") }, "\(status)")
    }
}
