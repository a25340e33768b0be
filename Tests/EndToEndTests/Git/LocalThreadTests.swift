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

    @Test("a shared fork of a local thread publishes the messages it needs; a clone reads it whole")
    func cloneSeesForkOfLocal() throws {
        let clones = try GitClones()
        try clones.start("a", sending: ["a shared question"])
        try clones.threadai(["checkout", "-b", "scratch"], in: "a")
        try clones.threadai(["send", "private one"], in: "a")
        try clones.threadai(["send", "private two"], in: "a")
        try clones.threadai(["local", "scratch"], in: "a")
        try clones.threadai(["checkout", "-b", "published", "scratch~2"], in: "a")
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
}
