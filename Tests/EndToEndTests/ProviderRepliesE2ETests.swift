import Foundation
import Testing

/// The real binary against loopback servers that answer outside the happy path, as real ones do:
/// a refusal, an error in llama.cpp's own SSE field, a reply that is not a stream, a redirect, a
/// reply cut off at the output limit. What arrives is shown and stored honestly, and the user is
/// told what to do.
@Suite("Providers end to end: replies outside the happy path", .serialized)
struct ProviderRepliesE2ETests {
    static let openAIKey = "sk-proj-e2e-replies-00000000000000000000cccc"

    func openAI(_ server: StubProviderServer) -> [String: String] {
        ["OPENAI_API_KEY": Self.openAIKey, "OPENAI_BASE_URL": server.url + "/v1", "THREADAI_PROVIDER": "openai"]
    }

    func anthropic(_ server: StubProviderServer) -> [String: String] {
        ["ANTHROPIC_API_KEY": "sk-ant-api03-e2e-replies-0000000000000000dddd", "ANTHROPIC_BASE_URL": server.url]
    }

    func compatible(_ server: StubProviderServer) -> [String: String] {
        ["OPENAI_BASE_URL": server.url + "/v1", "THREADAI_PROVIDER": "openai-compatible", "THREADAI_MODEL": "local-model"]
    }

    /// A new repository beside a stub server that gives `responses` in order.
    struct Stage {
        let sandbox: CLISandbox
        let server: StubProviderServer

        init(_ responses: [StubResponse]) throws {
            sandbox = try CLISandbox.initialized()
            server = try StubProviderServer(responses, in: sandbox.folder)
        }

        /// `threadai send QUESTION` with the environment that points `provider` at the server.
        func send(_ question: String, through provider: (StubProviderServer) -> [String: String]) throws -> CLIResult {
            try sandbox.run(["send", question], environment: provider(server))
        }
    }

    @Test func anOpenAIRefusalIsShownAndStoredAsTheReply() throws {
        let stage = try Stage([try .fixture("openai-refusal")])
        let result = try stage.send("Explain how to pick a lock.", through: openAI)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "I'm sorry, I can't help with that.\n")
        let reply = try StoredObject.head(in: stage.sandbox.repository)
        #expect(reply.content == "I'm sorry, I can't help with that.")
        #expect(reply.fields["finish"] == "refusal")
    }

    @Test func llamaCppsErrorFieldAfterSomeTextKeepsThePartialReplyAndShowsTheMessage() throws {
        let stage = try Stage([try .fixture("openai-compatible-error-field")])
        let result = try stage.send("Summarise this long file", through: compatible)
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("The first half"))
        #expect(result.stderr.contains("llama_decode failed: out of memory"))
        let partial = try StoredObject.head(in: stage.sandbox.repository)
        #expect(partial.fields["finish"] == "error")
        #expect(partial.content == "The first half")
        #expect(partial.fields["error"]?.contains("out of memory") == true)
    }

    @Test func llamaCppsErrorFieldBeforeAnyTextKeepsTheQuestionAndShowsTheMessage() throws {
        let stage = try Stage([try .fixture("openai-compatible-error-field-first")])
        let result = try stage.send("Summarise this long file", through: compatible)
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stderr.contains("the request exceeds the available context size"))
        let head = try StoredObject.head(in: stage.sandbox.repository)
        #expect(head.fields["role"] == "user")
        #expect(head.content == "Summarise this long file")
        #expect(try stage.server.journal().count == 1, "an error the server will repeat is not retried")
    }

    @Test func anEmptyClaudeReplyIsNotedAndLeftOutOfTheNextRequest() throws {
        let stage = try Stage([try .fixture("anthropic-empty-refusal"), try .fixture("anthropic-hello")])
        let empty = try stage.send("first question", through: anthropic)
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stderr.contains("the model returned an empty reply (stop reason: refusal)"), "\(empty.stderr)")
        #expect(try StoredObject.head(in: stage.sandbox.repository).fields["finish"] == "refusal")

        let next = try stage.send("a different question", through: anthropic)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(!next.stderr.contains("empty reply"))
        let body = try #require(try stage.server.journal().last?["body"] as? String)
        let sent = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        let messages = try #require(sent["messages"] as? [[String: String]])
        #expect(messages == [["role": "user", "content": "first question"], ["role": "user", "content": "a different question"]])
    }

    @Test func aWholeJSONReplyFromAServerThatDoesNotStreamIsStoredAndAskedForOnce() throws {
        let completion = #"{"id":"chatcmpl-1","object":"chat.completion","created":1747000000,"model":"local-model","#
            + #""choices":[{"index":0,"message":{"role":"assistant","content":"A full non-streamed answer."},"finish_reason":"stop"}],"#
            + #""usage":{"prompt_tokens":5,"completion_tokens":6,"total_tokens":11}}"#
        let stage = try Stage([.json(200, completion), .json(200, completion)])
        let result = try stage.send("What is 2+2?", through: compatible)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "A full non-streamed answer.\n")
        let reply = try StoredObject.head(in: stage.sandbox.repository)
        #expect(reply.content == "A full non-streamed answer.")
        #expect(reply.fields["finish"] == "stop")
        #expect(reply.fields["output-tokens"] == "6")
        #expect(try stage.server.journal().count == 1)
    }

    @Test func aJSONErrorBodySentWithStatus200IsShownAndNotRetried() throws {
        let error = #"{"error":{"message":"model 'qwen2.5:7b' is still loading, try again in a few seconds","type":"server_error"}}"#
        let stage = try Stage([.json(200, error), .json(200, error)])
        let result = try stage.send("What is 2+2?", through: compatible)
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stderr.contains("is still loading, try again in a few seconds"))
        #expect(!result.stderr.contains("retrying"))
        #expect(try StoredObject.head(in: stage.sandbox.repository).fields["role"] == "user")
        #expect(try stage.server.journal().count == 1)
    }

    @Test func aRedirectIsNotFollowedAndNamesTheBaseURLToSet() throws {
        let redirect = StubResponse(status: 307, headers: ["Location": "/api/v1/chat/completions"])
        let stage = try Stage([redirect, try .fixture("openai-hello")])
        let result = try stage.send("hello", through: compatible)
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stderr.contains("redirect (HTTP 307) to \(stage.server.url)/api/v1/chat/completions"), "\(result.stderr)")
        #expect(result.stderr.contains("set the base URL (openai-compatible.base-url in the configuration, or OPENAI_BASE_URL) to \(stage.server.url)/api/v1."))
        #expect(try stage.server.journal().map { $0["path"] as? String } == ["/v1/chat/completions"])
    }

    static let mistral422 = StubResponse.json(
        422, #"{"object":"error","message":{"detail":[{"type":"extra_forbidden","loc":["body","stream_options","include_usage"],"#
            + #""msg":"Extra inputs are not permitted","input":true}]},"type":"invalid_request_error","param":null,"code":null}"#)

    @Test func aServerThatRefusesStreamOptionsIsAskedAgainWithoutThem() throws {
        let stage = try Stage([Self.mistral422, try .fixture("openai-hello")])
        let result = try stage.send("hello", through: compatible)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "nothing to say: \(result.stderr)")
        #expect(try StoredObject.head(in: stage.sandbox.repository).content.hasPrefix("Hello"))
        let bodies = try stage.server.journal().compactMap { $0["body"] as? String }
        #expect(bodies.count == 2)
        #expect(bodies.first?.contains("stream_options") == true)
        #expect(bodies.last?.contains("stream_options") == false)
    }

    @Test func aStructuredErrorMessageIsShown() throws {
        let stage = try Stage([Self.mistral422, Self.mistral422])
        let result = try stage.send("hello", through: compatible)
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stderr.contains(#"HTTP 422 invalid_request_error: {"detail":[{"input":true,"loc":["body","stream_options","include_usage"]"#),
                "\(result.stderr)")
        #expect(result.stderr.contains("Extra inputs are not permitted"))
    }

    @Test func anAPIKeyEchoedInTheReplyIsNeitherPrintedNorStored() throws {
        let half = Self.openAIKey.count / 2
        let echo = ["echo: authorization=Bearer " + String(Self.openAIKey.prefix(half)), String(Self.openAIKey.dropFirst(half)) + " (as received)"]
            .map { #"data: {"choices":[{"index":0,"delta":{"content":"\#($0)"},"finish_reason":null}]}"# + "\n\n" }
        let done = [#"data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"# + "\n\n", "data: [DONE]\n\n"]
        let stage = try Stage([StubResponse(chunks: echo + done)])
        let result = try stage.send("ping", through: openAI)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "echo: authorization=Bearer [REDACTED:api-key] (as received)\n")
        #expect(result.stderr.contains("the reply held the API key this request sent"))
        #expect(try StoredObject.head(in: stage.sandbox.repository).content == "echo: authorization=Bearer [REDACTED:api-key] (as received)")
        let fragment = String(Self.openAIKey.suffix(12))
        for (path, file) in try DirectorySnapshot(stage.sandbox.repository).entries where !file.isDirectory {
            #expect(!String(decoding: file.bytes, as: UTF8.self).contains(fragment), "the key is in .threadai/\(path)")
        }
        #expect(!result.stdout.contains(fragment) && !result.stderr.contains(fragment))
    }

    @Test func aCompatibleStreamClosedRightAfterItsFinishReasonIsStoredAsComplete() throws {
        var closed = try StubResponse.fixture("openai-finish-without-done")
        closed.end = "drop"
        let stage = try Stage([closed])
        let result = try stage.send("Hi", through: compatible)
        #expect(result.status == 0, "\(result.stderr)")
        let reply = try StoredObject.head(in: stage.sandbox.repository)
        #expect(reply.fields["finish"] == "stop")
        #expect(reply.fields["error"] == nil)
        #expect(reply.content == "Hello, world — ünïcödé ✓ 🧵\nSecond line.")
    }
}
