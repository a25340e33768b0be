import Foundation
import Testing
import ThreadAITestSupport

/// `threadai mcp` driven by the official MCP Python SDK's stdio client (Fixtures/mcp/sdk_client.py),
/// as Claude Code, Codex or a desktop app would drive it: it connects, initializes, lists tools,
/// templates and resources, calls each read tool and reads resources, and what it gets is what the
/// CLI prints for the same question. Skipped (with a line naming it) without the SDK; CI installs it.
@Suite("MCP server: the official Python SDK as client")
struct MCPSDKTests {
    @Test("the SDK connects, lists and calls every read tool; results equal the CLI's output", arguments: ["legacy", "auto"])
    func sdkClient(mode: String) throws {
        let python = try RequiredTool.mcpPythonSDK.require()
        let sandbox = try MCPServerTests.sandbox()
        let id = try sandbox.succeed(["log", "-n", "1", "--json", "side"])
        let head = try #require(try JSON.array(id).first?["id"] as? String)
        let calls: [(tool: String, arguments: [String: Any], cli: [String])] = [
            ("search", ["query": "retry"], ["context", "--digest", "retry", "-n", "5"]),
            ("list_threads", [:], ["threads"]),
            ("read_thread", ["revision": "side"], ["log", "--oneline", "-n", "20", "side"]),
            ("show_message", ["id": String(head.prefix(12))], ["show", String(head.prefix(12))]),
            ("thread_context", ["revision": "main"], ["context", "main"]),
            ("diff_forks", ["a": "main", "b": "side"], ["diff", "main", "side"]),
        ]
        let plan: [String: Any] = [
            "calls": calls.map { [$0.tool, $0.arguments] } + [["show_message", ["id": "nowhere"]], ["read_thread", ["limit": "x"]]],
            "reads": ["threadai://thread/side", "threadai://message/\(head)", "threadai://thread/nowhere"],
        ]
        let planPath = sandbox.folder.path + "/plan.json"
        try JSONSerialization.data(withJSONObject: plan).write(to: URL(fileURLWithPath: planPath))
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/mcp/sdk_client.py").path
        let run = try ExternalProgram.run(
            [python, script, try ThreadAIBinary.path(), sandbox.work, planPath, mode], environment: sandbox.environment([:]))
        #expect(run.status == 0, "\(run.output)")
        let lastLine = String(try #require(run.output.split(separator: "\n").last))
        let out = try #require(try JSONSerialization.jsonObject(with: Data(lastLine.utf8)) as? [String: Any])
        #expect(out["protocolVersion"] as? String == "2025-11-25")
        let tools = try #require(out["tools"] as? [[String: Any]])
        #expect(tools.count == 10)
        #expect(out["templates"] as? [String] == ["threadai://thread/{name}", "threadai://message/{id}"])
        #expect(out["resources"] as? [String] == ["threadai://thread/main", "threadai://thread/side"])
        let results = try #require(out["calls"] as? [[String: Any]])
        for (index, call) in calls.enumerated() {
            #expect(results[index]["isError"] as? Bool == false)
            let printed = try sandbox.succeed(call.cli).stdout
            #expect(results[index]["text"] as? String == printed, "\(call.tool)")
        }
        #expect(results[calls.count]["isError"] as? Bool == true)
        #expect((results[calls.count]["text"] as? String)?.contains("'nowhere' names no thread") == true)
        #expect((results[calls.count + 1]["protocolError"] as? String)?.contains("'limit'") == true)
        let reads = try #require(out["reads"] as? [[String: Any]])
        let thread = try sandbox.succeed(["log", "--reverse", "-n", "200", "side"]).stdout
        let message = try sandbox.succeed(["show", head]).stdout
        #expect(reads[0]["text"] as? String == thread)
        #expect(reads[1]["text"] as? String == message)
        #expect(reads[2]["protocolError"] != nil)
    }
}
