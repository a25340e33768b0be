import Foundation
import Testing

/// Labels (docs/CLI.md, "log"): as git's `log.decorate=auto`, a view of one history labels its messages
/// on a terminal (PagerTests) or with `--decorate`; piped, it prints what the walk alone gives.
@Suite("CLI: log and show labels")
struct DecorateTests {
    let sandbox: CLISandbox

    /// `main` with two exchanges, a tag at its head and a fork `alt` at its first answer.
    init() throws {
        sandbox = try CLISandbox.initialized()
        try sandbox.succeed(["send", "first question"])
        try sandbox.succeed(["send", "second question"])
        try sandbox.succeed(["tag", "latest"])
        try sandbox.succeed(["checkout", "-b", "alt", "main~2"])
        try sandbox.succeed(["checkout", "main"])
    }

    @Test("piped, one history has no labels; --decorate adds them; --no-decorate takes them away")
    func oneHistory() throws {
        for command in [["log", "--oneline"], ["log"], ["log", "--graph"], ["show"], ["log", "--oneline", "main~2"]] {
            let plain = try sandbox.succeed(command).stdout
            #expect(!plain.contains("HEAD -> main") && !plain.contains("tag: latest") && !plain.contains("fork: alt"), "\(command): \(plain)")
            #expect(try sandbox.succeed(command + ["--no-decorate"]).stdout == plain)
            let labelled = try sandbox.succeed(command + ["--decorate"]).stdout
            #expect(labelled != plain, "\(command) --decorate")
        }
        let labelled = try sandbox.succeed(["log", "--oneline", "--decorate"]).stdout
        #expect(labelled.contains("(HEAD -> main, tag: latest)") && labelled.contains("(alt, fork: alt)"), "\(labelled)")
        #expect(try sandbox.succeed(["show", "--decorate"]).stdout.contains("(HEAD -> main, tag: latest)"))
    }

    @Test("views of every thread and JSON keep their labels; --no-decorate drops them from --all")
    func everyThreadAndJSON() throws {
        for command in [["log", "--all", "--oneline"], ["log", "--graph", "--all"]] {
            let labelled = try sandbox.succeed(command).stdout
            #expect(labelled.contains("HEAD -> main") && labelled.contains("fork: alt"), "\(command): \(labelled)")
            #expect(!(try sandbox.succeed(command + ["--no-decorate"]).stdout.contains("HEAD -> main")))
        }
        let json = try JSON.array(try sandbox.succeed(["log", "--json", "--no-decorate"]))
        #expect(json.first?["tags"] as? [String] == ["latest"])
        #expect(json.contains { $0["forks"] as? [String] == ["alt"] })
    }

    @Test("--decorate and --no-decorate together are refused")
    func contradiction() throws {
        let result = try sandbox.run(["log", "--decorate", "--no-decorate"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--decorate and --no-decorate"))
    }
}
