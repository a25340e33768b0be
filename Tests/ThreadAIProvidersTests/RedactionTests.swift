import Foundation
import Testing
@testable import ThreadAIProviders

@Suite("Keys never leak")
struct RedactionTests {
    static let key = "sk-ant-api03-SECRETSECRETSECRET-abcd"

    @Test("a credential prints masked however it is printed")
    func credentialPrinting() throws {
        let credential = try #require(Credential("  \(Self.key)\n"))
        var dumped = ""
        dump(credential, to: &dumped)
        for text in [credential.description, credential.debugDescription, "\(credential)", String(reflecting: credential), dumped] {
            #expect(!text.contains("SECRET"), "\(text)")
        }
        #expect(credential.masked == "••••abcd")
        #expect(credential.secret == Self.key, "whitespace around a pasted key is trimmed")
        #expect(Credential("   ") == nil)
        #expect(Credential("short")?.masked == "••••")
    }

    @Test("known keys and their masked echoes are removed", arguments: [
        "Invalid key \(key) given",
        "x-api-key: \(key)",
        "Incorrect API key provided: sk-ant-api03-****************abcd.",
        "key sk-ant-a...abcd was revoked",
        "key ••••••abcd was revoked",
        "{\"api_key\": \"whatever-value-123\"}",
        "Authorization: Bearer abc.def.ghi",
        "token bearer eyJhbGciOiJIUzI1NiJ9",
        "sk-proj-AbCdEf0123456789",
        // A body that quotes the key without its public prefix, or cut (from a provider trial).
        "bad key SECRETSECRETSECRET-abcd and more",
        "bad key api03-SECRETSECRETSEC…",
    ])
    func redacts(text: String) throws {
        let redacted = Redactor(credentials: [try #require(Credential(Self.key))]).redact(text)
        #expect(redacted.contains(Redactor.placeholder), "\(redacted)")
        for fragment in ["SECRET", "abcd", "whatever-value", "abc.def", "eyJhbGci", "AbCdEf"] {
            #expect(!redacted.contains(fragment), "\(redacted)")
        }
    }

    @Test("ordinary text is left alone", arguments: [
        "The model claude-sonnet-4-5 is overloaded.", "risk-free retry in 3 s", "max_tokens: 8192 > 4096",
    ])
    func keepsOrdinaryText(text: String) throws {
        #expect(Redactor(credentials: [try #require(Credential(Self.key))]).redact(text) == text)
    }

    @Test("a run of 16 bytes of a key is the key; 15 are text")
    func runs() throws {
        let redactor = Redactor(credentials: [try #require(Credential(Self.key))])
        #expect(redactor.redact("<ETSECRETSECRET-a>") == "<[REDACTED]>")
        #expect(redactor.redact("<TSECRETSECRET-a>") == "<TSECRETSECRET-a>")
    }

    @Test("truncation marks the cut")
    func truncation() {
        #expect(Redactor.truncate("abcdef", to: 4) == "abc…")
        #expect(Redactor.truncate("abc", to: 4) == "abc")
    }

    @Test("a canary key appears in no error, notice or reply after a run full of failures", arguments: ProviderKind.allCases, TransportKind.allCases)
    func canary(kind: ProviderKind, transport: TransportKind) async throws {
        let leak = "Bad key \(canaryKey); masked sk-canary-***WXYZ; Bearer \(canaryKey)"
        let escaped = leak.replacingOccurrences(of: "\"", with: "\\\"")
        let script: [ScriptedResponse] = [401, 403, 404, 400, 413, 429, 500, 503, 529].map {
            .json(status: $0, kind.errorBody(type: "error_\($0)", message: escaped))
        } + [
            .eventStream(kind.preamble + "data: {\"error\":{\"type\":\"overloaded_error\",\"message\":\"\(escaped)\"}}\n\n"),
            .eventStream(kind.preamble + "data: {\"broken \(canaryKey)\n\n"),
        ]
        let server = try LoopbackServer(script)
        defer { server.stop() }
        var outputs: [String] = []
        let recorder = RetryRecorder()
        let options = testOptions(transport: transport, recorder: recorder, retries: 0)
        let provider = try kind.make(baseURL: server.baseURL, options: options)
        for _ in script {
            let reply = await collect(provider.stream(sampleRequest))
            let error = try #require(reply.error)
            outputs += [String(describing: error), String(reflecting: error), reply.text]
        }
        outputs += [String(describing: provider), String(reflecting: options)]
        #expect(server.requests.count == script.count)
        for output in outputs {
            #expect(!output.contains(canaryKey), "\(output)")
            #expect(!output.contains("CANARY0123"), "\(output)")
            #expect(!output.contains("***WXYZ"), "\(output)")
        }
    }
}
