import Foundation
import Testing
@testable import ThreadAIProviders

@Suite("Connection and stream faults")
struct StreamFaultTests {
    private func run(_ kind: ProviderKind, _ transport: TransportKind, _ script: [ScriptedResponse], retries: Int = 3,
                     timeouts: StreamTimeouts = StreamTimeouts(firstByte: .seconds(20), stall: .seconds(20)))
        async throws -> (Reply, LoopbackServer, RetryRecorder) {
        let server = try LoopbackServer(script)
        defer { server.stop() }
        let recorder = RetryRecorder()
        let provider = try kind.make(baseURL: server.baseURL, options: testOptions(
            transport: transport, recorder: recorder, retries: retries, timeouts: timeouts))
        return (await collect(provider.stream(sampleRequest)), server, recorder)
    }

    @Test("connection refused: named with the host, retried, then reported", arguments: ProviderKind.allCases, TransportKind.allCases)
    func refused(kind: ProviderKind, transport: TransportKind) async throws {
        let (socket, port) = try Socket.refusingPort()
        defer { _ = close(socket) }
        let recorder = RetryRecorder()
        let provider = try kind.make(baseURL: "http://127.0.0.1:\(port)", options: testOptions(transport: transport, recorder: recorder, retries: 2))
        let reply = await collect(provider.stream(sampleRequest))
        #expect(reply.providerError == .connectionRefused(provider: kind.rawValue, host: "127.0.0.1:\(port)"))
        #expect(recorder.notices.current.map(\.error.shortReason) == ["connection refused", "connection refused"])
    }

    @Test("the server hangs up before answering: retried, then a success", arguments: ProviderKind.allCases, TransportKind.allCases)
    func hangUpThenSuccess(kind: ProviderKind, transport: TransportKind) async throws {
        let (reply, server, recorder) = try await run(kind, transport, [.hangUp, .eventStream(try kind.hello)])
        #expect(reply.error == nil)
        #expect(reply.text == DecoderFixtureTests.hello)
        #expect(server.requests.count == 2)
        let first = try #require(recorder.notices.current.first)
        if case .connectionDropped(_, false, _) = first.error {} else { Issue.record("expected a drop before the first byte, got \(first.error)") }
    }

    @Test("dropped mid-body after text: the text is kept, no retry", arguments: ProviderKind.allCases, TransportKind.allCases)
    func droppedAfterText(kind: ProviderKind, transport: TransportKind) async throws {
        let body = kind.preamble + kind.textEvent("Hello")
        let (reply, server, _) = try await run(kind, transport, [.eventStream(body, then: [.drop])])
        #expect(reply.text == "Hello")
        #expect(server.requests.count == 1)
        guard case .connectionDropped(_, true, _) = reply.providerError else {
            Issue.record("expected a drop after the first byte, got \(String(describing: reply.error))")
            return
        }
    }

    @Test("dropped after the stream opened but before any text: retried", arguments: ProviderKind.allCases, TransportKind.allCases)
    func droppedBeforeText(kind: ProviderKind, transport: TransportKind) async throws {
        let (reply, server, _) = try await run(kind, transport, [.eventStream(kind.preamble, then: [.drop]), .eventStream(try kind.hello)])
        #expect(reply.error == nil)
        #expect(reply.text == DecoderFixtureTests.hello)
        #expect(server.requests.count == 2)
    }

    @Test("a stall mid-stream fails after the stall timeout, keeping the text", arguments: ProviderKind.allCases, TransportKind.allCases)
    func stall(kind: ProviderKind, transport: TransportKind) async throws {
        let body = kind.preamble + kind.textEvent("Partial")
        let (reply, server, _) = try await run(
            kind, transport, [.eventStream(body, then: [.pause(milliseconds: ScriptedResponse.untilStopped)])],
            timeouts: StreamTimeouts(firstByte: .seconds(20), stall: .milliseconds(300)))
        #expect(reply.text == "Partial")
        #expect(reply.providerError == .stalled(provider: kind.rawValue, after: .milliseconds(300)))
        #expect(server.requests.count == 1)
    }

    @Test("no answer at all within the first-byte timeout: retried, then reported", arguments: ProviderKind.allCases, TransportKind.allCases)
    func firstByteTimeout(kind: ProviderKind, transport: TransportKind) async throws {
        let silent = ScriptedResponse(steps: [], headDelayMilliseconds: ScriptedResponse.untilStopped)
        let (reply, server, _) = try await run(
            kind, transport, [silent], retries: 1, timeouts: StreamTimeouts(firstByte: .milliseconds(300), stall: .seconds(20)))
        #expect(reply.providerError == .timeoutBeforeFirstByte(provider: kind.rawValue, after: .milliseconds(300)))
        #expect(server.requests.count == 2)
    }

    @Test("headers, then silence: still a first-byte timeout, since no body byte came", arguments: TransportKind.allCases)
    func silentAfterHead(transport: TransportKind) async throws {
        let (reply, _, _) = try await run(
            .anthropic, transport, [.silentAfterHead(milliseconds: ScriptedResponse.untilStopped)], retries: 0,
            timeouts: StreamTimeouts(firstByte: .milliseconds(300), stall: .seconds(20)))
        #expect(reply.providerError == .timeoutBeforeFirstByte(provider: "anthropic", after: .milliseconds(300)))
    }

    @Test("malformed JSON shows the offending line and is not retried", arguments: ProviderKind.allCases, TransportKind.allCases)
    func malformed(kind: ProviderKind, transport: TransportKind) async throws {
        let (reply, server, _) = try await run(kind, transport, [.eventStream(try Fixture.text("\(kind.rawValue)-malformed.sse"))])
        #expect(reply.text == "Before ")
        guard case .malformedStream(_, let line) = reply.providerError else {
            Issue.record("expected malformedStream, got \(String(describing: reply.error))")
            return
        }
        #expect(line.hasPrefix("data: {"))
        #expect(server.requests.count == 1)
    }

    @Test("a stream that ends without its terminator is a failure", arguments: ProviderKind.allCases, TransportKind.allCases)
    func truncated(kind: ProviderKind, transport: TransportKind) async throws {
        let (reply, server, _) = try await run(kind, transport, [.eventStream(try Fixture.text("\(kind.rawValue)-truncated.sse"))])
        #expect(reply.text == "Cut short")
        #expect(reply.completion == nil)
        if case .missingTerminator = reply.providerError {} else { Issue.record("got \(String(describing: reply.error))") }
        #expect(server.requests.count == 1)
    }

    @Test("an error inside a 200 stream after text fails without retry", arguments: ProviderKind.allCases, TransportKind.allCases)
    func errorInStream(kind: ProviderKind, transport: TransportKind) async throws {
        let fixture = kind == .anthropic ? "anthropic-error-event.sse" : "openai-error-chunk.sse"
        let (reply, server, _) = try await run(kind, transport, [.eventStream(try Fixture.text(fixture))])
        #expect(reply.text == "Partial")
        if case .streamError = reply.providerError {} else { Issue.record("got \(String(describing: reply.error))") }
        #expect(server.requests.count == 1)
    }

    @Test("an overloaded error event before any text is retried", arguments: TransportKind.allCases)
    func errorEventBeforeText(transport: TransportKind) async throws {
        let (reply, server, recorder) = try await run(
            .anthropic, transport, [.eventStream(try Fixture.text("anthropic-error-before-text.sse")), .eventStream(try ProviderKind.anthropic.hello)])
        #expect(reply.text == DecoderFixtureTests.hello)
        #expect(server.requests.count == 2)
        #expect(recorder.notices.current.first?.error.shortReason == "overloaded_error")
    }

    @Test("cancelling the consumer ends the stream promptly", arguments: ProviderKind.allCases, TransportKind.allCases)
    func cancellation(kind: ProviderKind, transport: TransportKind) async throws {
        let server = try LoopbackServer(.eventStream(kind.preamble + kind.textEvent("First"), then: [.pause(milliseconds: ScriptedResponse.untilStopped)]))
        defer { server.stop() }
        let provider = try kind.make(baseURL: server.baseURL, options: testOptions(transport: transport))
        let stream = provider.stream(sampleRequest)
        let consumer = Task { () -> (String, (any Error)?) in
            var text = ""
            do {
                for try await event in stream {
                    if case .text(let piece) = event { text += piece }
                }
            } catch {
                return (text, error)
            }
            return (text, nil)
        }
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        try await Task.sleep(for: .milliseconds(100))
        consumer.cancel()
        let (text, error) = await consumer.value
        #expect(text == "First" || text.isEmpty)
        #expect(error is CancellationError || (error as? ProviderError) == .cancelled || error == nil)
    }
}
