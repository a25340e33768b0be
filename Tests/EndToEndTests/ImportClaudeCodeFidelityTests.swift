import Foundation
import Testing

/// What real Claude Code sessions hold that the importer got wrong (issue 33): `system` lines taken
/// for prompts, one bad line refusing a whole folder, a late tool result taken for a fork.
@Suite("import claude-code: fidelity")
struct ImportClaudeCodeFidelityTests {
    typealias Shapes = ImportClaudeCodeShapesTests
    static let main = "claude-code/untitled-c45af7b1"

    static func system(_ uuid: String, parent: String?, subtype: String, content: String?) -> String {
        Shapes.line("system", uuid, parent: parent, #""subtype":"\#(subtype)","level":"info""# + (content.map { #","content":"\#($0)""# } ?? ""))
    }

    @Test("a bad line does not refuse the session or the folder: what is sound is imported, the rest replaced or left out, each noted with its cause")
    func badLines() throws {
        let sandbox = try CLISandbox.initialized()
        let folder = sandbox.work + "/project"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var session = Data((Shapes.user("u1", parent: nil, "hello") + "\n").utf8)
        // A tool output Node cut inside an emoji: the escape of half a surrogate pair.
        session += Data((Shapes.assistant("a1", parent: "u1", id: "m1", #"{"type":"text","text":"cut \ud83d here"}"#) + "\n").utf8)
        // A byte that is not UTF-8 inside a string.
        session += Data(Shapes.user("u2", parent: "a1", "bad BYTE").utf8).replacing(Data("BYTE".utf8), with: Data([0xFF])) + Data("\n".utf8)
        session += Data((Shapes.assistant("a2", parent: "u2", id: "m2", #"{"type":"text","text":"ok"}"#) + "\n").utf8)
        session += Data(#"{"type":"user","uuid":"u3","parentUu"#.utf8)  // cut at the end
        try session.write(to: URL(fileURLWithPath: folder + "/a.jsonl"))
        try ([ImportClaudeCodeFidelityTests.secondSession].joined() + "\n").write(toFile: folder + "/b.jsonl", atomically: false, encoding: .utf8)
        let result = try sandbox.succeed(["import", folder])
        #expect(result.stderr.contains("imported 2 conversations: 5 messages (5 new)"), "\(result.stderr)")
        #expect(result.stderr.contains("note: \(folder)/a.jsonl line 2: a lone surrogate escape (half of a character cut in two) read as U+FFFD"), "\(result.stderr)")
        #expect(result.stderr.contains("note: \(folder)/a.jsonl line 3: 1 invalid UTF-8 sequence replaced with U+FFFD"), "\(result.stderr)")
        #expect(result.stderr.contains("note: \(folder)/a.jsonl line 5: left out: not valid JSON at byte "), "\(result.stderr)")
        let log = try sandbox.succeed(["log", Self.main]).stdout
        #expect(log.contains("cut \u{FFFD} here"))
        #expect(log.contains("bad \u{FFFD}"))
    }

    static let secondSession = #"{"type":"user","uuid":"v1","parentUuid":null,"sessionId":"0b2e","timestamp":"2026-01-02T19:18:31.000Z","message":{"role":"user","content":"other"}}"#

    @Test("a parallel tool call's result written after the next turn began answers the reply with the others: no fork")
    func lateToolResult() throws {
        let sandbox = try CLISandbox.initialized()
        let file = sandbox.work + "/s.jsonl"
        try ([
            Shapes.user("u0", parent: nil, "Read two files"),
            Shapes.assistant("AAA", parent: "u0", id: "msg_1", #"{"type":"tool_use","id":"toolu_a","name":"Read","input":{}}"#),
            Shapes.assistant("BBB", parent: "AAA", id: "msg_1", #"{"type":"tool_use","id":"toolu_b","name":"Read","input":{}}"#),
            Shapes.toolResult("RA", parent: "AAA", for: "toolu_a"),
            Shapes.assistant("CCC", parent: "RA", id: "msg_2", #"{"type":"text","text":"Both read."}"#),
            Shapes.toolResult("RB", parent: "BBB", for: "toolu_b"),
            Shapes.user("u1", parent: "CCC", "thanks"),
        ].joined(separator: "\n") + "\n").write(toFile: file, atomically: false, encoding: .utf8)
        let result = try sandbox.succeed(["import", file])
        #expect(result.stderr.contains("imported 1 conversation: 6 messages (6 new), 0 forks"), "\(result.stderr)")
        let log = try sandbox.succeed(["log", "--reverse", Self.main]).stdout
        let order = ["Read two files", "toolu_a", "toolu_b", "Both read.", "thanks"].compactMap { log.range(of: $0)?.lowerBound }
        #expect(order.count == 5 && order == order.sorted(), "\(log)")
        try sandbox.succeed(["fsck"])
    }
}
