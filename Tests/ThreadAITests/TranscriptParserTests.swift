import Testing
@testable import ThreadAI

/// What each agent's transcript settles to as it grows (docs/FORMAT.md §16, docs/CLI.md `capture`):
/// the part no later write can change, which a capture stores.
@Suite("TranscriptParser")
struct TranscriptParserTests {
    static let meta = #"{"sessionId":"s1","projectHash":"p","startTime":"2026-05-02T10:15:03.120Z"}"# + "\n"
    static func message(_ id: String, _ type: String = "gemini", _ text: String = "ok") -> String {
        #"{"id":"\#(id)","timestamp":"2026-05-02T10:15:04.000Z","type":"\#(type)","content":"\#(text)"}"# + "\n"
    }

    static func settled(_ lines: [String], _ agent: CodingAgent, path: String = "/x/chats/session-1.jsonl") -> Int {
        TranscriptParser(agent, path: path).settledEnd(of: Array(lines.joined().utf8))
    }

    @Test func geminiHoldsBackItsNewestMessageFromItsFirstLine() {
        let lines = [Self.meta, Self.message("u1", "user"), Self.message("g1"), Self.message("g1", "gemini", "longer")]
        #expect(Self.settled(lines, .gemini) == lines.prefix(2).joined().utf8.count)
        let more = lines + [#"{"$set":{"summary":"x"}}"# + "\n", #"{"$rewindTo":"g1"}"# + "\n"]
        #expect(Self.settled(more, .gemini) == lines.prefix(2).joined().utf8.count, "a $set or $rewindTo line is no message")
        #expect(Self.settled([Self.meta], .gemini) == Self.meta.utf8.count)
    }

    @Test func codexSettlesEveryCompleteLine() {
        let lines = [#"{"type":"session_meta","payload":{"id":"c"}}"# + "\n", #"{"type":"response_item","payload":{}}"# + "\n"]
        #expect(Self.settled(lines, .codex, path: "/x/rollout-1.jsonl") == lines.joined().utf8.count)
    }

    /// A Gemini session of the older form is rewritten whole: complete once it reads as JSON, and
    /// settled only when the session ends (`settleAll`), never before.
    @Test func aRewrittenGeminiSessionIsCompleteWhenItReadsAsJSONAndNeverSettlesBeforeItsEnd() {
        let parser = TranscriptParser(.gemini, path: "/x/chats/session-1.json")
        let whole = Array(#"{"sessionId":"s1","projectHash":"p","messages":[]}"#.utf8)
        #expect(parser.isRewritten && parser.completeEnd(of: whole) == whole.count)
        #expect(parser.completeEnd(of: Array(whole.prefix(20))) == 0)
        #expect(parser.settledEnd(of: whole) == 0)
        #expect(!TranscriptParser(.gemini, path: "/x/chats/session-1.jsonl").isRewritten)
    }

    @Test func codexAndGeminiWaitForTheQuestionThatNamesTheirThread() throws {
        let parser = TranscriptParser(.gemini, path: "/x/chats/session-1.jsonl")
        let hidden = try parser.parse(.init((Self.meta + Self.message("u0", "user", "<session_context>x")).utf8), name: "s").conversation
        #expect(!parser.isNamed(hidden))
        let asked = try parser.parse(.init((Self.meta + Self.message("u1", "user", "Why?")).utf8), name: "s").conversation
        #expect(parser.isNamed(asked) && asked.title == "Why?")
        #expect(TranscriptParser(.claudeCode, path: "/x/a.jsonl").isNamed(hidden), "Claude Code's capture is as it was")
    }
}
