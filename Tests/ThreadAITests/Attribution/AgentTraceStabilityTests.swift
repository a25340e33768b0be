import Foundation
import Testing
import ThreadAIStore
@testable import ThreadAI

/// What makes a trace record reproducible: the same commit and lines give the same bytes, whatever
/// order and pieces the lines came in; ranges of one message are joined; the id is a UUID named by
/// the content.
@Suite("Agent Trace records: stable bytes and merged ranges")
struct AgentTraceStabilityTests {
    typealias Samples = AgentTraceSamples

    private func record(_ ranges: [AttributedRange], date: String = "2026-01-23T14:30:00Z", version: String = "1.4.0") throws -> AgentTraceRecord {
        try AgentTraceRecord(commit: Samples.commit, committerDate: try Samples.date(date), toolVersion: version, attribution: ranges)
    }

    @Test("the same lines in another order, or cut into single lines, give the same bytes and id")
    func sameBytes() throws {
        let first = try record(Samples.attribution)
        #expect(try record(Samples.attribution.reversed()).bytes == first.bytes)
        let singleLines = Samples.attribution.flatMap { range in
            range.lines.map { line in
                var piece = range
                piece.lines = line...line
                return piece
            }
        }
        #expect(try record(singleLines.reversed()).bytes == first.bytes)
        #expect(try record(Samples.attribution).id == first.id)
    }

    @Test("the bytes: keys sorted, two-space indent, as the CLI's --json; the id a version 8 UUID of the content")
    func exactBytes() throws {
        let message = Samples.message(1)
        let made = try record([AttributedRange(path: "a.swift", lines: 3...4, message: message, thread: "main", model: "gpt-4o")])
        let expected = """
            {
              "files" : [
                {
                  "conversations" : [
                    {
                      "contributor" : {
                        "model_id" : "openai/gpt-4o",
                        "type" : "ai"
                      },
                      "ranges" : [
                        {
                          "end_line" : 4,
                          "start_line" : 3
                        }
                      ],
                      "related" : [
                        {
                          "type" : "thread",
                          "url" : "threadai://thread/main"
                        }
                      ],
                      "url" : "threadai://message/\(message.hex)"
                    }
                  ],
                  "path" : "a.swift"
                }
              ],
              "id" : "\(made.id)",
              "timestamp" : "2026-01-23T14:30:00Z",
              "tool" : {
                "name" : "threadai",
                "version" : "1.4.0"
              },
              "vcs" : {
                "revision" : "\(Samples.commit)",
                "type" : "git"
              },
              "version" : "0.1.0"
            }

            """
        #expect(String(decoding: made.bytes, as: UTF8.self) == expected)
        // Pinned, as Python computes it from the compact JSON (sorted keys) without the id: a change to
        // how the id is named changes every record's id, so it must be deliberate.
        #expect(made.id == "8470bccd-4378-8560-87ae-e17274629342")
        let id = Array(made.id.utf8)
        #expect(made.id.count == 36 && id[14] == UInt8(ascii: "8") && "89ab".utf8.contains(id[19]))
        #expect(UUID(uuidString: made.id) != nil)
    }

    @Test("another date, tool version or attribution is another id; the id is not the clock's")
    func idFollowsContent() throws {
        let base = try record(Samples.attribution)
        var moved = Samples.attribution
        moved[0].lines = 51...53
        let ids = [
            base.id,
            try record(Samples.attribution, date: "2026-01-23T14:30:01Z").id,
            try record(Samples.attribution, version: "1.4.1").id,
            try record(moved).id,
            try record([]).id,
        ]
        #expect(Set(ids).count == ids.count)
    }

    @Test("a message's touching or overlapping ranges become one; a gap, another file or another message does not")
    func merging() throws {
        let (a, b) = (Samples.message(1), Samples.message(2))
        func range(_ path: String, _ lines: ClosedRange<Int>, _ message: ObjectID) -> AttributedRange {
            AttributedRange(path: path, lines: lines, message: message, thread: "main")
        }
        let merged = try AttributedRange.merged([
            range("f", 6...9, a), range("f", 3...5, a), range("f", 4...4, a), range("f", 11...12, a),
            range("f", 13...13, b), range("g", 10...10, a), range("f", 20...30, a), range("f", 25...40, a),
        ])
        #expect(merged.map { "\($0.path) \($0.lines) \($0.message == a ? "a" : "b")" } == [
            "f 3...9 a", "f 11...12 a", "f 13...13 b", "f 20...40 a", "g 10...10 a",
        ])
        #expect(throws: AgentTraceError.conflictingAttribution(path: "f", line: 5, messages: [a, b])) {
            try AttributedRange.merged([range("f", 1...10, a), range("f", 5...5, b)])
        }
    }

    @Test("thread names with any letter become valid URIs; message URIs are the MCP server's")
    func uris() {
        #expect(MessageURI.thread("team/ñu+x~y") == "threadai://thread/team/%C3%B1u%2Bx~y")
        #expect(MessageURI.message(Samples.message(1)) == "threadai://message/" + Samples.message(1).hex)
    }
}
