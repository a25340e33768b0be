import Foundation
import Testing

/// `threadai export claude-code` (docs/CLI.md, docs/FORMAT.md §4.6 "Exported sessions"): a fork whose
/// history came from a captured Claude Code session, written as a session Claude Code resumes, read
/// back by the importer as the same messages, and extended in place when the session goes on.
@Suite("export claude-code")
struct ExportClaudeCodeTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/export/claude-code/session.jsonl").path
    static let imported = "claude-code/ledger-rounding-7a3c9e10"
    static let fork = "ledger-fix"

    /// A repository holding the fixture session, and a fork of it that went on with a turn of its own
    /// (an offline reply); the fork exported. Returns the session file and its id.
    static func exported(_ sandbox: CLISandbox) throws -> (path: String, session: String) {
        try sandbox.succeed(["import", fixture])
        try sandbox.succeed(["checkout", "-b", fork, imported])
        try sandbox.succeed(["send", "And the tests?"])
        let result = try sandbox.succeed(["export", "claude-code", fork])
        let session = try #require(result.stdout.split(separator: " ").last.map { String($0.dropLast()) })
        #expect(result.stdout.hasSuffix("claude --resume \(session)\n"), "\(result)")
        let project = URL(fileURLWithPath: sandbox.work).resolvingSymlinksInPath().path
        let folder = sandbox.home + "/.claude/projects/" + String(project.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
        let path = folder + "/\(session).jsonl"
        #expect(FileManager.default.fileExists(atPath: path), "\(result)")
        #expect(result.stderr.contains("wrote 11 messages of \(fork) to \(path)"), "\(result)")
        return (path, session)
    }

    static func lines(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    /// The thread's messages, root first, as role and content.
    static func messages(_ sandbox: CLISandbox, _ thread: String) throws -> [String] {
        try JSON.array(try sandbox.succeed(["log", "--json", thread])).reversed().map { "\($0["role"] ?? ""): \($0["content"] ?? "")" }
    }

    @Test("every line has the keys and value shapes real transcripts' lines of its type have, and the chain and session id")
    func shapes() throws {
        let sandbox = try CLISandbox.initialized()
        let (path, session) = try Self.exported(sandbox)
        let exported = try Self.lines(path)
        #expect(exported.map { $0["type"] as? String } == ["user", "assistant", "assistant", "user", "assistant", "system", "user",
                                                            "assistant", "user", "assistant", "user", "assistant"])
        var parent: String?
        for line in exported {
            #expect(line["sessionId"] as? String == session)
            #expect(line["parentUuid"] as? String == parent)
            parent = line["uuid"] as? String
            #expect((line["threadai"] as? [String: Any])?["thread"] as? String == Self.fork)
        }
        #expect(Set(exported.compactMap { $0["uuid"] as? String }).count == exported.count)
        // The reply is two lines of one message: its text (the reasoning kept as the text it is stored
        // as: its signature was not kept), then its tool call as it was; then the result as it was.
        let reply = exported[1...2].map { $0["message"] as? [String: Any] }
        #expect(reply[0]?["id"] as? String != nil && reply[0]?["id"] as? String == reply[1]?["id"] as? String)
        let text = try #require((reply[0]?["content"] as? [[String: Any]])?.first?["text"] as? String)
        #expect(text == "```part:thoughts\nRead total() first.\n```\n\nLet me read the file.")
        let call = try #require(((exported[2]["message"] as? [String: Any])?["content"] as? [[String: Any]])?.first)
        #expect(call["id"] as? String == "toolu_01Read" && call["name"] as? String == "Read" && (call["caller"] as? [String: Any]) != nil)
        let result = try #require(((exported[3]["message"] as? [String: Any])?["content"] as? [[String: Any]])?.first)
        #expect(result["type"] as? String == "tool_result" && result["tool_use_id"] as? String == "toolu_01Read")
        Self.expectShapes(of: try Self.values(path), like: try Self.values(Self.fixture))
        // The transcripts real sessions wrote, when this machine has them.
        let real = CaptureTests.realExports
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: real).filter({ $0.hasSuffix(".jsonl") }), !names.isEmpty else {
            print("note: \(real) is absent: shapes compared with the fixture only")
            return
        }
        Self.expectShapes(of: try Self.values(path), like: try names.flatMap { try Self.values(real + "/" + $0) }, firstParentMayBeNull: true)
    }

    /// A JSON value as far as its shape goes (JSONDecoder tells `true` from `1`, which a decoded
    /// `NSNumber` does not on every platform).
    enum Value: Decodable {
        case null, bool, number, string(String), array([Value]), object([String: Value])

        init(from decoder: any Decoder) throws {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() { self = .null }
            else if (try? single.decode(Bool.self)) != nil { self = .bool }
            else if (try? single.decode(Double.self)) != nil { self = .number }
            else if let text = try? single.decode(String.self) { self = .string(text) }
            else if let elements = try? single.decode([Value].self) { self = .array(elements) }
            else { self = .object(try single.decode([String: Value].self)) }
        }

        var shape: String {
            switch self {
            case .null: "null"
            case .bool: "bool"
            case .number: "number"
            case .string: "string"
            case .array: "array"
            case .object: "object"
            }
        }

        subscript(key: String) -> Value? { if case .object(let members) = self { members[key] } else { nil } }
        var members: [String: Value] { if case .object(let members) = self { members } else { [:] } }
        var elements: [Value] { if case .array(let elements) = self { elements } else { [] } }
        var text: String? { if case .string(let text) = self { text } else { nil } }
    }

    static func values(_ path: String) throws -> [Value] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { try JSONDecoder().decode(Value.self, from: Data($0.utf8)) }
    }

    /// Each exported line, its `message` and its content blocks hold every key all reference lines (or
    /// messages, or blocks) of the same type hold, and only keys some of them hold, each with a value
    /// of a shape they give it (`threadai` aside: what the export adds, docs/FORMAT.md §4.6).
    static func expectShapes(of exported: [Value], like reference: [Value], firstParentMayBeNull: Bool = false) {
        func compare(_ objects: [Value], _ references: [Value], _ what: String, ignoring: Set<String> = []) {
            guard let first = references.first else {
                Issue.record("no reference \(what) to compare with")
                return
            }
            let required = references.dropFirst().reduce(Set(first.members.keys)) { $0.intersection($1.members.keys) }
            var shapes: [String: Set<String>] = [:]
            for each in references { for (key, value) in each.members { shapes[key, default: []].insert(value.shape) } }
            for object in objects {
                let keys = Set(object.members.keys)
                #expect(required.subtracting(keys).isEmpty, "\(what) lacks \(required.subtracting(keys)): \(object)")
                for (key, value) in object.members where !ignoring.contains(key) {
                    #expect(shapes[key]?.contains(value.shape) == true, "\(what) key \(key): \(value.shape), real: \(shapes[key] ?? [])")
                }
            }
        }
        for type in Set(exported.compactMap { $0["type"]?.text }) {
            let mine = exported.filter { $0["type"]?.text == type }
            let theirs = reference.filter { $0["type"]?.text == type }
            // A session's first line has no parent; in the real samples a hook's progress line came first.
            compare(mine, theirs, "\(type) line", ignoring: firstParentMayBeNull ? ["threadai", "parentUuid"] : ["threadai"])
            let messages = mine.compactMap { $0["message"] }
            let theirMessages = theirs.compactMap { $0["message"] }
            guard !messages.isEmpty else { continue }
            compare(messages, theirMessages, "\(type) message")
            let blocks = messages.flatMap { $0["content"]?.elements ?? [] }
            let theirBlocks = theirMessages.flatMap { $0["content"]?.elements ?? [] }
            for kind in Set(blocks.compactMap { $0["type"]?.text }) {
                compare(blocks.filter { $0["type"]?.text == kind }, theirBlocks.filter { $0["type"]?.text == kind }, "\(type) \(kind) block")
            }
        }
    }

    @Test("importing the exported session gives the thread's messages: here the same objects, nothing new; elsewhere the same roles and contents in order")
    func importsBack() throws {
        let sandbox = try CLISandbox.initialized()
        let (path, _) = try Self.exported(sandbox)
        let before = try CaptureTests.contents(sandbox)
        let imported = try sandbox.succeed(["import", "claude-code", path])
        #expect(imported.stderr.contains("11 messages (0 new), 0 forks, 0 threads created or moved"), "\(imported)")
        #expect(try CaptureTests.contents(sandbox) == before)

        let other = try CLISandbox.initialized()
        let elsewhere = try other.succeed(["import", "claude-code", path])
        #expect(elsewhere.stderr.contains("11 messages (11 new), 0 forks"), "\(elsewhere)")
        let thread = try #require(try other.succeed(["threads"]).stdout.split(separator: " ").first { $0.hasPrefix("claude-code/") }.map(String.init))
        #expect(try Self.messages(other, thread) == (try Self.messages(sandbox, Self.fork)))
    }

    @Test("a session that went on from the export, captured, extends the exported thread: no copy, no new thread, and the next turn goes on from it")
    func continuation() throws {
        let sandbox = try CLISandbox.initialized()
        let (path, session) = try Self.exported(sandbox)
        let head = try sandbox.succeed(["show", "--raw", Self.fork]).stdout
        let headID = try #require(try JSON.array(try sandbox.succeed(["log", "--json", "-n", "1", Self.fork])).first?["id"] as? String)
        let threads = try sandbox.succeed(["threads"]).stdout
        var last = try #require(try Self.lines(path).last?["uuid"] as? String)
        func turn(_ number: Int) throws {
            try Self.append(turn: number, below: last, to: path, session: session)
            last = "r\(number)"
        }
        try turn(1)
        let first = try sandbox.succeed(["capture", "--transcript", path])
        #expect(first.stderr.contains("2 new messages"), "\(first)")
        try turn(2)
        let second = try sandbox.succeed(["capture", "--transcript", path])
        #expect(second.stderr.contains("2 new messages"), "\(second)")
        #expect(try sandbox.succeed(["threads"]).stdout.split(separator: "\n").count == threads.split(separator: "\n").count)
        let log = try JSON.array(try sandbox.succeed(["log", "--json", Self.fork]))
        #expect(log.count == 15)
        #expect(log.prefix(4).map { $0["content"] as? String } == ["Went on 2.", "Go on 2", "Went on 1.", "Go on 1"])
        #expect(log.prefix(4).allSatisfy { $0["thread"] as? String == Self.fork })
        #expect(log[3]["parent"] as? String == headID)
        #expect(try sandbox.succeed(["show", "--raw", "\(Self.fork)~4"]).stdout == head)
        try sandbox.succeed(["fsck"])
    }

    /// Claude Code going on with the session: a question below `parent`, then its answer.
    static func append(turn number: Int, below parent: String, to path: String, session: String, prefix: String = "") throws {
        let common = #""isSidechain":false,"userType":"external","cwd":"/home/bob/ledger","sessionId":"\#(session)","version":"2.1.40","gitBranch":"main""#
        let lines = #"{"parentUuid":"\#(parent)",\#(common),"type":"user","message":{"role":"user","content":"Go on \#(prefix)\#(number)"},"uuid":"\#(prefix)q\#(number)","timestamp":"2026-03-01T10:00:00.000Z"}"#
            + "\n" + #"{"parentUuid":"\#(prefix)q\#(number)",\#(common),"type":"assistant","message":{"id":"msg_go\#(prefix)\#(number)","type":"message","role":"assistant","model":"claude-opus-4-6","content":[{"type":"text","text":"Went on \#(prefix)\#(number)."}],"stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}},"requestId":"req_go\#(prefix)\#(number)","uuid":"\#(prefix)r\#(number)","timestamp":"2026-03-01T10:00:05.000Z"}"# + "\n"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(lines.utf8))
        try handle.close()
    }

    @Test("resumed with hooks on: each Stop captures onto the exported thread, a rewind in the session is a fork of it, and the result is the import of the finished file")
    func hooks() throws {
        let sandbox = try CLISandbox.initialized()
        let (path, session) = try Self.exported(sandbox)
        let lastExported = try #require(try Self.lines(path).last?["uuid"] as? String)
        let threads = try sandbox.succeed(["threads"]).stdout.split(separator: "\n").count
        try Self.append(turn: 1, below: lastExported, to: path, session: session)
        try CaptureTests.hook(sandbox, path)
        try Self.append(turn: 2, below: "r1", to: path, session: session)
        try CaptureTests.hook(sandbox, path)
        // The user rewinds to the exported head and asks something else.
        try Self.append(turn: 1, below: lastExported, to: path, session: session, prefix: "x")
        try CaptureTests.hook(sandbox, path, event: "SessionEnd")
        let log = try JSON.array(try sandbox.succeed(["log", "--json", Self.fork]))
        #expect(log.prefix(4).map { $0["content"] as? String } == ["Went on 2.", "Go on 2", "Went on 1.", "Go on 1"])
        let fork = try JSON.array(try sandbox.succeed(["log", "--json", Self.fork + "-2"]))
        #expect(fork.prefix(2).map { $0["content"] as? String } == ["Went on x1.", "Go on x1"])
        #expect(fork.count == 13 && fork[2]["id"] as? String == log[4]["id"] as? String)
        #expect(try sandbox.succeed(["threads"]).stdout.split(separator: "\n").count == threads + 1)
        // Importing the finished file now writes nothing: the captures stored what it holds.
        let before = try CaptureTests.contents(sandbox)
        let imported = try sandbox.succeed(["import", "claude-code", path])
        #expect(imported.stderr.contains("(0 new)"), "\(imported)")
        #expect(try CaptureTests.contents(sandbox) == before)
        try sandbox.succeed(["fsck"])
    }

    @Test("bad input is refused with a clear error and writes nothing: no HOME, -o into a missing folder, -o with another form, an unknown thread")
    func refusals() throws {
        let sandbox = try CLISandbox.initialized(sending: "Hello")
        let noHome = try sandbox.run(["export", "claude-code"], environment: ["HOME": ""])
        #expect(noHome.status == 1 && noHome.stderr.contains("export claude-code needs HOME (or CLAUDE_CONFIG_DIR)"), "\(noHome)")
        let missing = try sandbox.run(["export", "claude-code", "-o", "gone/session.jsonl"])
        #expect(missing.status == 1 && missing.stderr.contains("cannot write gone/session.jsonl: its folder \(sandbox.work)/gone does not exist."), "\(missing)")
        let other = try sandbox.run(["export", "md", "-o", "x.md"])
        #expect(other.status == 2 && other.stderr.contains("-o FILE is for export claude-code only."), "\(other)")
        let unknown = try sandbox.run(["export", "claude-code", "nosuch"])
        #expect(unknown.status != 0 && unknown.stderr.contains("'nosuch' names no thread"), "\(unknown)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/.claude"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.work + "/x.md"))
        // The configured folder wins over HOME's, as in Claude Code; -o FILE writes there.
        let configured = try sandbox.succeed(["export", "claude-code"], environment: ["CLAUDE_CONFIG_DIR": sandbox.home + "/claude-config"])
        #expect(configured.stderr.contains(sandbox.home + "/claude-config/projects/"), "\(configured)")
        try sandbox.succeed(["export", "claude-code", "-o", "main.jsonl"])
        #expect(try Self.lines(sandbox.work + "/main.jsonl").count == 2)
    }
}
