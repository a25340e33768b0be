import Foundation
import Testing
import ThreadAIStore
@testable import ThreadAI

/// `AgentTraceRecord`: a commit's attribution as an Agent Trace 0.1.0 record, checked against the
/// published schema (Fixtures/agent-trace/) and for the bytes it must always give.
@Suite("Agent Trace records")
struct AgentTraceRecordTests {
    typealias Samples = AgentTraceSamples

    @Test("records of sample attributions validate against the published schema, formats asserted")
    func validatesAgainstSchema() throws {
        let records = [
            try AgentTraceRecord.bytes(commit: Samples.commit, committerDate: try Samples.date(), toolVersion: "1.4.0", attribution: Samples.attribution),
            try AgentTraceRecord.bytes(commit: Samples.sha256Commit, committerDate: try Samples.date(), toolVersion: "1.4.0", attribution: []),
            try AgentTraceRecord.bytes(
                commit: Samples.commit, committerDate: try Samples.date("1999-12-31T23:59:59Z"), toolVersion: "",
                attribution: [AttributedRange(path: "a b/[c]%.txt", lines: 1...1_000_000, message: Samples.message(9),
                                              thread: "x+y/ñ~é", model: String(repeating: "m", count: 300), agent: "codex")]),
        ]
        #expect(try Samples.validate(records) == ["valid", "valid", "valid"])
    }

    @Test("the validator rejects a record missing a required field, or with a malformed id, URL, date or range")
    func validatorCanFail() throws {
        let valid = try Samples.object(
            AgentTraceRecord.bytes(commit: Samples.commit, committerDate: try Samples.date(), toolVersion: "1.4.0", attribution: Samples.attribution))
        /// The valid record with `change` made: to the record's top level (`NSNull` removes a key), and to
        /// its first conversation.
        func edited(_ change: (inout [String: Any], inout [String: Any]) -> Void) throws -> [UInt8] {
            var record = valid
            var files = try #require(record["files"] as? [[String: Any]])
            var conversations = try #require(files[0]["conversations"] as? [[String: Any]])
            var conversation = conversations[0]
            var edits: [String: Any] = [:]
            change(&edits, &conversation)
            conversations[0] = conversation
            files[0]["conversations"] = conversations
            record["files"] = files
            for (key, value) in edits { record[key] = value is NSNull ? nil : value }
            return try Samples.bytes(record)
        }
        let broken = [
            try edited { record, _ in record["id"] = NSNull() },
            try edited { record, _ in record["files"] = NSNull() },
            try edited { _, conversation in conversation["ranges"] = nil },
            try edited { record, _ in record["id"] = "not-a-uuid" },
            try edited { record, _ in record["timestamp"] = "2026-01-23 14:30" },
            try edited { _, conversation in conversation["url"] = "no scheme here" },
            try edited { _, conversation in conversation["ranges"] = [["start_line": 0, "end_line": 1]] },
            try edited { _, conversation in conversation["contributor"] = ["type": "robot"] },
        ]
        let results = try Samples.validate([try Samples.bytes(valid)] + broken)
        #expect(results.first == "valid")
        for (index, result) in results.dropFirst().enumerated() {
            #expect(result.hasPrefix("invalid: "), "edit \(index): \(result)")
        }
    }

    @Test("the record's fields: version, commit, committer date, tool, files, conversations, ranges, thread, agents")
    func fields() throws {
        let record = try Samples.object(
            AgentTraceRecord.bytes(commit: Samples.commit, committerDate: try Samples.date(), toolVersion: "1.4.0", attribution: Samples.attribution))
        #expect(record["version"] as? String == "0.1.0")
        #expect(record["timestamp"] as? String == "2026-01-23T14:30:00Z")
        #expect(record["vcs"] as? [String: String] == ["type": "git", "revision": Samples.commit])
        // schemas.ts, from which the site's schema is generated, requires both: always written.
        #expect(record["tool"] as? [String: String] == ["name": "threadai", "version": "1.4.0"])
        let files = try #require(record["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["README.md", "Sources/ü.swift", "src/parser.swift"])
        let parser = try #require(files[2]["conversations"] as? [[String: Any]])
        #expect(parser.map { $0["url"] as? String } == [1, 2].map { "threadai://message/" + Samples.message($0).hex })
        #expect(parser[0]["contributor"] as? [String: String] == ["type": "ai", "model_id": "anthropic/claude-opus-4-5-20251101"])
        #expect(parser[0]["ranges"] as? [[String: Int]] == [["start_line": 10, "end_line": 30], ["start_line": 80, "end_line": 95]])
        #expect(parser[0]["related"] as? [[String: String]] == [["type": "thread", "url": "threadai://thread/feature/parser"]])
        #expect(parser[1]["contributor"] as? [String: String] == ["type": "ai", "model_id": "openai/gpt-4o"])
        let readme = try #require(files[0]["conversations"] as? [[String: Any]])
        #expect(readme[0]["related"] as? [[String: String]] == [["type": "thread", "url": "threadai://thread/docs-caf%C3%A9"]])
        #expect(readme[0]["contributor"] as? [String: String] == ["type": "ai", "model_id": "google/gemini-2.5-pro"])
        let unicode = try #require(files[1]["conversations"] as? [[String: Any]])
        #expect(unicode.map { $0["contributor"] as? [String: String] } == [["type": "ai", "model_id": "llama3.2"], ["type": "ai"]])
        let metadata = try #require(record["metadata"] as? [String: [String: [String: String]]])
        #expect(metadata == ["threadai": ["agents": [Samples.message(1).hex: "claude-code", Samples.message(3).hex: "gemini"]]])
    }

    @Test("a commit with no attributed line is a record with no files and no metadata")
    func emptyAttribution() throws {
        let record = try Samples.object(
            AgentTraceRecord.bytes(commit: Samples.commit, committerDate: try Samples.date(), toolVersion: "1.4.0", attribution: []))
        #expect((record["files"] as? [Any])?.isEmpty == true)
        #expect(record["metadata"] == nil)
    }

    @Test("model ids follow provider/model: known families get their provider, others are kept, none over 250")
    func modelIDs() {
        #expect(AgentTraceModelID.of(storedModel: "claude-sonnet-4-5") == "anthropic/claude-sonnet-4-5")
        #expect(AgentTraceModelID.of(storedModel: "o3-mini") == "openai/o3-mini")
        #expect(AgentTraceModelID.of(storedModel: "gpt-5-codex") == "openai/gpt-5-codex")
        #expect(AgentTraceModelID.of(storedModel: "Gemini-2.5-flash") == "google/Gemini-2.5-flash")
        #expect(AgentTraceModelID.of(storedModel: "anthropic/claude-opus-4-5") == "anthropic/claude-opus-4-5")
        #expect(AgentTraceModelID.of(storedModel: "qwen2.5-coder:7b") == "qwen2.5-coder:7b")
        #expect(AgentTraceModelID.of(storedModel: "") == nil)
        #expect(AgentTraceModelID.of(storedModel: nil) == nil)
        #expect(AgentTraceModelID.of(storedModel: String(repeating: "é", count: 250)) != nil)
        #expect(AgentTraceModelID.of(storedModel: "claude-" + String(repeating: "x", count: 234)) == nil)
    }

    @Test("bad input is a typed error naming it, and no record")
    func badInput() throws {
        let date = try Samples.date()
        func record(_ ranges: [AttributedRange], commit: String = Samples.commit) throws(AgentTraceError) {
            _ = try AgentTraceRecord(commit: commit, committerDate: date, toolVersion: "1", attribution: ranges)
        }
        let one = AttributedRange(path: "a.txt", lines: 1...2, message: Samples.message(1), thread: "main")
        #expect(throws: AgentTraceError.invalidRevision("HEAD")) { try record([one], commit: "HEAD") }
        #expect(throws: AgentTraceError.invalidRevision(Samples.commit.uppercased())) { try record([one], commit: Samples.commit.uppercased()) }
        #expect(throws: AgentTraceError.invalidRevision(String(Samples.commit.dropLast()))) { try record([one], commit: String(Samples.commit.dropLast())) }
        for path in ["", "/etc/passwd", "a/../b", "./a", "a//b", "a/"] {
            var bad = one
            bad.path = path
            #expect(throws: AgentTraceError.invalidPath(path)) { try record([one, bad]) }
        }
        var zero = one
        zero.lines = 0...3
        #expect(throws: AgentTraceError.lineOutOfRange(path: "a.txt", line: 0)) { try record([zero]) }
        let other = AttributedRange(path: "a.txt", lines: 2...5, message: Samples.message(2), thread: "main")
        #expect(throws: AgentTraceError.conflictingAttribution(path: "a.txt", line: 2, messages: [Samples.message(1), Samples.message(2)])) {
            try record([other, one])
        }
    }
}
