import Foundation
import Testing

/// A `git revert` of a commit that carried messages leaves later messages without their parents;
/// the command `fsck` gives restores every one of them at once (docs/CLI.md, fsck).
@Suite("Git: restoring messages a revert took")
struct GitRevertRestoreTests {
    @Test("fsck's fix for a missing parent, run as given, brings back every message the revert took")
    func revertThenRestore() throws {
        let clones = try GitClones()
        try clones.start("a", sending: ["first question"])
        try clones.threadai(["send", "second question"], in: "a")
        try clones.threadai(["send", "third question"], in: "a")
        try clones.commit("a", "two turns")
        let twoTurns = try clones.head("a")
        try clones.threadai(["send", "fourth question"], in: "a")
        try clones.commit("a", "one more")
        try clones.git(["revert", "--no-edit", twoTurns], in: clones.path("a"))

        let broken = try clones.run(["fsck"], in: "a")
        #expect(broken.status == 3)
        let lines = (broken.stdout + broken.stderr).split(separator: "\n")
        let fix = try #require(lines.first { $0.contains("fix: restore it from the last commit") }, "\(broken)")
        let command = try #require(fix.range(of: "with the messages before it: ").map { String(fix[$0.upperBound...]) })
        let shell = command.components(separatedBy: " (when .threadai is not in git")[0]
        let restore = Process()
        restore.executableURL = URL(fileURLWithPath: "/bin/sh")
        restore.arguments = ["-c", shell]
        restore.currentDirectoryURL = URL(fileURLWithPath: clones.path("a"))
        try restore.run()
        restore.waitUntilExit()
        #expect(restore.terminationStatus == 0, "\(shell)")
        #expect(try clones.run(["fsck"], in: "a").status == 0)
        #expect(try clones.threadai(["log", "--oneline"], in: "a").stdout.contains("user: second question"))
    }
}
