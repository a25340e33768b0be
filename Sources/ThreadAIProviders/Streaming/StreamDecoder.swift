#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

    /// The completion when the protocol allows the stream to end where it is now (a compatible
    /// server's `finish_reason` without `[DONE]`), nil when more must come: what a connection
    /// closed at this point, even without HTTP's own end of the body, leaves.
    var completionAtEnd: ChatCompletion? { get }

    /// The events of a whole reply sent as one JSON body instead of a stream (a server that
    /// ignored `"stream": true`): its text, then `.finished`. Nil when the body is not a reply in
    /// this protocol's shape, such as an `{"error": …}` body.
    func decodeWhole(_ body: Data) -> [ChatEvent]?
}
