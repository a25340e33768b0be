/// An incremental server-sent-events parser that follows the WHATWG "event stream interpretation"
/// rules exactly.
///
/// Feed it the response body in whatever chunks the network delivers; it returns each event as
/// soon as its blank line arrives. Comments (`:` lines) and unknown fields are ignored, `data:`
/// lines are joined with LF, an `id:` holding NUL is ignored, `retry:` is taken only when it is all
/// ASCII digits, and an event whose data is empty is not dispatched. At the end of the stream an
/// event without its closing blank line is discarded, as the standard says: call `finish()`.
public struct SSEParser: Sendable {
    private var splitter = SSELineSplitter()
    private var dataBuffer = ""
    private var eventTypeBuffer = ""
    private var lastEventIDBuffer = ""
    private var hasPendingFields = false

    /// The reconnection time in milliseconds the server last asked for with `retry:`, if any.
    public private(set) var reconnectionTime: Int?

    public init() {}

    /// Parses the next piece of the stream and returns the events it completes, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [SSEEvent] {
        var events: [SSEEvent] = []
        for line in splitter.feed(bytes) {
            if let event = process(line: String(decoding: line, as: UTF8.self)) {
                events.append(event)
            }
        }
        return events
    }

    /// Ends the stream. Returns whether an event had started (had fields) but never got its
    /// closing blank line, or a line was cut off; that event is discarded either way.
    @discardableResult
    public mutating func finish() -> Bool {
        let pending = hasPendingFields || splitter.hasPartialLine
        self = SSEParser()
        return pending
    }

    private mutating func process(line: String) -> SSEEvent? {
        if line.isEmpty { return dispatch() }
        if line.hasPrefix(":") { return nil }
        hasPendingFields = true
        let field: Substring
        var value: Substring
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            value = line[line.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = line[...]
            value = ""
        }
        switch field {
        case "event":
            eventTypeBuffer = String(value)
        case "data":
            dataBuffer += value
            dataBuffer += "\n"
        case "id":
            if !value.contains("\u{0}") { lastEventIDBuffer = String(value) }
        case "retry":
            if !value.isEmpty, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let milliseconds = Int(value) {
                reconnectionTime = milliseconds
            }
        default:
            break
        }
        return nil
    }

    private mutating func dispatch() -> SSEEvent? {
        hasPendingFields = false
        defer {
            dataBuffer = ""
            eventTypeBuffer = ""
        }
        if dataBuffer.isEmpty { return nil }
        var data = dataBuffer
        if data.hasSuffix("\n") { data.removeLast() }
        return SSEEvent(
            type: eventTypeBuffer.isEmpty ? "message" : eventTypeBuffer,
            data: data,
            lastEventID: lastEventIDBuffer)
    }
}
