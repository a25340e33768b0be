import Foundation
import Testing
import ThreadAIStore
import ThreadAITestSupport
@testable import ThreadAI

/// Attributions and records the Agent Trace tests share, and the schema validator they run.
enum AgentTraceSamples {
    static let commit = "0123456789abcdef0123456789abcdef01234567"
    static let sha256Commit = String(repeating: "4e", count: 32)

    static func message(_ number: UInt8) -> ObjectID {
        ObjectID.of([number])
    }

    static func date(_ text: String = "2026-01-23T14:30:00Z") throws -> Timestamp {
        try Timestamp(rfc3339: text)
    }

    /// Several files, messages, models and agents, given out of order and in pieces.
    static let attribution: [AttributedRange] = [
        AttributedRange(path: "src/parser.swift", lines: 50...52, message: message(2), thread: "main", model: "gpt-4o"),
        AttributedRange(path: "src/parser.swift", lines: 10...25, message: message(1), thread: "feature/parser",
                        model: "claude-opus-4-5-20251101", agent: "claude-code"),
        AttributedRange(path: "src/parser.swift", lines: 26...30, message: message(1), thread: "feature/parser",
                        model: "claude-opus-4-5-20251101", agent: "claude-code"),
        AttributedRange(path: "README.md", lines: 1...1, message: message(3), thread: "docs-café", model: "gemini-2.5-pro", agent: "gemini"),
        AttributedRange(path: "src/parser.swift", lines: 80...95, message: message(1), thread: "feature/parser",
                        model: "claude-opus-4-5-20251101", agent: "claude-code"),
        AttributedRange(path: "Sources/ü.swift", lines: 3...4, message: message(4), thread: "main", model: "llama3.2"),
        AttributedRange(path: "Sources/ü.swift", lines: 7...7, message: message(5), thread: "main"),
    ]

    /// Whether each record validates against `Fixtures/agent-trace/trace-record.schema.json`: the
    /// validator's line per record, `valid` or `invalid: …`. Skips the test without `jsonschema`.
    static func validate(_ records: [[UInt8]]) throws -> [String] {
        let python = try RequiredTool.jsonschema.require()
        try RequiredTool.require(.rfc3339Validator, .rfc3986Validator)
        let scratch = try ScratchFolder()
        var paths: [String] = []
        for (index, record) in records.enumerated() {
            paths.append(scratch.at("record-\(index).json"))
            try Data(record).write(to: URL(fileURLWithPath: paths[index]))
        }
        let run = try #require(ToolRun.run(python, [fixture("validate.py"), fixture("trace-record.schema.json")] + paths))
        let lines = run.outputText.split(separator: "\n").map(String.init)
        #expect([0, 1].contains(run.status), "\(run.outputText)\(run.errorText)")
        #expect(lines.count == records.count, "\(run.outputText)\(run.errorText)")
        return lines
    }

    static func fixture(_ name: String) -> String {
        PackageSources.root.appendingPathComponent("Fixtures/agent-trace/" + name).path
    }

    /// The record as a Foundation JSON object, to edit or look into.
    static func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    static func bytes(_ object: [String: Any]) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: object))
    }
}
