import Foundation
@testable import ThreadAIProviders
import ThreadAISupport

/// Recorded streams and other golden files in the package's top-level `Fixtures/` folder.
enum Fixture {
    static let streams = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/streams")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: streams.appendingPathComponent(name))
    }

    static func text(_ name: String) throws -> String {
        String(decoding: try data(name), as: UTF8.self)
    }

    static func all() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: streams.path).filter { $0.hasSuffix(".sse") }.sorted()
    }
}

/// Everything a provider's stream produced: the text, the completion, or the error.
struct Reply: Sendable {
    var text = ""
    var pieces: [String] = []
    var completion: ChatCompletion?
    var error: (any Error)?

    var providerError: ProviderError? { error as? ProviderError }
}

func collect(_ stream: AsyncThrowingStream<ChatEvent, any Error>) async -> Reply {
    var reply = Reply()
    do {
        for try await event in stream {
            switch event {
            case .text(let piece):
                reply.pieces.append(piece)
                reply.text += piece
            case .finished(let completion):
                reply.completion = completion
            }
        }
    } catch {
        reply.error = error
    }
    return reply
}

/// Retry notices and the waits the retry loop asked for, recorded instead of slept.
final class RetryRecorder: Sendable {
    let notices = Locked<[RetryNotice]>([])
    let sleeps = Locked<[Duration]>([])

    var environment: RetryEnvironment {
        RetryEnvironment(
            sleep: { [sleeps] duration in sleeps.withLock { $0.append(duration) } },
            random: { 0.5 },
            now: { Date(timeIntervalSince1970: 1_700_000_000) })
    }

    var observer: @Sendable (RetryNotice) -> Void {
        { [notices] notice in notices.withLock { $0.append(notice) } }
    }
}

/// Options for tests: a real transport (the platform's `https` one unless told), waits recorded rather than slept,
/// and timeouts far longer than any test needs unless a test shortens them.
func testOptions(
    transport: TransportKind = .secure, recorder: RetryRecorder = RetryRecorder(), retries: Int = 3,
    timeouts: StreamTimeouts = StreamTimeouts(firstByte: .seconds(20), stall: .seconds(20))
) -> ProviderOptions {
    ProviderOptions(
        transport: transport.make(), timeouts: timeouts,
        retryPolicy: RetryPolicy(maxRetries: retries), retryEnvironment: recorder.environment,
        onRetry: recorder.observer)
}

let sampleRequest = ChatRequest(
    model: "test-model", system: "Be brief.",
    messages: [ChatMessage(role: .user, content: "Hi"), ChatMessage(role: .assistant, content: "Hello"),
               ChatMessage(role: .user, content: "Say hello to the world")])

/// A key that must never show up in any output.
let canaryKey = "sk-canary-CANARY0123456789abcdefWXYZ"
