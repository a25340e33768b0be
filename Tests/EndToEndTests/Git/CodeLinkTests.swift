import Foundation
import Testing

/// Links between code commits and conversations (docs/CLI.md: `trailer`, `hooks`, `log --code`,
/// `--at-code`, `--for-commit`), in real git repositories.
@Suite("CLI: commits and conversations link both ways")
struct CodeLinkTests {
    /// Commits a change to `file` in clone `name` with the hooks git would run; returns the new commit.
    @discardableResult
    static func commitCode(_ clones: GitClones, _ name: String, file: String, message: String) throws -> String {
        try "\(message)\n".write(toFile: clones.path(name) + "/" + file, atomically: false, encoding: .utf8)
        try clones.git(["add", file], in: clones.path(name))
        try clones.git(["commit", "-q", "-m", message], in: clones.path(name))
        return try clones.head(name)
    }

    @Test("log --code, and log --at-code for one commit and for a range, after several commits")
    func atCode() throws {
        let clones = try GitClones()
        try clones.start("a")
        let first = try Self.commitCode(clones, "a", file: "a.swift", message: "one")
        try clones.threadai(["send", "about one"], in: "a")
        let second = try Self.commitCode(clones, "a", file: "b.swift", message: "two")
        try clones.threadai(["send", "about two"], in: "a")
        try "changed\n".write(toFile: clones.path("a") + "/b.swift", atomically: false, encoding: .utf8)
        try clones.threadai(["send", "about two, edited"], in: "a")
        try clones.threadai(["checkout", "-b", "side", "main~4"], in: "a")
        try clones.git(["checkout", "-q", "-f", "--detach", first], in: clones.path("a"))
        try clones.threadai(["send", "side question about one"], in: "a")
        try clones.git(["checkout", "-q", "main"], in: clones.path("a"))
        let third = try Self.commitCode(clones, "a", file: "c.swift", message: "three")

        let code = try clones.threadai(["log", "--code", "main"], in: "a").stdout.split(separator: "\n")
        #expect(code.count == 6)
        #expect(code[1].hasSuffix(" [\(second.prefix(12))+] user: about two, edited"), "\(code)")
        #expect(code[5].hasSuffix(" [\(first.prefix(12))] user: about one"), "\(code)")

        let atFirst = try clones.threadai(["log", "--at-code", first], in: "a").stdout.split(separator: "\n")
        #expect(atFirst.count == 4, "both threads: \(atFirst)")
        #expect(atFirst.filter { $0.contains("user: ") }.map { String($0.split(separator: ":").last ?? "") }.sorted()
            == [" about one", " side question about one"])
        // Newest first; a reply written in the second of its question still comes before it.
        #expect(atFirst.map { $0.contains(" user: ") ? "user" : "reply" } == ["reply", "user", "reply", "user"], "\(atFirst)")
        let onMain = try clones.threadai(["log", "--at-code", first, "main"], in: "a").stdout.split(separator: "\n")
        #expect(onMain.count == 2)

        let range = try clones.threadai(["log", "--at-code", "\(first)..HEAD"], in: "a").stdout
        #expect(range.contains("user: about two\n") && range.contains("user: about two, edited\n") && !range.contains("about one"))
        let none = try clones.run(["log", "--at-code", third], in: "a")
        #expect(none.status == 1 && none.stdout.isEmpty && none.stderr.contains("no message was written"))
        let unknown = try clones.run(["log", "--at-code", "no-such-tag"], in: "a")
        #expect(unknown.status == 1 && unknown.stderr.contains("git said: fatal:"), "\(unknown)")
    }

    @Test("hooks install chains an existing hook; a commit names the thread; log --for-commit finds it; uninstall restores")
    func hooksAndTrailer() throws {
        let clones = try GitClones()
        try clones.start("a", sending: ["design the parser"])
        let hooks = clones.path("a") + "/.git/hooks"
        let userHook = "#!/bin/sh\necho 'Reviewed-by: user hook' >> \"$1\"\n"
        try userHook.write(toFile: hooks + "/prepare-commit-msg", atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hooks + "/prepare-commit-msg")
        let before = try DirectorySnapshot(hooks)

        let installed = try clones.threadai(["hooks", "install"], in: "a")
        #expect(installed.stderr.contains("your hook is kept as"))
        let after = try DirectorySnapshot(hooks)
        let again = try clones.threadai(["hooks", "install"], in: "a")
        let afterAgain = try DirectorySnapshot(hooks)
        #expect(again.stderr.contains("installed already") && afterAgain == after, "idempotent")

        let trailer = try clones.threadai(["trailer"], in: "a").stdout
        let head = try String(contentsOfFile: clones.path("a") + "/.threadai/refs/threads/main", encoding: .utf8).prefix(8)
        #expect(trailer == "Thread: main@\(head)\n")
        try Self.commitCode(clones, "a", file: "parser.swift", message: "Add the parser")
        let text = try clones.git(["log", "-1", "--format=%B"], in: clones.path("a"))
        #expect(text.contains("Reviewed-by: user hook") && text.contains("Thread: main@\(head)"), "\(text)")

        try clones.threadai(["send", "and now the tests"], in: "a")
        try clones.git(["commit", "-q", "--amend", "-m", text.trimmingCharacters(in: .whitespacesAndNewlines)], in: clones.path("a"))
        let amended = try clones.git(["log", "-1", "--format=%B"], in: clones.path("a"))
        #expect(amended.components(separatedBy: "Thread: ").count == 2 && amended.contains("Thread: main@\(head)"),
                "an amended commit keeps the conversation it was made in: \(amended)")
        let commitAfterAmend = try clones.head("a")
        let found = try clones.threadai(["log", "--oneline", "--for-commit", commitAfterAmend], in: "a")
        #expect(found.stderr.contains("commit \(commitAfterAmend) names thread main at \(head)"))
        #expect(found.stdout.split(separator: "\n").first?.hasPrefix(String(head)) == true, "\(found.stdout)")
        #expect(!found.stdout.contains("and now the tests"))
        try clones.git(["-c", "core.hooksPath=/dev/null", "commit", "-q", "--allow-empty", "-m", "no trailer"], in: clones.path("a"))
        #expect(try clones.run(["log", "--for-commit", "HEAD"], in: "a").status == 1)

        try clones.threadai(["checkout", String(head)], in: "a")
        #expect(try clones.run(["trailer"], in: "a").status == 1)

        let removed = try clones.threadai(["hooks", "uninstall"], in: "a")
        #expect(removed.stderr.contains("your hook is back"))
        #expect(try DirectorySnapshot(hooks) == before)
    }

    @Test("core.hooksPath is respected; the pre-commit hook stops a commit of staged secrets")
    func preCommitAndHooksPath() throws {
        let clones = try GitClones()
        try clones.start("a", sending: ["hello"])
        try clones.git(["config", "core.hooksPath", "githooks"], in: clones.path("a"))
        try clones.threadai(["hooks", "install", "--pre-commit"], in: "a")
        #expect(FileManager.default.isExecutableFile(atPath: clones.path("a") + "/githooks/pre-commit"))
        #expect(FileManager.default.isExecutableFile(atPath: clones.path("a") + "/githooks/prepare-commit-msg"))
        #expect(try clones.threadai(["hooks", "status"], in: "a").stdout.contains("pre-commit: installed"))

        try clones.threadai(["send", "a clean question"], in: "a")
        try clones.commit("a", "clean")
        let key = "sk-" + "ant-api03-" + "CANARYcanary0123456789abcdefghijklmnop"
        try clones.threadai(["send", "--allow-secrets", "oops \(key)"], in: "a")
        try clones.git(["add", "-A"], in: clones.path("a"))
        #expect(throws: GitClones.GitFailure.self) { try clones.git(["commit", "-q", "-m", "leak"], in: clones.path("a")) }
        do {
            try clones.git(["commit", "-q", "-m", "leak"], in: clones.path("a"))
        } catch let failure as GitClones.GitFailure {
            #expect(failure.output.contains("an Anthropic API key") && failure.output.contains("the commit was stopped by 'threadai scan --staged'"))
            #expect(!failure.output.contains("CANARY"))
        }
        try clones.threadai(["hooks", "uninstall"], in: "a")
        #expect(try FileManager.default.contentsOfDirectory(atPath: clones.path("a") + "/githooks").isEmpty)
    }

    @Test("diff of two forks says when their code anchors differ, and not when they agree")
    func diffAnchors() throws {
        let clones = try GitClones()
        try clones.start("a", sending: ["shared question"])
        try clones.threadai(["checkout", "-b", "alt", "main"], in: "a")
        try clones.threadai(["send", "asked on alt"], in: "a")
        try clones.threadai(["checkout", "main"], in: "a")
        try clones.threadai(["send", "asked on main"], in: "a")
        let same = try clones.threadai(["diff", "main", "alt"], in: "a").stdout
        #expect(!same.contains("Code differs"))
        let before = try clones.head("a")
        let after = try Self.commitCode(clones, "a", file: "x.swift", message: "change")
        try clones.threadai(["send", "after the change"], in: "a")
        let differs = try clones.threadai(["diff", "alt", "main"], in: "a").stdout
        #expect(differs.contains("Code differs: alt at \(before.prefix(12)) (main); main at \(after.prefix(12)) (main)\n"), "\(differs)")
        let json = try JSON.object(try clones.threadai(["diff", "--json", "alt", "main"], in: "a"))
        #expect((json["rightCode"] as? [String: Any])?["commit"] as? String == after)
        #expect((json["leftCode"] as? [String: Any])?["dirty"] as? Bool == false)
    }

    @Test("outside git, log --for-commit and hooks say whether git is missing or the folder is outside a work tree")
    func withoutGit() throws {
        let sandbox = try CLISandbox.initialized(sending: "a question")
        let outside = try sandbox.run(["log", "--for-commit", "HEAD"])
        #expect(outside.status != 0)
        #expect(outside.stderr.contains("is not inside a git work tree"), "\(outside.stderr)")
        #expect(!outside.stderr.contains("not installed"), "\(outside.stderr)")
        for arguments in [["log", "--for-commit", "HEAD"], ["hooks", "install"]] {
            let missing = try sandbox.run(arguments, environment: ["PATH": "/nonexistent"])
            #expect(missing.status != 0)
            #expect(missing.stderr.contains("git is not installed (no git on PATH)"), "\(missing.stderr)")
            #expect(!missing.stderr.contains("exit 128"), "\(missing.stderr)")
        }
    }
}
