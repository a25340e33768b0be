import Foundation
import Testing

/// Shapes real Claude Code project folders hold beside the plain session (docs/CLI.md, `import`):
/// hook lines as roots, links to lines the file never got, parallel tool calls, summary-only files,
/// subagent transcripts.
@Suite("import claude-code: real shapes")
struct ImportClaudeCodeShapesTests {
    static let session = "c45af7b1-cb7c-4e51-93db-8cbb250a877a"

    /// One session line: `fields` is the rest of the JSON object, without braces.
    static func line(_ type: String, _ uuid: String, parent: String?, _ fields: String) -> String {
        let parentValue = parent.map { "\"\($0)\"" } ?? "null"
        return #"{"type":"\#(type)","uuid":"\#(uuid)","parentUuid":\#(parentValue),"sessionId":"\#(session)","timestamp":"2026-01-02T19:18:31.000Z",\#(fields)}"#
    }

    static func user(_ uuid: String, parent: String?, _ text: String) -> String {
        line("user", uuid, parent: parent, #""message":{"role":"user","content":"\#(text)"}"#)
    }

    static func assistant(_ uuid: String, parent: String?, id: String, _ block: String) -> String {
        line("assistant", uuid, parent: parent, #""message":{"id":"\#(id)","role":"assistant","model":"m","content":[\#(block)]}"#)
    }

    static func toolResult(_ uuid: String, parent: String, for call: String) -> String {
        line("user", uuid, parent: parent, #""message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"\#(call)","content":"ok"}]}"#)
    }

    func importing(_ lines: [String], name: String = "s.jsonl", in sandbox: CLISandbox) throws -> CLIResult {
        let file = sandbox.work + "/" + name
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: false, encoding: .utf8)
        return try sandbox.succeed(["import", file])
    }

    @Test("a hook's attachment line at the root passes its child through: the question is the root")
    func hookAttachmentRoot() throws {
        let sandbox = try CLISandbox.initialized()
        let result = try importing([
            #"{"type":"permission-mode","permissionMode":"default","sessionId":"\#(Self.session)"}"#,
            Self.line("attachment", "hook-1", parent: nil, #""attachment":{"type":"hook_success","hookEvent":"SessionStart"}"#),
            Self.user("u1", parent: "hook-1", "explain the audit flow"),
            Self.assistant("a1", parent: "u1", id: "msg_1", #"{"type":"text","text":"It runs locally."}"#),
        ], in: sandbox)
        #expect(result.stderr.contains("imported 1 conversation: 2 messages (2 new), 0 forks"))
        let root = try sandbox.succeed(["show", "--raw", "claude-code/untitled-c45af7b1~1"]).stdout
        #expect(root.hasPrefix("---\nthread: "))  // no parent line: the root
        #expect(root.contains("explain the audit flow"))
    }

    @Test("a line whose parent the file never got follows the message line before it, and the summary says so")
    func danglingParent() throws {
        let sandbox = try CLISandbox.initialized()
        let result = try importing([
            Self.user("u1", parent: nil, "first question"),
            Self.assistant("a1", parent: "u1", id: "msg_1", #"{"type":"text","text":"first answer"}"#),
            Self.user("u2", parent: "0f0e0d0c-never-written", "second question"),
            Self.assistant("a2", parent: "u2", id: "msg_2", #"{"type":"text","text":"second answer"}"#),
        ], in: sandbox)
        #expect(result.stderr.contains("note: \(sandbox.work)/s.jsonl: 1 line named a parent the file does not hold"))
        #expect(result.stderr.contains("4 messages (4 new), 0 forks"))
        let log = try sandbox.succeed(["log", "--oneline", "claude-code/untitled-c45af7b1"]).stdout
        #expect(log.split(separator: "\n").count == 4)
    }

    @Test("the results of parallel tool calls answer the reply in turn: no fork")
    func parallelToolCalls() throws {
        let sandbox = try CLISandbox.initialized()
        let result = try importing([
            Self.user("u0", parent: nil, "Write 2 files in parallel"),
            Self.assistant("AAA", parent: "u0", id: "msg_1", #"{"type":"thinking","thinking":"two writes"}"#),
            Self.assistant("BBB", parent: "AAA", id: "msg_1", #"{"type":"tool_use","id":"toolu_a","name":"Write","input":{}}"#),
            Self.assistant("CCC", parent: "BBB", id: "msg_1", #"{"type":"tool_use","id":"toolu_b","name":"Write","input":{}}"#),
            Self.toolResult("DDD", parent: "BBB", for: "toolu_a"),
            Self.toolResult("EEE", parent: "CCC", for: "toolu_b"),
            Self.assistant("FFF", parent: "EEE", id: "msg_2", #"{"type":"text","text":"Created both files."}"#),
        ], in: sandbox)
        #expect(result.stderr.contains("imported 1 conversation: 5 messages (5 new), 0 forks"))
        let log = try sandbox.succeed(["log", "claude-code/untitled-c45af7b1"]).stdout
        #expect(log.contains("toolu_a"))
        #expect(log.contains("toolu_b"))
    }

    @Test("a project folder: a file of summaries alone is skipped, each subagent transcript is a thread of its own")
    func projectFolder() throws {
        let sandbox = try CLISandbox.initialized()
        let folder = sandbox.work + "/project"
        try FileManager.default.createDirectory(atPath: folder + "/\(Self.session)/subagents", withIntermediateDirectories: true)
        try (#"{"type":"summary","summary":"Old work","leafUuid":"x"}"# + "\n").write(toFile: folder + "/0a-summary.jsonl", atomically: false, encoding: .utf8)
        try ([Self.user("u1", parent: nil, "Explore the repo"), Self.assistant("a1", parent: "u1", id: "m1", #"{"type":"text","text":"Two agents."}"#)]
            .joined(separator: "\n") + "\n").write(toFile: folder + "/\(Self.session).jsonl", atomically: false, encoding: .utf8)
        for agent in ["a2ea5ba", "b77c0de"] {
            let lines = [
                #"{"type":"user","uuid":"\#(agent)-u","parentUuid":null,"isSidechain":true,"agentId":"\#(agent)","sessionId":"\#(Self.session)","timestamp":"2026-01-02T19:18:32.000Z","message":{"role":"user","content":"task \#(agent)"}}"#,
                #"{"type":"assistant","uuid":"\#(agent)-a","parentUuid":"\#(agent)-u","isSidechain":true,"agentId":"\#(agent)","sessionId":"\#(Self.session)","timestamp":"2026-01-02T19:18:33.000Z","message":{"id":"m-\#(agent)","role":"assistant","content":[{"type":"text","text":"done"}]}}"#,
            ]
            try (lines.joined(separator: "\n") + "\n").write(toFile: folder + "/\(Self.session)/subagents/agent-\(agent).jsonl", atomically: false, encoding: .utf8)
        }
        let result = try sandbox.succeed(["import", folder])
        #expect(result.stderr.contains("skipped \(folder)/0a-summary.jsonl: no message line, only 1 summary line"))
        #expect(result.stderr.contains("imported 3 conversations: 6 messages (6 new), 0 forks, 3 threads created or moved"))
        let threads = try sandbox.succeed(["threads"]).stdout
        #expect(threads.contains("claude-code/untitled-c45af7b1-agent-a2ea5ba "))
        #expect(threads.contains("claude-code/untitled-c45af7b1-agent-b77c0de "))
        let again = try sandbox.succeed(["import", folder])
        #expect(again.stderr.contains("6 messages (0 new), 0 forks, 0 threads created or moved"))
    }
}

extension ImportClaudeCodeShapesTests {
    @Test("newer sessions are titled by their first custom-title, else summary, else ai-title line")
    func titleLines() throws {
        let sandbox = try CLISandbox.initialized()
        let ai = #"{"type":"ai-title","aiTitle":"Explore the code","sessionId":"\#(Self.session)"}"#
        let later = #"{"type":"ai-title","aiTitle":"A later title","sessionId":"\#(Self.session)"}"#
        _ = try importing([Self.user("u1", parent: nil, "hello"), ai, later], name: "a.jsonl", in: sandbox)
        #expect(try sandbox.succeed(["threads"]).stdout.contains("claude-code/explore-the-code-c45af7b1 "))
        let custom = #"{"type":"custom-title","customTitle":"My name for it","sessionId":"\#(Self.session)"}"#
        let other = try CLISandbox.initialized()
        _ = try importing([Self.user("u1", parent: nil, "hello"), ai, custom], name: "b.jsonl", in: other)
        #expect(try other.succeed(["threads"]).stdout.contains("claude-code/my-name-for-it-c45af7b1 "))
    }
}
