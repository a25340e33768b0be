#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes `Transfer-Encoding: chunked` (RFC 9112 §7.1) as the bytes arrive: feed it any
/// pieces, split anywhere, and it returns the payload they complete. Chunk extensions and
/// trailer fields are read past and ignored.
struct ChunkedDecoder {
    private enum State: Equatable {
        /// Reading a chunk-size line, collected so far.
        case sizeLine([UInt8])
        /// Inside a chunk's data.
        case data(remaining: Int)
        /// After a chunk's data, expecting its CRLF.
        case dataEnd(sawCarriageReturn: Bool)
        /// After the last (zero-size) chunk, reading trailer lines until an empty one.
        case trailer(lineLength: Int)
        case done
    }

    /// No size or trailer line of a sane server comes near this.
    static let lineLimit = 8 * 1024
    private var state = State.sizeLine([])

    /// Whether the whole chunked body, to its final empty line, has been read.
    var isComplete: Bool { state == .done }

    /// Whether the last chunk arrived, so the payload is whole even if the trailer is not.
    var hasWholePayload: Bool {
        switch state {
        case .trailer, .done: true
        default: false
        }
    }

    /// The payload bytes `input` completes; bytes after the body's end are ignored.
    /// - Throws: `HTTPTransportError.other` when the framing is malformed.
    mutating func decode(_ input: Data) throws(HTTPTransportError) -> Data {
        var output = Data()
        var index = input.startIndex
        while index < input.endIndex {
            switch state {
            case .done:
                return output
            case .data(let remaining):
                let take = min(remaining, input.distance(from: index, to: input.endIndex))
                let end = input.index(index, offsetBy: take)
                output.append(input[index..<end])
                state = remaining == take ? .dataEnd(sawCarriageReturn: false) : .data(remaining: remaining - take)
                index = end
            case .sizeLine, .dataEnd, .trailer:
                try step(input[index])
                index = input.index(after: index)
            }
        }
        return output
    }

    private mutating func step(_ byte: UInt8) throws(HTTPTransportError) {
        switch state {
        case .sizeLine(var line):
            if byte == 0x0A {
                let size = try Self.chunkSize(line)
                state = size == 0 ? .trailer(lineLength: 0) : .data(remaining: size)
            } else {
                guard line.count < Self.lineLimit else { throw Self.malformed("a chunk-size line is too long") }
                line.append(byte)
                state = .sizeLine(line)
            }
        case .dataEnd(let sawCarriageReturn):
            if byte == 0x0D, !sawCarriageReturn {
                state = .dataEnd(sawCarriageReturn: true)
            } else if byte == 0x0A {
                state = .sizeLine([])
            } else {
                throw Self.malformed("a chunk is longer than its size says")
            }
        case .trailer(let lineLength):
            if byte == 0x0A {
                state = lineLength == 0 ? .done : .trailer(lineLength: 0)
            } else if byte != 0x0D {
                guard lineLength < Self.lineLimit else { throw Self.malformed("a trailer line is too long") }
                state = .trailer(lineLength: lineLength + 1)
            }
        case .data, .done:
            break
        }
    }

    /// The size a chunk-size line gives: hex digits, then optionally whitespace and `;extensions`.
    private static func chunkSize(_ line: [UInt8]) throws(HTTPTransportError) -> Int {
        let content = line.last == 0x0D ? line.dropLast() : line[...]
        let digits = content.prefix { byte in
            (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
        }
        let rest = content.dropFirst(digits.count).drop { $0 == 0x20 || $0 == 0x09 }
        guard !digits.isEmpty, digits.count <= 15, rest.isEmpty || rest.first == 0x3B,
              let size = Int(String(decoding: digits, as: UTF8.self), radix: 16) else {
            throw malformed("bad chunk size \"\(HTTPResponseHead.printable(String(decoding: content, as: UTF8.self)))\"")
        }
        return size
    }

    private static func malformed(_ what: String) -> HTTPTransportError {
        .other("the server sent a malformed chunked body: \(what)")
    }
}
