import Foundation
import Testing
@testable import ThreadAIProviders

@Suite("Chunked transfer decoding")
struct ChunkedDecoderTests {
    static let pieces = ["data: {\"text\":\"Hel", "lo\"}\n\n", "data: [DONE]\n\n"]
    static let payload = Data(pieces.joined().utf8)

    /// `pieces` chunked, with an extension on the second chunk and a trailer field, lines ending in `newline`.
    static func encoded(newline: String = "\r\n", trailer: Bool = true) -> Data {
        var text = ""
        for (index, piece) in pieces.enumerated() {
            text += String(piece.utf8.count, radix: 16) + (index == 1 ? " ;name=value" : "") + newline + piece + newline
        }
        text += "0" + newline + (trailer ? "X-Checksum: abc" + newline : "") + newline
        return Data(text.utf8)
    }

    @Test("every split into two pieces decodes to the payload and completes",
          arguments: [WireSample("CRLF line ends", "\r\n"), WireSample("bare LF line ends", "\n")])
    func everySplit(newline: WireSample) throws {
        let bytes = Self.encoded(newline: newline.text)
        for split in 0...bytes.count {
            var decoder = ChunkedDecoder()
            var output = try decoder.decode(bytes.prefix(split))
            #expect(!decoder.isComplete || split == bytes.count, "complete too early at \(split)")
            output += try decoder.decode(bytes[split...])
            #expect(output == Self.payload, "split at \(split)")
            #expect(decoder.isComplete, "split at \(split)")
        }
    }

    @Test("fed one byte at a time, then extra bytes after the end, which are ignored")
    func byteByByte() throws {
        var decoder = ChunkedDecoder()
        var output = Data()
        for byte in Self.encoded() + Data("HTTP/1.1 garbage".utf8) {
            output += try decoder.decode(Data([byte]))
        }
        #expect(output == Self.payload)
        #expect(decoder.isComplete)
    }

    @Test("the payload is whole once the last chunk arrives, even before the trailer's end")
    func wholePayloadBeforeTrailer() throws {
        let bytes = Self.encoded(trailer: false)
        var decoder = ChunkedDecoder()
        #expect(try decoder.decode(bytes.dropLast(2)) == Self.payload)
        #expect(decoder.hasWholePayload)
        #expect(!decoder.isComplete)
        _ = try decoder.decode(bytes.suffix(2))
        #expect(decoder.isComplete)
    }

    @Test("a body cut inside a chunk has neither its whole payload nor its end")
    func cutShort() throws {
        var decoder = ChunkedDecoder()
        _ = try decoder.decode(Self.encoded().prefix(10))
        #expect(!decoder.hasWholePayload)
        #expect(!decoder.isComplete)
    }

    @Test("malformed framing is an error that says so", arguments: [
        WireSample("size is not hex", "zz\r\nhello\r\n"), WireSample("empty size line", "\r\n"),
        WireSample("chunk longer than its size", "5\r\nhelloX\r\n"), WireSample("junk after the size", "5 x\r\nhello\r\n"),
        WireSample("size beyond 15 hex digits", "10000000000000000\r\n"),
        WireSample("endless size line", "1;" + String(repeating: "e", count: ChunkedDecoder.lineLimit + 1)),
    ])
    func malformed(sample: WireSample) {
        var decoder = ChunkedDecoder()
        #expect {
            _ = try decoder.decode(Data(sample.text.utf8))
        } throws: { error in
            guard case .other(let message) = error as? HTTPTransportError else { return false }
            return message.contains("malformed chunked body")
        }
    }
}
