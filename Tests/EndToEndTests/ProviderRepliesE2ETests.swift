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

    func compatible(_ server: StubProviderServer) -> [String: String] {
        ["OPENAI_BASE_URL": server.url + "/v1", "THREADAI_PROVIDER": "openai-compatible", "THREADAI_MODEL": "local-model"]
    }

    @Test func anOpenAIRefusalIsShownAndStoredAsTheReply() throws {
        let sandbox = try CLISandbox.initialized()
        let server = try StubProviderServer([try .fixture("openai-refusal")], in: sandbox.folder)
        let result = try sandbox.run(["send", "Explain how to pick a lock."], environment: openAI(server))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "I'm sorry, I can't help with that.\n")
        let reply = try StoredObject.head(in: sandbox.repository)
        #expect(reply.content == "I'm sorry, I can't help with that.")
        #expect(reply.fields["finish"] == "refusal")
    }

    @Test func llamaCppsErrorFieldAfterSomeTextKeepsThePartialReplyAndShowsTheMessage() throws {
        let sandbox = try CLISandbox.initialized()
        let server = try StubProviderServer([try .fixture("openai-compatible-error-field")], in: sandbox.folder)
        let result = try sandbox.run(["send", "Summarise this long file"], environment: compatible(server))
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("The first half"))
        #expect(result.stderr.contains("llama_decode failed: out of memory"))
        let partial = try StoredObject.head(in: sandbox.repository)
        #expect(partial.fields["finish"] == "error")
        #expect(partial.content == "The first half")
        #expect(partial.fields["error"]?.contains("out of memory") == true)
    }

    @Test func llamaCppsErrorFieldBeforeAnyTextKeepsTheQuestionAndShowsTheMessage() throws {
        let sandbox = try CLISandbox.initialized()
        let server = try StubProviderServer([try .fixture("openai-compatible-error-field-first")], in: sandbox.folder)
        let result = try sandbox.run(["send", "Summarise this long file"], environment: compatible(server))
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stderr.contains("the request exceeds the available context size"))
        let head = try StoredObject.head(in: sandbox.repository)
        #expect(head.fields["role"] == "user")
        #expect(head.content == "Summarise this long file")
        #expect(try server.journal().count == 1, "an error the server will repeat is not retried")
    }
}
