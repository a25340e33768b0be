import Testing
@testable import ThreadAIProviders

@Suite("SSE parser follows the WHATWG rules")
struct SSEParserTests {
    private func parse(_ text: String) -> [SSEEvent] {
        var parser = SSEParser()
        return parser.feed(Array(text.utf8))
    }

    @Test("the standard's stock-ticker example joins data lines with LF")
    func multiLineData() {
        #expect(parse("data: YHOO\ndata: +2\ndata: 10\n\n") == [SSEEvent(data: "YHOO\n+2\n10")])
    }

    @Test("the standard's second example: comments, ids, one leading space removed")
    func commentsAndIDs() {
        let events = parse(": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n")
        #expect(events == [
            SSEEvent(data: "first event", lastEventID: "1"),
            SSEEvent(data: "second event", lastEventID: ""),
            SSEEvent(data: " third event", lastEventID: ""),
        ])
    }

    @Test("the standard's third example: a bare `data` field, and an unterminated last event discarded")
    func bareDataField() {
        #expect(parse("data\n\ndata\ndata\n\ndata:") == [SSEEvent(data: ""), SSEEvent(data: "\n")])
    }

    @Test("llama.cpp's `error:` field makes an error event; its `data:` events stay as they are")
    func llamaCppErrorField() {
        #expect(parse("data: {\"a\":1}\n\nerror: {\"code\":500,\n\ndata: [DONE]\n\n") == [
            SSEEvent(data: "{\"a\":1}"), SSEEvent(type: "error", data: "{\"code\":500,"), SSEEvent(data: "[DONE]"),
        ])
    }

    @Test("the standard's fourth example: a space after the colon is optional")
    func optionalSpace() {
        #expect(parse("data:test\n\ndata: test\n\n") == [SSEEvent(data: "test"), SSEEvent(data: "test")])
    }

    @Test("line ends", arguments: [
        ("LF", "event: a\ndata: x\n\n"),
        ("CRLF", "event: a\r\ndata: x\r\n\r\n"),
        ("lone CR", "event: a\rdata: x\r\r"),
        ("mixed", "event: a\rdata: x\n\r\n"),
    ])
    func lineEnds(name: String, text: String) {
        #expect(parse(text) == [SSEEvent(type: "a", data: "x")], "\(name)")
    }

    @Test("a CR ending one chunk and an LF starting the next are one line end")
    func splitCRLF() {
        var parser = SSEParser()
        #expect(parser.feed(Array("data: one\r".utf8)).isEmpty)
        #expect(parser.feed(Array("\ndata: two\r".utf8)).isEmpty)
        #expect(parser.feed(Array("\n\r".utf8)) == [SSEEvent(data: "one\ntwo")])
        #expect(parser.feed(Array("\n".utf8)).isEmpty, "the LF after the dispatching CR is part of its line end")
    }

    @Test("a leading byte order mark is stripped once, even split across chunks")
    func byteOrderMark() {
        var parser = SSEParser()
        #expect(parser.feed([0xEF]).isEmpty)
        #expect(parser.feed([0xBB]).isEmpty)
        #expect(parser.feed([0xBF] + Array("data: a\n\n".utf8)) == [SSEEvent(data: "a")])
        let second = parser.feed([0xEF, 0xBB, 0xBF] + Array("data: b\n\ndata: c\n\n".utf8))
        #expect(second == [SSEEvent(data: "c")], "a later BOM is part of a field name, so that field is unknown")
    }

    @Test("event types reset after each dispatch; the last id carries over")
    func eventTypeAndID() {
        let events = parse("event: ping\nid: 7\ndata: 1\n\ndata: 2\n\n")
        #expect(events == [SSEEvent(type: "ping", data: "1", lastEventID: "7"), SSEEvent(data: "2", lastEventID: "7")])
    }

    @Test("an id containing NUL is ignored")
    func idWithNUL() {
        #expect(parse("id: 1\ndata: a\n\nid: 2\u{0}x\ndata: b\n\n").map(\.lastEventID) == ["1", "1"])
    }

    @Test("retry takes only ASCII digits", arguments: [
        ("retry: 3000", 3000), ("retry: 30x0", nil), ("retry: -5", nil), ("retry:", nil), ("retry: ３", nil),
    ] as [(String, Int?)])
    func retryField(line: String, expected: Int?) {
        var parser = SSEParser()
        _ = parser.feed(Array("\(line)\n\n".utf8))
        #expect(parser.reconnectionTime == expected)
    }

    @Test("unknown fields, a field named with a trailing space, and data-less events are ignored")
    func ignoredLines() {
        #expect(parse("foo: bar\ndata : x\n\nevent: lonely\n\nid: 3\n\n").isEmpty)
    }

    @Test("an event without its blank line is not dispatched at the end of the stream")
    func incompleteFinalEvent() {
        var parser = SSEParser()
        #expect(parser.feed(Array("data: done\n\ndata: partial\n".utf8)) == [SSEEvent(data: "done")])
        let hadPending = parser.finish()
        #expect(hadPending, "finish reports the event that never closed")
        #expect(parser.feed(Array("\n".utf8)).isEmpty, "finish resets the parser")
    }

    @Test("invalid UTF-8 becomes U+FFFD rather than failing")
    func invalidUTF8() {
        var parser = SSEParser()
        #expect(parser.feed(Array("data: a".utf8) + [0xFF] + Array("b\n\n".utf8)) == [SSEEvent(data: "a\u{FFFD}b")])
    }
}
