import Testing
@testable import ThreadAIProviders

/// The keys a provider sent, taken out of its reply however the reply is split (from a provider
/// trial: a proxy echoing the Authorization header had the key stored and printed).
@Suite("Sent keys are taken out of replies")
struct SentKeysTests {
    static let keys = SentKeys(credentials: [Credential(canaryKey)].compactMap { $0 })
    static let echo = "échо: authorization=Bearer \(canaryKey), x-api-key \(canaryKey) ✓"
    static let scrubbed = "échо: authorization=Bearer [REDACTED:api-key], x-api-key [REDACTED:api-key] ✓"

    func run(_ pieces: [String], keys: SentKeys = keys) -> (text: String, replaced: Int) {
        var filter = keys.filter()
        let text = pieces.map { filter.feed($0) }.joined() + filter.finish()
        return (text, filter.replaced)
    }

    @Test("split in two at every character boundary")
    func everySplit() {
        for cut in 0...Self.echo.count {
            let result = run([String(Self.echo.prefix(cut)), String(Self.echo.dropFirst(cut))])
            #expect(result.text == Self.scrubbed, "cut at \(cut)")
            #expect(result.replaced == 2)
        }
    }

    @Test("one character at a time, never handing on a piece of a key")
    func characterByCharacter() {
        var filter = Self.keys.filter()
        var handedOn: [String] = []
        for character in Self.echo { handedOn.append(filter.feed(String(character))) }
        handedOn.append(filter.finish())
        #expect(handedOn.joined() == Self.scrubbed)
        #expect(!handedOn.contains { $0.contains("CANARY") })
    }

    @Test("a long run of a key is the key: quoted without its prefix, or cut, wherever the pieces split it")
    func runsOfAKey() {
        let secretPart = String(canaryKey.dropFirst("sk-canary-".count))
        let echo = "key \(secretPart) and \(canaryKey.prefix(20))… end"
        #expect(run([echo]).text == "key [REDACTED:api-key] and [REDACTED:api-key]… end")
        let key = Array(canaryKey.utf8)
        for cut in 0...echo.count {
            let result = run([String(echo.prefix(cut)), String(echo.dropFirst(cut))])
            #expect(result.replaced == 2, "cut at \(cut)")
            // A piece that ends a few bytes into the inside of a key hands them on (waiting at every
            // byte that may begin a run would hold back the end of nearly every piece); never 8.
            let shown = Array(result.text.utf8)
            let leaked = (0...(key.count - KeyRuns.shortestWaitedRun)).contains { start in
                let run = key[start..<(start + KeyRuns.shortestWaitedRun)]
                return shown.indices.contains { shown[$0...].starts(with: run) }
            }
            #expect(!leaked, "cut at \(cut): \(result.text)")
        }
        #expect(run(["<\(canaryKey.dropFirst(5).prefix(15))>"]).text == "<\(canaryKey.dropFirst(5).prefix(15))>")
    }

    @Test("text that merely could begin the inside of a key is handed on at once (a stalled reply shows all it got)")
    func noNeedlessWait() {
        var filter = Self.keys.filter()
        #expect(filter.feed("Hello, canary") == "Hello, canary")
        #expect(filter.feed(" ANARY01") == " ANARY01")  // 7 bytes of its inside: not yet waited for
        #expect(filter.finish() == "")
    }

    @Test("the start of a key that never comes is handed on at the end")
    func nearMiss() {
        var filter = Self.keys.filter()
        #expect(filter.feed("it begins sk-canary-CAN") == "it begins ")
        #expect(filter.feed("DID") == "sk-canary-CANDID")
        #expect(filter.feed(" and sk-can") == " and ")
        #expect(filter.finish() == "sk-can")
        #expect(filter.replaced == 0)
    }

    @Test("without keys the text passes as it came; the providers name the keys they send")
    func providers() throws {
        #expect(run(["sk-canary-", "CANARY"], keys: .none).text == "sk-canary-CANARY")
        let anthropic = try AnthropicProvider(credential: Credential(canaryKey))
        #expect(run([Self.echo], keys: anthropic.sentKeys).text == Self.scrubbed)
        let openAI = try OpenAIProvider(credential: Credential(canaryKey))
        #expect(run([Self.echo], keys: openAI.sentKeys).replaced == 2)
        let keyless = try OpenAIProvider(credential: nil, baseURL: "http://127.0.0.1:1", mode: .compatible)
        #expect(run([Self.echo], keys: keyless.sentKeys).text == Self.echo)
    }
}
