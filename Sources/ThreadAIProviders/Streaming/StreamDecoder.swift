/// Turns one provider's server-sent events into `ChatEvent`s, one attempt at a time.
protocol StreamDecoder {
    /// The events one SSE event yields. A `.finished` among them means the protocol's
    /// terminator arrived and nothing more will be read.
    /// - Throws: `ProviderError.malformedStream` or `.streamError`.
    mutating func decode(_ event: SSEEvent) throws -> [ChatEvent]

    /// Called when the body ends without a `.finished`. Returns the completion when the protocol
    /// allows the stream to end here.
    /// - Throws: `ProviderError.missingTerminator` otherwise.
    mutating func endOfStream() throws -> ChatCompletion
}
