import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `threadai mcp` spoken to directly, line by line (JSON-RPC 2.0 over stdio): the handshake, each
/// tool answering with what the CLI prints, protocol errors for bad requests with the server still
/// answering after them, and a clean end when the client goes away.
@Suite("MCP server: the protocol")
struct MCPServerTests {
    /// A repository with a thread and a fork: the demo's.
    static func sandbox() throws -> CLISandbox {
        let sandbox = try CLISandbox.initialized(sending: "Where do retries go?", "And the backoff policy?")
        try sandbox.succeed(["checkout", "-b", "side", "HEAD~2"])
        try sandbox.succeed(["send", "Retry with jitter instead?"])
        return sandbox
    }

    static func request(_ id: Int, _ method: String, _ params: [String: Any] = [:]) -> String {
        line(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
    }

    static func call(_ id: Int, _ tool: String, _ arguments: [String: Any]) -> String {
        request(id, "tools/call", ["name": tool, "arguments": arguments])
    }

    static func line(_ object: [String: Any]) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
    }

    static let initialize = request(0, "initialize", ["protocolVersion": "2025-06-18", "capabilities": [:], "clientInfo": ["name": "test", "version": "1"]])

    /// Runs the server over `lines` (then end of input), in `directory` (the sandbox's work folder by
    /// default); its answers by id (null-id errors under -1).
    static func serve(
        _ lines: [String], in sandbox: CLISandbox, directory: String? = nil
    ) throws -> (answers: [Int: [String: Any]], result: CLIResult) {
        let result = try sandbox.run(["mcp"], stdin: lines.joined(separator: "\n") + "\n", in: directory)
        #expect(result.status == 0 && !result.signaled, "\(result)")
        var answers: [Int: [String: Any]] = [:]
        for line in result.stdout.split(separator: "\n") {
            // Standard output holds protocol messages only: every line one JSON-RPC object.
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            #expect(object["jsonrpc"] as? String == "2.0")
            answers[(object["id"] as? Int) ?? -1] = object
        }
        return (answers, result)
    }

    static func text(_ answer: [String: Any]?) -> String? {
        let content = (answer?["result"] as? [String: Any])?["content"] as? [[String: Any]]
        return content?.first?["text"] as? String
    }

    static func isError(_ answer: [String: Any]?) -> Bool? {
        (answer?["result"] as? [String: Any])?["isError"] as? Bool
    }

    static func errorCode(_ answer: [String: Any]?) -> Int? {
        (answer?["error"] as? [String: Any])?["code"] as? Int
    }

    @Test("initialize gives the version asked for when it is served, else the newest; tools carry schemas and hints")
    func handshake() throws {
        let sandbox = try Self.sandbox()
        let (answers, _) = try Self.serve([
            Self.initialize, Self.line(["jsonrpc": "2.0", "method": "notifications/initialized"]),
            Self.request(1, "initialize", ["protocolVersion": "1999-01-01"]), Self.request(2, "tools/list"), Self.request(3, "ping"),
        ], in: sandbox)
        let first = try #require(answers[0]?["result"] as? [String: Any])
        #expect(first["protocolVersion"] as? String == "2025-06-18")
        #expect((first["serverInfo"] as? [String: Any])?["name"] as? String == "threadai")
        #expect((answers[1]?["result"] as? [String: Any])?["protocolVersion"] as? String == "2025-11-25")
        let tools = try #require((answers[2]?["result"] as? [String: Any])?["tools"] as? [[String: Any]])
        let names = tools.compactMap { $0["name"] as? String }
        #expect(names == ["search", "list_threads", "read_thread", "show_message", "thread_context", "diff_forks", "code_history", "fork", "tag", "add_note"])
        for tool in tools {
            let schema = try #require(tool["inputSchema"] as? [String: Any])
            #expect(schema["type"] as? String == "object" && schema["properties"] is [String: Any])
            let readOnly = (tool["annotations"] as? [String: Any])?["readOnlyHint"] as? Bool
            #expect(readOnly == !["fork", "tag", "add_note"].contains(tool["name"] as? String ?? ""), "\(tool)")
        }
        #expect(answers[3]?["result"] is [String: Any])
        #expect(answers.count == 4)  // The notification got no answer.
    }

    @Test("each read tool answers with exactly what the CLI prints for the same question")
    func toolsMatchTheCLI() throws {
        let sandbox = try Self.sandbox()
        let (answers, _) = try Self.serve([
            Self.initialize,
            Self.call(1, "search", ["query": "retry backoff", "limit": 6]),
            Self.call(2, "list_threads", [:]),
            Self.call(3, "read_thread", ["revision": "main", "limit": 2]),
            Self.call(4, "show_message", ["id": "side"]),
            Self.call(5, "thread_context", ["revision": "side"]),
            Self.call(6, "diff_forks", ["a": "main", "b": "side"]),
            Self.call(7, "read_thread", ["revision": "main", "full": true]),
        ], in: sandbox)
        let expected: [Int: [String]] = [
            1: ["context", "--digest", "retry backoff", "-n", "6"], 2: ["threads"], 3: ["log", "--oneline", "-n", "2", "main"],
            4: ["show", "side"], 5: ["context", "side"], 6: ["diff", "main", "side"], 7: ["log", "-n", "20", "main"],
        ]
        for (id, arguments) in expected {
            let cli = try sandbox.succeed(arguments)
            #expect(Self.isError(answers[id]) == false)
            #expect(Self.text(answers[id]) == cli.stdout, "tool \(id) vs threadai \(arguments.joined(separator: " "))")
        }
        #expect(Self.text(answers[1])?.contains("Where do retries go?") == true)
    }

    @Test("bad requests get protocol errors and the server goes on answering; a failed tool says what the CLI says")
    func errorsKeepTheServerUp() throws {
        let sandbox = try Self.sandbox()
        let (answers, result) = try Self.serve([
            Self.initialize,
            "{not json",
            Self.request(1, "no/such/method"),
            Self.call(2, "read_thread", ["limit": "many"]),
            Self.call(3, "read_thread", ["colour": true]),
            Self.call(4, "no_such_tool", [:]),
            Self.call(5, "show_message", ["id": "missing-thread"]),
            Self.call(6, "search", [:]),
            "[]",
            Self.line(["jsonrpc": "2.0", "id": ["not", "an", "id"], "method": "ping"]),
            Self.request(7, "resources/read", ["uri": "threadai://thread/missing-thread"]),
            Self.request(8, "ping"),
        ], in: sandbox)
        #expect(Self.errorCode(answers[-1]) == -32600)  // The last null-id error: the bad id.
        #expect(Self.errorCode(answers[1]) == -32601)
        #expect(Self.errorCode(answers[2]) == -32602)
        #expect(((answers[2]?["error"] as? [String: Any])?["message"] as? String)?.contains("'limit'") == true)
        #expect(Self.errorCode(answers[3]) == -32602)
        #expect(Self.errorCode(answers[4]) == -32602)
        #expect(Self.errorCode(answers[6]) == -32602)
        let cli = try sandbox.run(["show", "missing-thread"])
        #expect(cli.status != 0)
        #expect(Self.isError(answers[5]) == true)
        #expect(Self.text(answers[5]) == cli.stderr.trimmingCharacters(in: .newlines))
        #expect(Self.errorCode(answers[7]) == -32002)
        #expect(answers[8]?["result"] is [String: Any])
        #expect(result.stdout.components(separatedBy: "-32700").count == 2, "\(result.stdout)")
    }

    @Test("write tools fork, tag and note without moving HEAD or asking a model")
    func writeTools() throws {
        let sandbox = try Self.sandbox()
        let head = try sandbox.succeed(["status"]).stdout
        let (answers, _) = try Self.serve([
            Self.initialize,
            Self.call(1, "fork", ["name": "from-agent", "at": "main~1"]),
            Self.call(2, "tag", ["name": "decision", "message": "main", "note": "we keep backoff"]),
            Self.call(3, "add_note", ["message": "side", "note": "jitter was rejected"]),
            Self.call(4, "fork", ["name": "from-agent", "at": "main"]),
        ], in: sandbox)
        for id in 1...3 { #expect(Self.isError(answers[id]) == false, "\(String(describing: answers[id]))") }
        #expect(try sandbox.succeed(["status"]).stdout == head)
        let main = try sandbox.succeed(["log", "-n", "1", "--oneline", "main~1"]).stdout
        #expect(try sandbox.succeed(["log", "-n", "1", "--oneline", "from-agent"]).stdout == main)
        let tags = try sandbox.succeed(["tag", "-l"]).stdout
        #expect(tags.contains("decision") && tags.contains("we keep backoff"))
        #expect(tags.contains("note/") && tags.contains("jitter was rejected"))
        // A name in use: the CLI's refusal, as a failed tool, and nothing changed.
        #expect(Self.isError(answers[4]) == true)
        #expect(try sandbox.succeed(["log", "-n", "1", "--oneline", "from-agent"]).stdout == main)
    }

    @Test("a client that sends a request and goes away at once: the server ends cleanly, nothing on a closed pipe kills it")
    func clientGoesAway() throws {
        let sandbox = try Self.sandbox()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ThreadAIBinary.path())
        process.arguments = ["mcp"]
        process.currentDirectoryURL = URL(fileURLWithPath: sandbox.work)
        process.environment = sandbox.environment([:])
        let input = Pipe(), output = Pipe()
        (process.standardInput, process.standardOutput, process.standardError) = (input, output, FileHandle.nullDevice)
        try process.run()
        input.fileHandleForWriting.write(Data((Self.initialize + "\n" + Self.call(1, "read_thread", ["full": true]) + "\n").utf8))
        try output.fileHandleForReading.close()
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }
}
