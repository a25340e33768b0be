import Foundation
import Testing
import ThreadAITestSupport

/// `threadai trace [REV]` (docs/CLI.md): the Agent Trace record of a commit, from `blame`'s evidence.
@Suite("CLI: trace writes a commit's Agent Trace record")
struct TraceTests {
    @Test("the agent's commit: its lines by message as ranges, threadai:// urls, models; valid against the schema")
    func agentCommit() throws {
        let (clones, _) = try BlameTests.agentRepository()
        let stored = try StoredObject.all(in: clones.path("a/.threadai"))
        let write = try #require(stored.first { $0.content.contains("\"name\":\"Write\"") }).id
        let edit = try #require(stored.first { $0.content.contains("\"name\":\"Edit\"") }).id
        let result = try clones.threadai(["trace", "HEAD~1"], in: "a")
        let record = try JSON.object(result)
        let commit = try clones.git(["rev-parse", "HEAD~1"], in: clones.path("a")).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect((record["vcs"] as? [String: Any])?["revision"] as? String == commit)
        #expect(record["version"] as? String == "0.1.0")
        let files = try #require(record["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["src/greet.py"])
        let conversations = try #require(files.first?["conversations"] as? [[String: Any]])
        let byURL = Dictionary(uniqueKeysWithValues: conversations.map { ($0["url"] as? String ?? "", $0) })
        func ranges(_ id: String) -> [[Int]] {
            (byURL["threadai://message/" + id]?["ranges"] as? [[String: Any]] ?? []).map { [$0["start_line"] as? Int ?? 0, $0["end_line"] as? Int ?? 0] }
        }
        #expect(ranges(write) == [[1, 4], [7, 7]])
        #expect(ranges(edit) == [[8, 8]])
        #expect((byURL["threadai://message/" + edit]?["contributor"] as? [String: Any])?["model_id"] as? String == "anthropic/claude-sonnet-4-5")
        // The same commit gives the same bytes; the hand-made commit after it names no message.
        #expect(try clones.threadai(["trace", commit], in: "a").stdoutBytes == result.stdoutBytes)
        let hand = try JSON.object(try clones.threadai(["trace"], in: "a"))
        #expect((hand["files"] as? [Any])?.isEmpty == true)

        let python = try RequiredTool.jsonschema.require()
        try RequiredTool.require(.rfc3339Validator, .rfc3986Validator)
        try Data(result.stdoutBytes).write(to: URL(fileURLWithPath: clones.path("record.json")))
        let fixtures = StubProviderServer.fixtures.appendingPathComponent("agent-trace").path
        let run = try ExternalProgram.run([python, fixtures + "/validate.py", fixtures + "/trace-record.schema.json", clones.path("record.json")])
        #expect(run.status == 0 && run.output == "valid\n", "\(run.output)")
    }

    @Test("an unknown revision is git's error, and nothing is written")
    func unknownRevision() throws {
        let clones = try GitClones()
        try clones.start("a")
        let result = try clones.run(["trace", "no-such-commit"], in: "a")
        #expect(result.status == 1 && result.stderr.contains("no-such-commit"), "\(result)")
        #expect(result.stdout.isEmpty)
    }
}
