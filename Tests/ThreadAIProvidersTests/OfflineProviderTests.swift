import Testing
@testable import ThreadAIProviders

@Suite("Offline model")
struct OfflineProviderTests {
    @Test("a long reply streams in groups whose pauses add up to at most the pacing limit")
    func pacingIsBounded() {
        let word = Duration.milliseconds(8)
        let limit = Duration.milliseconds(200)
        let short = "one two three"
        #expect(OfflineProvider.pacedPieces(of: short, wordDelay: word, pacingLimit: limit) == ["one ", "two ", "three"])
        let long = (0..<10_000).map { "w\($0)" }.joined(separator: " ")
        let pieces = OfflineProvider.pacedPieces(of: long, wordDelay: word, pacingLimit: limit)
        #expect(pieces.count <= 25)
        #expect(pieces.count > 1)
        #expect(pieces.joined() == long)
        #expect(OfflineProvider.pacedPieces(of: long, wordDelay: .zero, pacingLimit: limit).count == 10_000)
    }

    @Test("a long message is echoed whole, and its pieces join back to the reply")
    func longMessageStreamsWhole() async throws {
        let text = (0..<50_000).map { "w\($0)" }.joined(separator: " ")
        let request = ChatRequest(model: OfflineProvider.modelName, system: nil, messages: [
            ChatMessage(role: .user, content: text),
        ])
        var streamed = ""
        for try await event in OfflineProvider().stream(request) {
            if case .text(let piece) = event { streamed += piece }
        }
        #expect(streamed == OfflineProvider.reply(to: request))
        #expect(streamed.contains("w49999"))
    }

    @Test("words are counted as runs of non-white-space characters, by bytes for ASCII text alike")
    func wordCountMatchesCharacters() {
        func byCharacters(_ text: String) -> Int { text.split(whereSeparator: { $0.isWhitespace }).count }
        // Every pair and triple of ASCII characters, and texts with CR LF, controls and non-ASCII space.
        let ascii = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        for a in ascii {
            for b in ascii {
                #expect(OfflineProvider.wordCount(a + b) == byCharacters(a + b), "\(Array((a + b).utf8))")
                for c in ["x", " ", "\r", "\n", "\u{1C}"] {
                    #expect(OfflineProvider.wordCount(a + c + b) == byCharacters(a + c + b), "\(Array((a + c + b).utf8))")
                }
            }
        }
        for text in ["", "one two\r\nthree", "  lead\ttrail  ", "caf\u{E9} au\u{A0}lait", "a\u{2003}b c\u{3000}", " \u{301}x", "x\u{85}y"] {
            #expect(OfflineProvider.wordCount(text) == byCharacters(text), "\(text)")
        }
    }
}
