import Foundation

/// What the loopback server answers to one request.
struct ScriptedResponse: Sendable {
    /// A pause that outlasts any test, so only the client (or `LoopbackServer.stop`) can end it. A
    /// fixed 20 s would not do: on a loaded machine a test can be kept waiting that long between two
    /// steps, and the server would then end a silence the test expects the client to time out.
    static let untilStopped = 600_000

    enum Step: Sendable {
        /// Write these bytes (as one HTTP chunk when the body is chunked).
        case send(Data)
        /// Wait, then go on.
        case pause(milliseconds: Int)
        /// Close the connection at once, leaving the body unfinished.
        case drop
    }

    var status: Int
    var headers: [(String, String)]
    var steps: [Step]
    /// Chunked transfer encoding, so a dropped connection is visibly incomplete; otherwise a
    /// Content-Length computed from the steps.
    var chunked: Bool
    /// Wait this long after reading the request before sending anything, not even the status line.
    var headDelayMilliseconds: Int
    /// Close the connection without answering at all.
    var dropBeforeHead = false
    /// Written verbatim instead of a status line and headers made from the fields above; the
    /// steps then follow unframed, and the connection closes after them.
    var rawHead: String?

    init(status: Int = 200, headers: [(String, String)] = [], steps: [Step], chunked: Bool = true, headDelayMilliseconds: Int = 0) {
        self.status = status
        self.headers = headers
        self.steps = steps
        self.chunked = chunked
        self.headDelayMilliseconds = headDelayMilliseconds
    }

    /// A 200 event stream whose body is `text`, written in pieces of `pieceSize` bytes
    /// (the whole at once when nil), optionally followed by more steps.
    static func eventStream(_ text: String, pieceSize: Int? = nil, then tail: [Step] = []) -> ScriptedResponse {
        let bytes = Data(text.utf8)
        var steps: [Step] = []
        let size = pieceSize ?? max(bytes.count, 1)
        var offset = 0
        while offset < bytes.count {
            steps.append(.send(bytes.subdata(in: offset..<min(offset + size, bytes.count))))
            offset += size
        }
        return ScriptedResponse(headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")], steps: steps + tail)
    }

    /// `head` exactly as given (status line, headers and blank line, or anything else), then the
    /// steps' bytes as they are.
    static func raw(_ head: String, then steps: [Step] = []) -> ScriptedResponse {
        var response = ScriptedResponse(steps: steps, chunked: false)
        response.rawHead = head
        return response
    }

    /// Reads the request, then closes the connection without a byte of answer.
    static let hangUp: ScriptedResponse = {
        var response = ScriptedResponse(steps: [])
        response.dropBeforeHead = true
        return response
    }()

    /// A status line and headers, then silence for `milliseconds` before the body starts.
    static func silentAfterHead(milliseconds: Int) -> ScriptedResponse {
        ScriptedResponse(headers: [("Content-Type", "text/event-stream")], steps: [.pause(milliseconds: milliseconds)])
    }

    /// An error status with a JSON body.
    static func json(status: Int, _ body: String, headers: [(String, String)] = []) -> ScriptedResponse {
        ScriptedResponse(
            status: status, headers: [("Content-Type", "application/json")] + headers,
            steps: [.send(Data(body.utf8))], chunked: false)
    }
}

/// One request as the loopback server received it.
struct RecordedRequest: Sendable {
    var method: String
    var path: String
    /// Header names lowercased.
    var headers: [String: String]
    var body: Data

    /// The body as a JSON object, when it is one.
    var json: [String: any Sendable]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: any Sendable]
    }
}
