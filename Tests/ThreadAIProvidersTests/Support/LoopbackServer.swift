import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests: it answers each request with the next
/// scripted response (the last one repeats), writes bodies in the given pieces with the given
/// pauses, can drop a connection mid-body, and records every request it read.
final class LoopbackServer: @unchecked Sendable {
    let port: Int
    let host: String
    private let listener: Int32
    private let lock = NSLock()
    private var script: [ScriptedResponse]
    private var served = 0
    private var recorded: [RecordedRequest] = []
    private var stopped = false

    /// - Parameter ipv6: listen on [::1] instead of 127.0.0.1.
    init(_ script: [ScriptedResponse], ipv6: Bool = false) throws {
        self.script = script
        host = ipv6 ? "[::1]" : "127.0.0.1"
        (listener, port) = try ipv6 ? Socket.listenOnIPv6Loopback() : Socket.listenOnLoopback()
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    convenience init(_ response: ScriptedResponse, ipv6: Bool = false) throws {
        try self.init([response], ipv6: ipv6)
    }

    var baseURL: String { "http://\(host):\(port)" }

    var requests: [RecordedRequest] { lock.withLock { recorded } }

    var isStopped: Bool { lock.withLock { stopped } }

    /// Stops accepting; connections in a pause notice within a few milliseconds and close.
    func stop() {
        lock.withLock { stopped = true }
    }

    deinit {
        _ = close(listener)
    }

    private func acceptLoop() {
        while !isStopped {
            guard Socket.waitReadable(listener, milliseconds: 20) else { continue }
            let connection = accept(listener, nil, nil)
            if connection < 0 { continue }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { _ = close(connection) }
        guard let request = Socket.readRequest(connection, until: { [self] in isStopped }) else { return }
        let response = lock.withLock { () -> ScriptedResponse? in
            recorded.append(request)
            defer { served += 1 }
            return script.isEmpty ? nil : script[min(served, script.count - 1)]
        }
        guard let response, !response.dropBeforeHead else { return }
        if !pause(response.headDelayMilliseconds) { return }
        if let rawHead = response.rawHead {
            guard Socket.write(connection, Data(rawHead.utf8)) else { return }
            play(response.steps, chunked: false, on: connection)
            return
        }
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\nConnection: close\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        if response.chunked {
            head += "Transfer-Encoding: chunked\r\n"
        } else {
            let length = response.steps.reduce(0) { total, step in
                if case .send(let data) = step { return total + data.count }
                return total
            }
            head += "Content-Length: \(length)\r\n"
        }
        guard Socket.write(connection, Data((head + "\r\n").utf8)),
              play(response.steps, chunked: response.chunked, on: connection) else { return }
        if response.chunked { _ = Socket.write(connection, Data("0\r\n\r\n".utf8)) }
    }

    /// Performs the body steps; false when the connection failed, was dropped or the server stopped.
    @discardableResult
    private func play(_ steps: [ScriptedResponse.Step], chunked: Bool, on connection: Int32) -> Bool {
        for step in steps {
            switch step {
            case .send(let data):
                let framed = chunked ? Data(String(data.count, radix: 16).utf8) + Data("\r\n".utf8) + data + Data("\r\n".utf8) : data
                guard Socket.write(connection, framed) else { return false }
            case .pause(let milliseconds):
                if !pause(milliseconds) { return false }
            case .drop:
                _ = shutdown(connection, Int32(SHUT_RDWR))
                return false
            }
        }
        return true
    }

    /// Sleeps in short steps so `stop()` ends a long pause; false when stopped.
    private func pause(_ milliseconds: Int) -> Bool {
        var left = milliseconds
        while left > 0 {
            if isStopped { return false }
            let step = min(left, 10)
            usleep(UInt32(step * 1000))
            left -= step
        }
        return !isStopped
    }

    private static func reason(_ status: Int) -> String {
        [200: "OK", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
         408: "Request Timeout", 409: "Conflict", 413: "Payload Too Large", 429: "Too Many Requests",
         500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable", 529: "Overloaded"][status] ?? "Status"
    }
}
