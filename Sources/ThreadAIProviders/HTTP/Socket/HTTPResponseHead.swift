#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A response's status line and header fields.
struct HTTPResponseHead: Equatable {
    var status: Int
    var headers: HTTPHeaders

    /// Parses a head: the status line and header lines, without the blank line that ends them.
    /// Lines may end in CRLF or a bare LF; repeated fields are joined with ", ".
    /// - Throws: `HTTPTransportError.other` when the status line is not HTTP/1.x or a header
    ///   line has no name.
    init(parsing bytes: Data) throws(HTTPTransportError) {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
        }
        status = try Self.status(from: lines.first ?? "")
        headers = HTTPHeaders()
        var last: String?
        for line in lines.dropFirst() {
            if let first = line.unicodeScalars.first, first == " " || first == "\t", let name = last {
                // An obsolete folded continuation of the previous field's value.
                headers[name] = (headers[name] ?? "") + " " + Self.trimmed(Substring(line))
                continue
            }
            guard let colon = line.firstIndex(of: ":"), HTTPRequestEncoder.isToken(String(line[..<colon])) else {
                throw .other("the server sent a malformed header line \"\(Self.printable(line))\"")
            }
            let name = String(line[..<colon])
            let value = Self.trimmed(line[line.index(after: colon)...])
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
            last = name
        }
    }

    /// Interim responses (100 Continue, 103 Early Hints) come before the real one.
    var isInterim: Bool { (100...199).contains(status) && status != 101 }

    private static func status(from line: String) throws(HTTPTransportError) -> Int {
        let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[0].count == 8,
              parts[1].count == 3, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }),
              let status = Int(parts[1]), status >= 100 else {
            throw .other("the server's answer is not an HTTP/1.1 response (it began \"\(printable(line))\"); "
                + "check that the base URL names an HTTP server and the right scheme")
        }
        return status
    }

    /// `text` without the spaces and tabs HTTP allows around a field value.
    static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// At most 60 characters of `text`, with anything unprintable shown as "?".
    static func printable(_ text: String) -> String {
        String(text.unicodeScalars.prefix(60).map { $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" })
    }
}

/// Collects the bytes of a response until its final head is complete, skipping interim 1xx heads.
struct HTTPHeadReader {
    /// A head longer than this is not one an HTTP API sends; refuse it rather than buffer on.
    static let sizeLimit = 64 * 1024
    private var pending = Data()

    /// Adds `bytes`; once the final head is complete, returns it and the bytes that followed it.
    /// - Throws: `HTTPTransportError.other` for a malformed or oversized head, or a protocol switch.
    mutating func feed(_ bytes: Data) throws(HTTPTransportError) -> (HTTPResponseHead, rest: Data)? {
        pending.append(bytes)
        while let (headEnd, bodyStart) = Self.endOfHead(in: pending) {
            let head = try HTTPResponseHead(parsing: Data(pending[..<headEnd]))
            let rest = Data(pending[bodyStart...])
            if head.isInterim {
                pending = rest
                continue
            }
            if head.status == 101 { throw .other("the server switched protocols instead of answering") }
            return (head, rest)
        }
        if pending.count > Self.sizeLimit { throw .other("the server's response head exceeds \(Self.sizeLimit) bytes") }
        return nil
    }

    /// Where the head's last line ends and where the body starts: at the first empty line.
    private static func endOfHead(in data: Data) -> (Data.Index, Data.Index)? {
        var searchFrom = data.startIndex
        while let newline = data[searchFrom...].firstIndex(of: 0x0A) {
            let next = data.index(after: newline)
            if next < data.endIndex, data[next] == 0x0A { return (newline, data.index(after: next)) }
            if data.distance(from: next, to: data.endIndex) >= 2, data[next] == 0x0D, data[data.index(after: next)] == 0x0A {
                return (newline, data.index(next, offsetBy: 2))
            }
            searchFrom = next
        }
        return nil
    }
}
