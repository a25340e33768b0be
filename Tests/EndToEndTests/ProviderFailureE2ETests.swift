import Foundation
import Testing
import ThreadAITestSupport

/// The real binary against a loopback server that fails: exit status 5, the user's message kept,
/// partial replies marked, retries, `threadai retry`, and an API key that never leaks.
@Suite("Providers end to end: failures, retry and key hygiene", .serialized, .slow)
struct ProviderFailureE2ETests {
    static let canary = "sk-ant-api03-CANARY-7f3c9e1d2b4a6f8e0c1dZZZZ"
    static let canaryFragment = "7f3c9e1d2b4a"

    /// The start of a recorded Anthropic stream, up to and including its first text ("Hello").
    static func anthropicOpening() throws -> [String] {
        Array(try StubResponse.fixture("anthropic-hello").chunks.prefix(4))
    }

    static func anthropicError(_ type: String, _ message: String) -> String {
        "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"\(type)\",\"message\":\"\(message)\"}}\n\n"
    }

    func environment(_ server: StubProviderServer) -> [String: String] {
        ["ANTHROPIC_API_KEY": Self.canary, "ANTHROPIC_BASE_URL": server.url]
    }

    @Test func serverErrorMidStreamExits5KeepingTheMessageAndThePartialReply() throws {
        let sandbox = try CLISandbox.initialized()
        let failing = StubResponse(chunks: try Self.anthropicOpening() + [Self.anthropicError("api_error", "Internal server error")])
        let server = try StubProviderServer([failing], in: sandbox.folder)
        let result = try sandbox.run(["send", "What is a Merkle tree?"], environment: environment(server))
        #expect(result.status == 5)
        #expect(result.stdout == "Hello\n")
        #expect(result.stderr.contains("api_error"))
        #expect(result.stderr.contains("threadai retry"))
        let partial = try StoredObject.head(in: sandbox.repository)
        #expect(partial.fields["finish"] == "error")
        #expect(partial.fields["error"]?.contains("api_error") == true)
        #expect(partial.content == "Hello")
        let user = try #require(try StoredObject.all(in: sandbox.repository).first { $0.fields["role"] == "user" })
        #expect(user.content == "What is a Merkle tree?")
        #expect(partial.fields["parent"] == user.id)
    }

    @Test("Ctrl-C, SIGTERM and SIGHUP while streaming keep what arrived, marked interrupted; exit 128 + signal",
          arguments: [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129)] as [(Int32, Int32)])
    func signalWhileStreamingKeepsWhatArrivedMarkedInterrupted(_ stop: Int32, _ expectedStatus: Int32) throws {
        let sandbox = try CLISandbox.initialized()
        let stalling = try StubResponse.stalling("openai-hello", after: 3)
        let server = try StubProviderServer([stalling], in: sandbox.folder)
        let result = try sandbox.run(
            ["send", "--provider", "openai", "Hi"],
            environment: ["OPENAI_API_KEY": Self.canary, "OPENAI_BASE_URL": server.url + "/v1"],
            interruptAfterOutput: "Hello", stopSignal: stop)
        #expect(!result.signaled, "the signal must stop the reply, not kill the process")
        #expect(result.status == expectedStatus, "\(result)")
        #expect(result.stderr.contains("interrupted"))
        let partial = try StoredObject.head(in: sandbox.repository)
        #expect(partial.fields["finish"] == "interrupted")
        #expect(partial.content.hasPrefix("Hello"))
        #expect(partial.fields["role"] == "assistant")
        let user = try #require(try StoredObject.all(in: sandbox.repository).first { $0.fields["role"] == "user" })
        #expect(partial.fields["parent"] == user.id)
        #expect(try sandbox.run(["fsck"]).status == 0)
    }

    @Test func connectionDroppedMidStreamKeepsThePartialReply() throws {
        let sandbox = try CLISandbox.initialized()
        var dropped = try StubResponse.fixture("openai-hello")
        dropped.chunks = Array(dropped.chunks.prefix(3))
        dropped.end = "drop"
        let server = try StubProviderServer([dropped], in: sandbox.folder)
        let result = try sandbox.run(
            ["send", "--provider", "openai", "Hi"],
            environment: ["OPENAI_API_KEY": Self.canary, "OPENAI_BASE_URL": server.url + "/v1"])
        #expect(result.status == 5, "\(result.stderr)")
        let partial = try StoredObject.head(in: sandbox.repository)
        #expect(partial.fields["finish"] == "error")
        #expect(partial.content == "Hello, world — ünïcödé ✓ 🧵")
        #expect(try server.journal().count == 1)
    }

    @Test func aServerErrorBeforeAnyTextIsRetriedAndTheRetryIsShown() throws {
        let sandbox = try CLISandbox.initialized()
        let server = try StubProviderServer([
            .json(500, #"{"type":"error","error":{"type":"api_error","message":"Internal server error"}}"#,
                  headers: ["retry-after-ms": "5"]),
            try .fixture("anthropic-hello"),
        ], in: sandbox.folder)
        let result = try sandbox.run(["send", "Hi"], environment: environment(server))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("threadai: retrying in"))
        #expect(result.stderr.contains("500"))
        #expect(try server.journal().count == 2)
        #expect(try StoredObject.head(in: sandbox.repository).fields["finish"] == "end_turn")
    }

    @Test func retryAfterAFailureStoresExactlyOneUserMessage() throws {
        let sandbox = try CLISandbox.initialized()
        let failing = StubResponse(chunks: try Self.anthropicOpening() + [Self.anthropicError("overloaded_error", "Overloaded")])
        let first = try StubProviderServer([failing], in: sandbox.folder)
        #expect(try sandbox.run(["send", "Question"], environment: environment(first)).status == 5)
        let partial = try StoredObject.head(in: sandbox.repository)

        let second = try StubProviderServer([try .fixture("anthropic-hello")], in: sandbox.folder)
        let retried = try sandbox.run(["retry"], environment: environment(second))
        #expect(retried.status == 0, "\(retried.stderr)")
        #expect(retried.stdout.hasSuffix("Second line.\n"))
        let objects = try StoredObject.all(in: sandbox.repository)
        #expect(objects.filter { $0.fields["role"] == "user" }.count == 1)
        let reply = try StoredObject.head(in: sandbox.repository)
        #expect(reply.fields["finish"] == "end_turn")
        #expect(reply.fields["parent"] == partial.fields["parent"])
        #expect(objects.contains { $0.id == partial.id })
        let reflog = try String(contentsOfFile: sandbox.repository + "/logs/threads/main", encoding: .utf8)
        #expect(reflog.contains(partial.id))
        // The sent context holds the user message once, and not the partial reply.
        let body = try #require(try second.journal().first?["body"] as? String)
        #expect(body.components(separatedBy: "Question").count == 2)
        #expect(!body.contains("\"assistant\""))

        let again = try sandbox.run(["retry"], environment: environment(second))
        #expect(again.status == 1)
        #expect(again.stderr.contains("complete reply"))
    }

    @Test func theCanaryKeyAppearsNowhereAfterARunFullOfFailures() throws {
        let sandbox = try CLISandbox.initialized()
        #expect(try sandbox.run(["config", "set", "retry.max", "1"]).status == 0)
        let masked = "sk-ant-api03-CAN...ZZZZ"
        let echo = "invalid x-api-key: \(Self.canary) (\(masked)); Authorization: Bearer \(Self.canary)"
        let opening = try Self.anthropicOpening()
        let server = try StubProviderServer([
            .json(401, #"{"type":"error","error":{"type":"authentication_error","message":"\#(echo)"}}"#),
            .json(500, #"{"type":"error","error":{"type":"api_error","message":"\#(echo)"}}"#, headers: ["retry-after-ms": "5"]),
            .json(529, #"{"type":"error","error":{"type":"overloaded_error","message":"\#(echo)"}}"#, headers: ["retry-after": "0"]),
            StubResponse(chunks: opening + [Self.anthropicError("api_error", echo)]),
            StubResponse(chunks: opening + ["event: content_block_delta\ndata: {\"broken\": \(Self.canary)\n\n"]),
            StubResponse(chunks: opening, end: "drop"),
        ], in: sandbox.folder)
        var outputs: [String] = []
        for text in ["one", "two", "three", "four", "five"] {
            let result = try sandbox.run(["send", text], environment: environment(server))
            #expect(result.status == 5, "\(text): \(result.stderr)")
            outputs += [result.stdout, result.stderr]
        }
        #expect(try server.journal().count == 6)
        for command in [["status"], ["log"], ["show"], ["context", "--json"], ["config", "list"], ["keys", "list"], ["fsck"],
                        ["threads"], ["retry", "--provider", "offline"]] {
            let result = try sandbox.run(command, environment: environment(server))
            outputs += [result.stdout, result.stderr]
        }
        for output in outputs {
            #expect(!output.contains(Self.canary))
            #expect(!output.contains(Self.canaryFragment))
        }
        let files = try DirectorySnapshot(sandbox.repository).entries.filter { !$0.value.isDirectory }
        #expect(files.keys.contains { $0.hasPrefix("logs/") })
        for (path, file) in files {
            let text = String(decoding: file.bytes, as: UTF8.self)
            #expect(!text.contains(Self.canaryFragment), "the key leaked into .threadai/\(path)")
        }
        #expect(try StoredObject.all(in: sandbox.repository).filter { $0.fields["finish"] == "error" }.count == 3)
    }
}
