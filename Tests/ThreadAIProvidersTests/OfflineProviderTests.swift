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
}
