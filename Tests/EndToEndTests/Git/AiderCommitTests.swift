import Foundation
import Testing
import ThreadAITestSupport

/// aider's commits found back through its imported chat history (docs/CLI.md, `import aider`,
/// `log --for-commit`, `blame`): aider writes `Commit HASH MESSAGE` in its output right after each
/// commit, and signs the commit with its co-author line (or, by default in older versions, only
/// with ` (aider)` after the author's name).
@Suite("CLI: aider's commits lead to its imported chat history")
struct AiderCommitTests {
    static let fixture = PackageSources.root.appendingPathComponent("Fixtures/import/aider/.aider.chat.history.md")
    static let thread = "aider/make-greet-take-a-name-20250314-092653"

    @Test("log --for-commit and blame find the aider reply behind a commit, after import aider; before it, the error says to import")
    func forCommitAndBlame() throws {
        let clones = try GitClones()
        try clones.start("app")
        let app = clones.path("app")
        // The code as it was, then the edit of the fixture's reply, committed by aider with its co-author
        // line, and one line aider did not write.
        try "def greet():\n    print(\"hello\")\n".write(toFile: app + "/greet.py", atomically: false, encoding: .utf8)
        try clones.git(["add", "-A"], in: app)
        try clones.git(["-c", "core.hooksPath=/dev/null", "commit", "-q", "-m", "Start"], in: app)
        try """
            def greet(name):
                # Greets NAME, or the world when it is empty.
                print(f"hello, {name or 'world'}")

            GREETING_VERSION = 2

            """.write(toFile: app + "/greet.py", atomically: false, encoding: .utf8)
        let edited = try AgentTrailerTests.commit(clones, "app", "feat: greet takes a name\n\nCo-authored-by: aider (anthropic/claude-3-7-sonnet-20250219) <noreply@aider.chat>")
        // A later aider commit marked only by its author's name: no trailer at all.
        try "def farewell(name):\n    print(f\"goodbye, {name}\")\n".write(toFile: app + "/farewell.py", atomically: false, encoding: .utf8)
        try clones.git(["add", "-A"], in: app)
        try clones.git(["-c", "core.hooksPath=/dev/null", "-c", "user.name=Ada (aider)", "commit", "-q", "-m", "feat: add farewell"], in: app)
        let farewell = try clones.head("app")

        let before = try clones.run(["log", "--for-commit", edited], in: "app")
        #expect(before.status == 1 && before.stdout.isEmpty, "\(before)")
        #expect(before.stderr.contains("no imported aider session reports it ('Commit \(edited.prefix(7))' in aider's output)")
            && before.stderr.contains("'threadai import aider .aider.chat.history.md'"), "\(before.stderr)")

        let history = try String(contentsOf: Self.fixture, encoding: .utf8)
            .replacingOccurrences(of: "Commit 3f2a9c1 ", with: "Commit \(edited.prefix(7)) ")
            .replacingOccurrences(of: "Commit 8e1d07b ", with: "Commit \(farewell.prefix(7)) ")
        try history.write(toFile: app + "/.aider.chat.history.md", atomically: false, encoding: .utf8)
        let imported = try clones.threadai(["import", ".aider.chat.history.md"], in: "app")
        #expect(imported.stderr.contains("imported 2 conversations"), "detected by its name: \(imported)")

        let messages = try JSON.array(try clones.threadai(["log", "--json", Self.thread], in: "app"))
        let reply = try #require(messages.first { ($0["content"] as? String)?.contains("<<<<<<< SEARCH") == true }?["id"] as? String)
        let report = try #require(messages.first { ($0["content"] as? String)?.contains("Commit \(edited.prefix(7)) feat:") == true }?["id"] as? String)

        let found = try clones.threadai(["log", "--oneline", "--for-commit", edited], in: "app")
        #expect(found.stdout.hasPrefix(report.prefix(8) + " system: Tokens: 2.4k sent"), "the report first, then its history: \(found.stdout)")
        #expect(found.stdout.contains(reply.prefix(8) + " assistant: I'll change `greet`"), "\(found.stdout)")
        #expect(found.stderr.contains("commit \(edited) was written with aider: thread \(Self.thread) at \(report.prefix(8)) reports it (Commit \(edited.prefix(7)))"),
                "\(found.stderr)")
        let unsigned = try clones.threadai(["log", "--oneline", "-n", "1", "--for-commit", farewell], in: "app")
        #expect(unsigned.stderr.contains("was written with aider: thread aider/write-farewell-py-20250315-080000 at ")
            && unsigned.stdout.contains(" system: Tokens: 900 sent"), "no trailer, but the history names it: \(unsigned)")

        let listing = try clones.threadai(["blame", "greet.py"], in: "app").stdout.split(separator: "\n")
        #expect(listing.count == 5, "\(listing)")
        for (index, line) in listing.prefix(3).enumerated() {
            #expect(line.contains("(\(reply.prefix(8)) trailer  \(Self.thread) \(index + 1))"), "\(line)")
        }
        #expect(!listing[4].contains("trailer"), "a line no reply holds gets nothing: \(listing[4])")
        let farewellLines = try clones.threadai(["blame", "farewell.py"], in: "app").stdout.split(separator: "\n")
        #expect(farewellLines.count == 2 && farewellLines.allSatisfy { $0.contains(" trailer  aider/write-farewell-py-20250315-080000 ") }, "\(farewellLines)")

        // Importing the same history again writes nothing.
        let again = try clones.threadai(["import", "aider", ".aider.chat.history.md"], in: "app")
        #expect(again.stderr.contains("(0 new)"), "\(again)")
    }
}
