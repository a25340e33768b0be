import Foundation
import Testing
@testable import ThreadAIProviders
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// What the socket transport delivered for one request: the head, the body pieces, how it ended.
private struct Received {
    var status: Int
    var headers: HTTPHeaders
    var pieces: [Data] = []
    var error: (any Error)?

    var body: String { String(decoding: pieces.reduce(Data(), +), as: UTF8.self) }
}

@Suite("Socket transport over loopback")
struct SocketTransportTests {
    private func fetch(_ server: LoopbackServer, path: String = "/", host: String? = nil) async throws -> Received {
        let url = try #require(URL(string: "http://\(host ?? server.host):\(server.port)\(path)"))
        let response = try await SocketHTTPTransport().send(HTTPRequest(url: url, method: "GET"))
        var received = Received(status: response.status, headers: response.headers)
        do {
            for try await piece in response.body { received.pieces.append(piece) }
        } catch {
            received.error = error
        }
        return received
    }

    private func send(_ url: String) async throws -> HTTPResponse {
        try await SocketHTTPTransport().send(HTTPRequest(url: try #require(URL(string: url)), method: "GET"))
    }

    @Test("a Content-Length body: status, headers and exactly the body")
    func contentLength() async throws {
        let server = try LoopbackServer(.json(status: 201, "{\"ok\":true}", headers: [("X-Request-Id", "req_1")]))
        defer { server.stop() }
        let received = try await fetch(server)
        #expect(received.status == 201)
        #expect(received.headers["x-request-id"] == "req_1")
        #expect(received.headers["content-length"] == "11")
        #expect(received.body == "{\"ok\":true}")
        #expect(received.error == nil)
    }

    @Test("a chunked body written in small pieces arrives decoded")
    func chunked() async throws {
        let text = try Fixture.text("openai-hello.sse")
        let server = try LoopbackServer(.eventStream(text, pieceSize: 5))
        defer { server.stop() }
        let received = try await fetch(server)
        #expect(received.body == text)
        #expect(received.error == nil)
    }

    @Test("a body with neither length nor chunks runs until the server closes")
    func closeDelimited() async throws {
        let server = try LoopbackServer(.raw("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n",
                                             then: [.send(Data("one ".utf8)), .pause(milliseconds: 30), .send(Data("two".utf8))]))
        defer { server.stop() }
        let received = try await fetch(server)
        #expect(received.body == "one two")
        #expect(received.error == nil)
    }

    @Test("an interim 100 Continue is skipped for the real response")
    func interimResponse() async throws {
        let server = try LoopbackServer(.raw("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"))
        defer { server.stop() }
        let received = try await fetch(server)
        #expect(received.status == 200)
        #expect(received.body == "ok")
    }

    @Test("the request carries Host, Content-Length, Connection: close, its headers and body")
    func requestShape() async throws {
        let server = try LoopbackServer(.json(status: 200, "{}"))
        defer { server.stop() }
        let url = try #require(URL(string: server.baseURL + "/v1/chat?x=1"))
        let body = Data("{\"model\":\"m\"}".utf8)
        let response = try await SocketHTTPTransport().send(
            HTTPRequest(url: url, headers: HTTPHeaders(["Authorization": "Bearer k"]), body: body))
        for try await _ in response.body {}
        let sent = try #require(server.requests.first)
        #expect(sent.method == "POST")
        #expect(sent.path == "/v1/chat?x=1")
        #expect(sent.headers["host"] == "127.0.0.1:\(server.port)")
        #expect(sent.headers["content-length"] == "\(body.count)")
        #expect(sent.headers["connection"] == "close")
        #expect(sent.headers["authorization"] == "Bearer k")
        #expect(sent.body == body)
    }

    @Test("localhost resolves and connects")
    func localhost() async throws {
        let server = try LoopbackServer(.json(status: 200, "{}"))
        defer { server.stop() }
        #expect(try await fetch(server, host: "localhost").body == "{}")
    }

    @Test("an IPv6 literal connects over [::1]", .enabled(if: Socket.ipv6LoopbackAvailable, "no IPv6 loopback here"))
    func ipv6() async throws {
        let server = try LoopbackServer(.json(status: 200, "{\"v\":6}"), ipv6: true)
        defer { server.stop() }
        let received = try await fetch(server)
        #expect(received.body == "{\"v\":6}")
        #expect(server.requests.first?.headers["host"] == "[::1]:\(server.port)")
    }

    @Test("a malformed status line fails the request with the line quoted")
    func malformedStatusLine() async throws {
        let server = try LoopbackServer(.raw("SSH-2.0-OpenSSH_9.6\r\n\r\n"))
        defer { server.stop() }
        await #expect {
            _ = try await send(server.baseURL)
        } throws: { error in
            guard case .other(let message) = error as? HTTPTransportError else { return false }
            return message.contains("not an HTTP/1.1 response") && message.contains("SSH-2.0")
        }
    }

    @Test("a port nobody listens on is refused, as URLSession reports it")
    func refused() async throws {
        let (socket, port) = try Socket.refusingPort()
        defer { _ = close(socket) }
        await #expect(throws: HTTPTransportError.connectionRefused) { try await send("http://127.0.0.1:\(port)/") }
    }

    @Test("a server that hangs up before answering is a dropped connection")
    func hangUp() async throws {
        let server = try LoopbackServer(.hangUp)
        defer { server.stop() }
        await #expect {
            _ = try await send(server.baseURL)
        } throws: { error in
            if case .connectionDropped = error as? HTTPTransportError { return true }
            return false
        }
    }

    @Test("a connection closed before the body's end fails the body after what did arrive", arguments: [
        WireSample("Content-Length", "length"), WireSample("chunked", "chunked"),
    ])
    func dropMidBody(framing: WireSample) async throws {
        let script: ScriptedResponse = framing.text == "chunked"
            ? .eventStream("partial", then: [.drop])
            : .raw("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n", then: [.send(Data("partial".utf8)), .drop])
        let server = try LoopbackServer(script)
        defer { server.stop() }
        let received = try await fetch(server)
        #expect(received.body == "partial")
        guard case .connectionDropped = received.error as? HTTPTransportError else {
            Issue.record("expected a dropped connection, got \(String(describing: received.error))")
            return
        }
    }

    // The time limits guard against a hang; they are generous because end-to-end tests running
    // beside these can keep them waiting for minutes on a loaded machine.
    @Test("cancelling while the server is silent ends the request at once", .timeLimit(.minutes(10)))
    func cancelBeforeHead() async throws {
        let server = try LoopbackServer(ScriptedResponse(
            steps: [.send(Data("late".utf8))], chunked: false, headDelayMilliseconds: ScriptedResponse.untilStopped))
        defer { server.stop() }
        let url = server.baseURL
        let request = Task { try await send(url) }
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        request.cancel()
        // Without cancellation this waits for the server until the time limit fails the test.
        await #expect(throws: HTTPTransportError.cancelled) { _ = try await request.value }
    }

    @Test("body pieces arrive before the body ends, and abort stops the download", .timeLimit(.minutes(10)))
    func deliversAsItArrivesAndAborts() async throws {
        let server = try LoopbackServer(.eventStream("first", then: [.pause(milliseconds: ScriptedResponse.untilStopped), .send(Data("second".utf8))]))
        defer { server.stop() }
        let response = try await send(server.baseURL)
        var iterator = response.body.makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first.map { String(decoding: $0, as: UTF8.self) } == "first")
        response.abort()
        // Without the abort this waits for the server until the time limit fails the test.
        await #expect(throws: HTTPTransportError.cancelled) { while try await iterator.next() != nil {} }
    }
}
