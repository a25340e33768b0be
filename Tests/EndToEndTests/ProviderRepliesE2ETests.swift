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
}
