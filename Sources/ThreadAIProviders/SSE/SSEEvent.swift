/// One event dispatched by a server-sent-events stream, as the WHATWG HTML standard defines it.
public struct SSEEvent: Sendable, Equatable {
    /// The `event:` field, or `message` when the event named none.
    public var type: String
    /// The `data:` lines joined with LF (the final LF removed).
    public var data: String
    /// The last `id:` seen so far in the stream (it carries over to later events, as the standard says).
    public var lastEventID: String

    public init(type: String = "message", data: String, lastEventID: String = "") {
        self.type = type
        self.data = data
        self.lastEventID = lastEventID
    }
}
