#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Entry points for the fuzz targets of the wire parsers (Tests/Fuzz, docs/DESIGN.md "Fuzzing"): each
/// takes any bytes, must not crash, and returns what property it found broken, or nil.
package enum ProvidersFuzzing {
    /// Events do not depend on where the stream was cut into chunks: whole, and cut in two at a
    /// point the first byte chooses.
    package static func sse(_ bytes: [UInt8]) -> String? {
        var whole = SSEParser()
        let events = whole.feed(bytes)
        let wholeFinished = whole.finish()
        let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
        var parts = SSEParser()
        let cutEvents = parts.feed(bytes[..<cut]) + parts.feed(bytes[cut...])
        guard cutEvents == events, parts.finish() == wholeFinished else {
            return "the events differ when the stream is cut at byte \(cut)"
        }
        return nil
    }

    package static func anthropic(_ bytes: [UInt8]) -> String? {
        decode(bytes, with: AnthropicStreamDecoder(redactor: Redactor()))
    }

    package static func openAI(_ bytes: [UInt8]) -> String? {
        let mode: OpenAIProvider.Mode = bytes.first.map { $0 & 1 == 0 } == true ? .openai : .compatible
        return decode(bytes, with: OpenAIStreamDecoder(provider: "fuzz", mode: mode, redactor: Redactor()))
    }

    /// The bytes as a stream (SSE events through the decoder, then its end) and as a whole body.
    private static func decode(_ bytes: [UInt8], with decoder: some StreamDecoder) -> String? {
        var decoder = decoder
        var parser = SSEParser()
        for event in parser.feed(bytes) {
            _ = try? decoder.decode(event)
        }
        _ = try? decoder.endOfStream()
        _ = decoder.decodeWhole(Data(bytes))
        return nil
    }
}
