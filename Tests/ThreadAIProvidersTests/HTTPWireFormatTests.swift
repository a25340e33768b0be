import Foundation
import Testing
@testable import ThreadAIProviders

@Suite("HTTP/1.1 response heads and body framing")
struct HTTPWireFormatTests {
    private func head(_ text: String) throws -> HTTPResponseHead {
        try HTTPResponseHead(parsing: Data(text.utf8))
    }

    @Test("status and headers: any case, repeats joined, folded lines, bare LF, no reason phrase")
    func parsesHead() throws {
        let parsed = try head("HTTP/1.1 200 OK\r\nContent-Type:text/event-stream \r\nX-A: 1\r\nx-a: 2\r\nX-Long: one\r\n\ttwo")
        #expect(parsed.status == 200)
        #expect(parsed.headers["content-type"] == "text/event-stream")
        #expect(parsed.headers["X-A"] == "1, 2")
        #expect(parsed.headers["x-long"] == "one two")
        #expect(try head("HTTP/1.0 404\nRetry-After: 3").status == 404)
        #expect(try head("HTTP/1.0 404\nRetry-After: 3").headers["retry-after"] == "3")
    }

    @Test("a status line that is not HTTP/1.x is an error that quotes it", arguments: [
        WireSample("another protocol", "SSH-2.0-OpenSSH_9.6"), WireSample("HTTP/2", "HTTP/2 200 OK"),
        WireSample("four-digit status", "HTTP/1.1 2000 OK"), WireSample("no status", "HTTP/1.1 OK"),
        WireSample("status below 100", "HTTP/1.1 099 Low"), WireSample("empty line", ""),
        WireSample("a TLS record", "\u{16}\u{03}\u{01}\u{02}\u{00}binary"),
    ])
    func malformedStatusLine(sample: WireSample) {
        #expect {
            _ = try head(sample.text + "\r\nContent-Length: 0")
        } throws: { error in
            guard case .other(let message) = error as? HTTPTransportError else { return false }
            return message.contains("not an HTTP/1.1 response") && message.allSatisfy { $0.isASCII && !$0.isNewline }
        }
    }

    @Test("a header line without a name is an error")
    func malformedHeader() {
        #expect(throws: HTTPTransportError.self) { try head("HTTP/1.1 200 OK\r\nno colon here") }
        #expect(throws: HTTPTransportError.self) { try head("HTTP/1.1 200 OK\r\n: value") }
    }

    @Test("the head reader finds the head at every split, skips 100 Continue, and keeps what follows")
    func headReaderEverySplit() throws {
        let bytes = Data("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 4\r\n\r\nbody".utf8)
        for split in 0...bytes.count {
            var reader = HTTPHeadReader()
            let parsed: HTTPResponseHead
            let body: Data
            if let (found, rest) = try reader.feed(bytes.prefix(split)) {
                (parsed, body) = (found, rest + bytes[split...])
            } else {
                (parsed, body) = try #require(try reader.feed(Data(bytes[split...])), "split at \(split)")
            }
            #expect(parsed.status == 201, "split at \(split)")
            #expect(body == Data("body".utf8), "split at \(split)")
        }
    }

    @Test("a head with no end in sight is refused rather than buffered forever")
    func headTooLarge() throws {
        var reader = HTTPHeadReader()
        let line = Data("X-Filler: \(String(repeating: "x", count: 1_000))\r\n".utf8)
        _ = try reader.feed(Data("HTTP/1.1 200 OK\r\n".utf8))
        #expect(throws: HTTPTransportError.self) {
            for _ in 0...(HTTPHeadReader.sizeLimit / line.count) { _ = try reader.feed(line) }
        }
    }

    /// One response head's framing, and what a body reader makes of some bytes then a close.
    struct FramingCase: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var head: String
        var method = "POST"
        var input: String
        var body: String
        var completeBeforeClose: Bool
        var dropAtClose = false
    }

    static let framings: [FramingCase] = [
        FramingCase(testDescription: "Content-Length stops at the length", head: "Content-Length: 5", input: "HelloExtra",
                    body: "Hello", completeBeforeClose: true),
        FramingCase(testDescription: "repeated equal Content-Length", head: "Content-Length: 5, 5", input: "Hello",
                    body: "Hello", completeBeforeClose: true),
        FramingCase(testDescription: "Content-Length cut short is a drop", head: "Content-Length: 50", input: "Hello",
                    body: "Hello", completeBeforeClose: false, dropAtClose: true),
        FramingCase(testDescription: "no length: the body runs to the close", head: "Content-Type: text/plain", input: "Hello",
                    body: "Hello", completeBeforeClose: false),
        FramingCase(testDescription: "chunked after another coding", head: "Transfer-Encoding: gzip, Chunked\r\nContent-Length: 99",
                    input: "5\r\nHello\r\n0\r\n\r\n", body: "Hello", completeBeforeClose: true),
        FramingCase(testDescription: "a coding other than chunked runs to the close", head: "Transfer-Encoding: gzip",
                    input: "5\r\nHello", body: "5\r\nHello", completeBeforeClose: false),
        FramingCase(testDescription: "chunked cut inside a chunk is a drop", head: "Transfer-Encoding: chunked",
                    input: "5\r\nHel", body: "Hel", completeBeforeClose: false, dropAtClose: true),
        FramingCase(testDescription: "a response to HEAD has no body", head: "Content-Length: 5", method: "HEAD", input: "Hello",
                    body: "", completeBeforeClose: true),
    ]

    @Test("body framing", arguments: framings)
    func framing(expected: FramingCase) throws {
        let parsed = try head("HTTP/1.1 200 OK\r\n" + expected.head)
        var reader = try HTTPBodyReader(head: parsed, requestMethod: expected.method)
        let body = try reader.consume(Data(expected.input.utf8))
        #expect(body == Data(expected.body.utf8))
        #expect(reader.isComplete == expected.completeBeforeClose)
        if expected.dropAtClose {
            #expect(throws: HTTPTransportError.self) { try reader.finishAtClose() }
        } else {
            try reader.finishAtClose()
            #expect(reader.isComplete)
        }
    }

    @Test("no body after 204 and 304; an unusable Content-Length is refused")
    func specialStatuses() throws {
        #expect(try HTTPBodyReader(head: head("HTTP/1.1 204 No Content"), requestMethod: "POST").isComplete)
        #expect(try HTTPBodyReader(head: head("HTTP/1.1 304 Not Modified"), requestMethod: "GET").isComplete)
        for bad in ["abc", "5, 6", "-1", "", "99999999999999999999999"] {
            #expect(throws: HTTPTransportError.self, "\(bad)") {
                try HTTPBodyReader(head: head("HTTP/1.1 200 OK\r\nContent-Length: \(bad)"), requestMethod: "GET")
            }
        }
    }
}
