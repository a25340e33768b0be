import Foundation
import Testing
import ThreadAIStore
@testable import ThreadAI

/// `AgentTraceRecord.read`: any tool's Agent Trace record back as ranges, checked as the schema
/// requires, and ThreadAI's own records read back as they were built.
@Suite("Agent Trace records: reading")
struct AgentTraceReadingTests {
    typealias Samples = AgentTraceSamples

    private func otherTool() throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: Samples.fixture("other-tool-record.json"))))
    }

    @Test("another tool's record (valid by the schema) reads as its ranges, contributors resolved per range")
    func readsAnotherToolsRecord() throws {
        #expect(try Samples.validate([try otherTool()]) == ["valid"])
        let reading = try AgentTraceRecord.read(try otherTool())
        #expect(reading.version == "0.1.0")
        #expect(reading.id == "3f1c9a52-7d0e-4b8a-9c61-2e5f8d7b4a10")
        #expect(reading.timestamp == "2026-02-03T09:15:42.250+01:00")
        #expect(reading.vcs?.type == "jj" && reading.vcs?.revision == "qpvuntsm")
        #expect(reading.toolName == "some-agent")
        let conversation = "https://agents.example.org/conversations/c-41"
        #expect(reading.ranges == [
            TracedRange(path: "lib/lexer.rs", lines: 12...40, contributor: .ai, modelID: "anthropic/claude-sonnet-4-20250514",
                        url: conversation, message: nil, contentHash: "murmur3:01ab23cd"),
            TracedRange(path: "lib/lexer.rs", lines: 55...55, contributor: .mixed, modelID: nil, url: conversation, message: nil, contentHash: nil),
            TracedRange(path: "lib/lexer.rs", lines: 1...3, contributor: .unknown, modelID: nil, url: nil, message: nil, contentHash: nil),
            TracedRange(path: "README.md", lines: 7...9, contributor: .human, modelID: nil,
                        url: "threadai://message/" + Samples.message(1).hex, message: Samples.message(1), contentHash: nil),
        ])
    }

    @Test("ThreadAI's own record reads back as the merged attribution it was built from")
    func roundTrip() throws {
        let bytes = try AgentTraceRecord.bytes(
            commit: Samples.commit, committerDate: try Samples.date(), toolVersion: "1.4.0", attribution: Samples.attribution)
        let reading = try AgentTraceRecord.read(bytes)
        #expect(reading.id == (try Samples.object(bytes))["id"] as? String)
        #expect(reading.timestamp == "2026-01-23T14:30:00Z" && reading.vcs?.revision == Samples.commit && reading.toolName == "threadai")
        let merged = try AttributedRange.merged(Samples.attribution)
        // The record groups a file's ranges by message, so compare as sets of (path, lines, message, model).
        let read = Set(reading.ranges.map { "\($0.path) \($0.lines) \($0.message?.short ?? "-") \($0.modelID ?? "-") \($0.contributor)" })
        let built = Set(merged.map { "\($0.path) \($0.lines) \($0.message.short) \(AgentTraceModelID.of(storedModel: $0.model) ?? "-") ai" })
        #expect(read == built)
        #expect(reading.ranges.count == merged.count)
    }

    @Test("a record the schema refuses is an error naming the place, never a partial reading")
    func refusesInvalidRecords() throws {
        func reading(_ text: String) -> AgentTraceError? {
            do {
                _ = try AgentTraceRecord.read(Array(text.utf8))
                return nil
            } catch {
                return error
            }
        }
        let head = #""version": "0.1.0", "id": "3f1c9a52-7d0e-4b8a-9c61-2e5f8d7b4a10", "timestamp": "2026-02-03T09:15:42Z""#
        func files(_ ranges: String, contributor: String = #"{"type": "ai"}"#) -> String {
            #"{\#(head), "files": [{"path": "a", "conversations": [{"contributor": \#(contributor), "ranges": [\#(ranges)]}]}]}"#
        }
        #expect(reading(files(#"{"start_line": 1, "end_line": 2}"#)) == nil)
        #expect(reading(#"{\#(head)}"#) == .invalidRecord(location: "files", expected: "present (it is required)"))
        #expect(reading(#"{\#(head), "files": {}}"#) == .invalidRecord(location: "files", expected: "an array"))
        #expect(reading(files(#"{"start_line": 0, "end_line": 2}"#))
            == .invalidRecord(location: "files[0].conversations[0].ranges[0].start_line", expected: "an integer of 1 or more"))
        #expect(reading(files(#"{"start_line": 1, "end_line": 2}, {"start_line": 5, "end_line": 4}"#))
            == .invalidRecord(location: "files[0].conversations[0].ranges[1].end_line", expected: "a line at or after start_line"))
        #expect(reading(files(#"{"start_line": 1, "end_line": 2.5}"#))
            == .invalidRecord(location: "files[0].conversations[0].ranges[0].end_line", expected: "an integer of 1 or more"))
        #expect(reading(files(#"{"start_line": 1, "end_line": 2}"#, contributor: #"{"type": "robot"}"#))
            == .invalidRecord(location: "files[0].conversations[0].contributor.type", expected: "one of human, ai, mixed, unknown"))
        #expect(reading(files(#"{"start_line": 1, "end_line": 2}"#).replacingOccurrences(of: "0.1.0", with: "1.0.0"))
            == .invalidRecord(location: "version", expected: "a 0.x.y version (Agent Trace 0.1.0 is read)"))
        #expect(reading("[1, 2]") == .invalidRecord(location: "the record", expected: "an object"))
        if case .invalidRecord(let location, _)? = reading(#"{"version": "0.1.0"} trailing"#) {
            #expect(location == "the text")
        } else {
            Issue.record("text after the document was accepted")
        }
    }
}
