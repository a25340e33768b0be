/// How long a reply took, measured by the provider from the moment the call started
/// (retries and their waits included, since the user waited through them too).
public struct ReplyLatency: Sendable, Equatable {
    /// Until the first piece of text arrived; nil when the reply carried no text.
    public var timeToFirstToken: Duration?
    /// Until the reply finished.
    public var total: Duration

    public init(timeToFirstToken: Duration?, total: Duration) {
        self.timeToFirstToken = timeToFirstToken
        self.total = total
    }
}
