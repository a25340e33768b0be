import Foundation
import Testing

/// `threadai import` of aider's chat history (docs/FORMAT.md §4.6, "aider, line by line"), from
/// `Fixtures/import/aider/`: the import source added by following docs/DESIGN.md, "Adding an import source".
@Suite("import aider")
struct ImportAiderTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/import/aider")
    static let history = fixtures.appendingPathComponent(".aider.chat.history.md").path
    static let main = "aider/make-greet-take-a-name-20250314-092653"

    @Test("each session a thread, aider's output as notices, a session of start-up output alone skipped; again, nothing new")
    func importsTheHistory() throws {
        let sandbox = try CLISandbox.initialized()
        let result = try sandbox.succeed(["import", Self.history])
        #expect(result.stderr.contains("imported 2 conversations: 16 messages (16 new), 0 forks"), "\(result.stderr)")
        #expect(result.stderr.contains("the session started at 2025-03-14 11:02:07 holds only aider's own output"), "\(result.stderr)")
        let threads = try sandbox.succeed(["threads"]).stdout
        #expect(threads.contains(Self.main + " ") && threads.contains("aider/write-farewell-py-20250315-080000 "), "\(threads)")
        let report = try sandbox.succeed(["show", "--raw", Self.main + "~5"]).stdout
        #expect(report.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).last == """
            thread: \(Self.main)
            role: system
            date: 2025-03-14T09:26:53Z
            source: aider:2025-03-14T09:26:53/35
            source-role: tool-output
            ---
            Tokens: 2.4k sent, 131 received. Cost: $0.0092 message, $0.0092 session.
            Applied edit to greet.py
            Commit 3f2a9c1 feat: greet takes a name

            """)
        let reply = try sandbox.succeed(["show", "--raw", Self.main + "~6"]).stdout
        #expect(reply.contains("role: assistant\n") && reply.contains("model: anthropic/claude-3-7-sonnet-20250219\nsource: aider:2025-03-14T09:26:53/15\n---\nI'll change"))
        #expect(reply.hasSuffix("#### Usage\n\nCall `greet(\"Ada\")`.\n"), "\(reply)")
        // The folder it lies in is searched for it; everything is stored already.
        #expect(try sandbox.succeed(["import", Self.fixtures.path]).stderr.contains("16 messages (0 new)"))
        try sandbox.succeed(["fsck"])
    }

    @Test func aFileWithoutASessionHeaderIsRefused() throws {
        let sandbox = try CLISandbox.initialized()
        let file = sandbox.home + "/notes.md"
        try Data("# Notes\n\n#### not typed  \n".utf8).write(to: URL(fileURLWithPath: file))
        let result = try sandbox.run(["import", "aider", file])
        #expect(result.status == 1 && result.stderr.contains("holds no '# aider chat started at …' line, so it is no aider chat history"), "\(result)")
        #expect(!(try sandbox.succeed(["threads"]).stdout.contains("aider/")))
    }
}
