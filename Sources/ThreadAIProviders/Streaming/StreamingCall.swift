#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

/// One request to an HTTP provider, streamed, with timeouts and retries: the part the Anthropic
/// and OpenAI providers share. They supply the request and a decoder for their events.
struct StreamingCall: Sendable {
    var provider: String
    var model: String
    var request: HTTPRequest
    /// The path the provider appended to its base URL (`/v1/messages`), to tell the base URL a
    /// redirect points to.
    var endpointPath: String
    /// The request to send instead when the server refuses an optional part of `request`.
    var fallback: RequestFallback?
    var options: ProviderOptions
    var redactor: Redactor
    var makeDecoder: @Sendable () -> any StreamDecoder

    /// The reply as `ChatEvent`s, ending with `.finished` (carrying latency) or a `ProviderError`.
    func events() -> AsyncThrowingStream<ChatEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                let progress = ReplyProgress()
                let choice = FallbackChoice()
                let emit: @Sendable (ChatEvent) -> Void = { event in
                    if let event = progress.stamp(event) { continuation.yield(event) }
                }
                do {
                    let loop = RetryLoop(policy: options.retryPolicy, environment: options.retryEnvironment, observer: options.onRetry)
                    try await loop.run(provider: provider, outputStarted: { progress.textStarted }) {
                        try await Watchdog.run(options.timeouts, provider: provider) { monitor in
                            try await attempt(monitor: monitor, choice: choice, emit: emit)
                        }
                    }
                    continuation.finish()
                } catch {
                    let failure = Task.isCancelled ? .cancelled : ProviderError.wrapping(error, provider: provider)
                    continuation.finish(throwing: failure)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func attempt(monitor: ActivityMonitor, choice: FallbackChoice, emit: @Sendable (ChatEvent) -> Void) async throws {
        let host = BaseURL.hostAndPort(request.url)
        let response = try await successfulResponse(monitor: monitor, choice: choice)
        defer { response.abort() }
        if Self.isJSON(response.headers["content-type"]) {
            try await wholeReply(response, monitor: monitor, emit: emit)
            return
        }
        var parser = SSEParser()
        var decoder = makeDecoder()
        var receivedBody = false
        do {
            for try await chunk in response.body {
                monitor.touch()
                receivedBody = true
                for event in parser.feed(chunk) {
                    for output in try decoder.decode(event) {
                        emit(output)
                        if case .finished = output { return }
                    }
                }
            }
        } catch let error as HTTPTransportError {
            // Closed where the protocol lets the stream end (a compatible server that sent its
            // finish_reason and hung up without [DONE] or HTTP's last chunk), the reply is whole.
            guard case .connectionDropped = error, let completion = decoder.completionAtEnd else {
                throw ProviderError.fromTransport(error, provider: provider, host: host, afterFirstByte: receivedBody, redactor: redactor)
            }
            emit(.finished(completion))
            return
        }
        try Task.checkCancellation()
        parser.finish()
        emit(.finished(try decoder.endOfStream()))
    }

    /// The response to the request, or to its fallback when the server refuses the request for
    /// what the fallback leaves out, once it has a success status.
    /// - Throws: the server's error for any other status; a transport failure as a `ProviderError`.
    private func successfulResponse(monitor: ActivityMonitor, choice: FallbackChoice) async throws -> HTTPResponse {
        while true {
            let fallingBack = choice.useFallback
            let sent = fallingBack ? fallback?.request ?? request : request
            let response: HTTPResponse
            do {
                response = try await options.transport.send(sent)
            } catch let error as HTTPTransportError {
                throw ProviderError.fromTransport(
                    error, provider: provider, host: BaseURL.hostAndPort(sent.url), afterFirstByte: false, redactor: redactor)
            }
            if (200...299).contains(response.status) { return response }
            let body = await Self.collect(response.body, limit: 64 * 1024, monitor: monitor)
            response.abort()
            guard !fallingBack, let fallback, fallback.applies(response.status, body) else {
                throw failure(response, body: body)
            }
            choice.originalRefused()
        }
    }

    /// The error a response that holds no reply stands for (`ProviderError.forResponse`).
    func failure(_ response: HTTPResponse, body: Data) -> ProviderError {
        .forResponse(
            response, body: body, request: request, endpointPath: endpointPath, provider: provider, model: model,
            redactor: redactor, now: options.retryEnvironment.now())
    }

    /// The body of an error response, up to `limit` bytes; whatever arrived if the connection fails.
    static func collect(
        _ body: AsyncThrowingStream<Data, any Error>, limit: Int, monitor: ActivityMonitor
    ) async -> Data {
        var data = Data()
        do {
            for try await chunk in body {
                monitor.touch()
                data.append(chunk)
                if data.count >= limit { break }
            }
        } catch {
            // The status already says what went wrong; a body cut short only loses detail.
        }
        return data.prefix(limit)
    }
}

/// What the caller has been given so far, for latency and for the no-retry-after-output rule.
private final class ReplyProgress: Sendable {
    private struct State {
        var firstText: ContinuousClock.Instant?
        var finished = false
    }

    private let start = ContinuousClock.now
    private let state = Locked(State())

    var textStarted: Bool { state.current.firstText != nil }

    /// The event to hand on, with latency filled in on `.finished`; nil for empty text or for
    /// anything after the reply finished.
    func stamp(_ event: ChatEvent) -> ChatEvent? {
        let now = ContinuousClock.now
        return state.withLock { state -> ChatEvent? in
            if state.finished { return nil }
            switch event {
            case .text(let text):
                if text.isEmpty { return nil }
                if state.firstText == nil { state.firstText = now }
                return event
            case .finished(var completion):
                state.finished = true
                completion.latency = ReplyLatency(timeToFirstToken: state.firstText.map { $0 - start }, total: now - start)
                return .finished(completion)
            }
        }
    }
}
