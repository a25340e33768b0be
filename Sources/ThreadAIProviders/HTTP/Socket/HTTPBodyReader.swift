#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds where a response body ends (RFC 9112 §6.3) and hands back its bytes as they arrive.
struct HTTPBodyReader {
    private enum Framing {
        case length(remaining: Int)
        case chunked(ChunkedDecoder)
        case untilClose
        case complete
    }

    private var framing: Framing

    /// The framing `head` announces for a response to a request with `requestMethod`.
    /// - Throws: `HTTPTransportError.other` for an unusable `Content-Length`.
    init(head: HTTPResponseHead, requestMethod: String) throws(HTTPTransportError) {
        if requestMethod == "HEAD" || head.status == 204 || head.status == 304 {
            framing = .complete
        } else if let encodings = head.headers["transfer-encoding"] {
            let last = encodings.split(separator: ",").last.map { HTTPResponseHead.trimmed($0).lowercased() }
            framing = last == "chunked" ? .chunked(ChunkedDecoder()) : .untilClose
        } else if let declared = head.headers["content-length"] {
            // Repeats of one value ("12, 12") are allowed; anything else is ambiguous.
            let values = Set(declared.split(separator: ",").map(HTTPResponseHead.trimmed))
            guard values.count == 1, let value = values.first, !value.isEmpty,
                  value.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let length = Int(value) else {
                throw .other("the server sent an invalid Content-Length \"\(HTTPResponseHead.printable(declared))\"")
            }
            framing = length == 0 ? .complete : .length(remaining: length)
        } else {
            framing = .untilClose
        }
    }

    /// Whether the body has ended; the connection has nothing more to give.
    var isComplete: Bool {
        if case .complete = framing { return true }
        return false
    }

    /// The body bytes in `input`, decoded from chunks when chunked; bytes past the end are dropped.
    /// - Throws: `HTTPTransportError.other` for malformed chunked framing.
    mutating func consume(_ input: Data) throws(HTTPTransportError) -> Data {
        switch framing {
        case .length(let remaining):
            let piece = Data(input.prefix(remaining))
            framing = piece.count == remaining ? .complete : .length(remaining: remaining - piece.count)
            return piece
        case .chunked(var decoder):
            let piece = try decoder.decode(input)
            framing = decoder.isComplete ? .complete : .chunked(decoder)
            return piece
        case .untilClose:
            return Data(input)
        case .complete:
            return Data()
        }
    }

    /// Accounts for the server closing the connection.
    /// - Throws: `.connectionDropped` when the body was not yet complete. A chunked body whose
    ///   last chunk arrived counts as complete even if its trailer was cut off.
    mutating func finishAtClose() throws(HTTPTransportError) {
        switch framing {
        case .complete, .untilClose:
            framing = .complete
        case .chunked(let decoder) where decoder.hasWholePayload:
            framing = .complete
        case .length, .chunked:
            throw .connectionDropped(detail: "the server closed the connection before the end of the response")
        }
    }
}
