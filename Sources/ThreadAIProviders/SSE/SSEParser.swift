/// An incremental server-sent-events parser that follows the WHATWG "event stream interpretation"
/// rules exactly.
///
/// Feed it the response body in whatever chunks the network delivers; it returns each event as
/// soon as its blank line arrives. Comments (`:` lines) and unknown fields are ignored, `data:`
/// lines are joined with LF, an `id:` holding NUL is ignored, `retry:` is taken only when it is all
/// ASCII digits, and an event whose data is empty is not dispatched. At the end of the stream an
/// event without its closing blank line is discarded, as the standard says: call `finish()`.
///
/// One addition to the standard: an `error:` field, which llama.cpp's server sends instead of
/// `data:` to report a failure (`error: {"code":500,"message":…}`, then `data: [DONE]`), makes
/// its event an `error` event whose data is that field's value. The standard would ignore the
/// field and so lose the server's only word on why the reply is empty or cut short.
public struct SSEParser: Sendable {
    private var splitter = SSELineSplitter()
    private var dataBuffer = ""
    /// The `error:` lines of the event being read, joined as `data:` lines are.
    private var errorBuffer = ""
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
        case "error":
            errorBuffer += value
            errorBuffer += "\n"
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
            errorBuffer = ""
            eventTypeBuffer = ""
        }
        if !errorBuffer.isEmpty {
            return SSEEvent(type: "error", data: Self.joined(errorBuffer), lastEventID: lastEventIDBuffer)
        }
        if dataBuffer.isEmpty { return nil }
        return SSEEvent(
            type: eventTypeBuffer.isEmpty ? "message" : eventTypeBuffer,
            data: Self.joined(dataBuffer),
            lastEventID: lastEventIDBuffer)
    }

    /// A field's lines as the event's data: the last LF removed.
    private static func joined(_ buffer: String) -> String {
        var data = buffer
        if data.hasSuffix("\n") { data.removeLast() }
        return data
    }
}
