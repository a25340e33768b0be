import Foundation
import Testing
@testable import ThreadAIProviders

/// What decoding one recorded stream should give.
struct DecoderCase: Sendable, CustomTestStringConvertible {
    enum Outcome: Sendable {
        case completes(stopReason: String, model: String?, usage: TokenUsage?)
        case fails(@Sendable (ProviderError) -> Bool)
    }

    var fixture: String
    var mode: OpenAIProvider.Mode?
    var text: String
    var outcome: Outcome

    var testDescription: String { fixture + (mode.map { " (\($0))" } ?? "") }
}

@Suite("Stream decoders read the recorded streams")
struct DecoderFixtureTests {
    static let hello = "Hello, world — ünïcödé ✓ 🧵\nSecond line."
    static let claude = "claude-sonnet-4-5-20250929"

    static let anthropicCases: [DecoderCase] = [
        DecoderCase(fixture: "anthropic-hello.sse", text: hello,
                    outcome: .completes(stopReason: "end_turn", model: claude, usage: TokenUsage(inputTokens: 25, outputTokens: 15))),
        DecoderCase(fixture: "anthropic-crlf-bom.sse", text: hello,
                    outcome: .completes(stopReason: "end_turn", model: claude, usage: TokenUsage(inputTokens: 25, outputTokens: 15))),
        DecoderCase(fixture: "anthropic-cr.sse", text: hello,
                    outcome: .completes(stopReason: "end_turn", model: claude, usage: TokenUsage(inputTokens: 25, outputTokens: 15))),
        DecoderCase(fixture: "anthropic-unknown-events.sse", text: "Sunny in Paris.",
                    outcome: .completes(stopReason: "tool_use", model: claude, usage: TokenUsage(inputTokens: 25, outputTokens: 42))),
        DecoderCase(fixture: "anthropic-error-event.sse", text: "Partial", outcome: .fails {
            $0 == .streamError(provider: "anthropic", type: "overloaded_error", message: "Overloaded")
        }),
        DecoderCase(fixture: "anthropic-empty-refusal.sse", text: "",
                    outcome: .completes(stopReason: "refusal", model: claude, usage: TokenUsage(inputTokens: 25, outputTokens: 0))),
        DecoderCase(fixture: "anthropic-max-tokens.sse", text: "Step 1: open the file. Step 2: re",
                    outcome: .completes(stopReason: "max_tokens", model: claude, usage: TokenUsage(inputTokens: 25, outputTokens: 12))),
        DecoderCase(fixture: "anthropic-truncated.sse", text: "Cut short", outcome: .fails {
            $0 == .missingTerminator(provider: "anthropic", expected: "message_stop")
        }),
        DecoderCase(fixture: "anthropic-malformed.sse", text: "Before ", outcome: .fails {
            if case .malformedStream(_, let line) = $0 { return line.contains("text_del") }
            return false
        }),
    ]

    static let openAICases: [DecoderCase] = [
        DecoderCase(fixture: "openai-hello.sse", mode: .openai, text: hello,
                    outcome: .completes(stopReason: "stop", model: "gpt-4o-2024-08-06", usage: TokenUsage(inputTokens: 12, outputTokens: 9))),
        DecoderCase(fixture: "openai-refusal.sse", mode: .openai, text: "I'm sorry, I can't help with that.",
                    outcome: .completes(stopReason: "refusal", model: "gpt-4.1-2025-04-14", usage: TokenUsage(inputTokens: 19, outputTokens: 10))),
        DecoderCase(fixture: "openai-no-usage.sse", mode: .openai, text: hello,
                    outcome: .completes(stopReason: "stop", model: "gpt-4o-2024-08-06", usage: nil)),
        DecoderCase(fixture: "openai-compatible-quirks.sse", mode: .compatible, text: hello,
                    outcome: .completes(stopReason: "stop", model: "llama3.2:3b", usage: TokenUsage(inputTokens: 12, outputTokens: 9))),
        DecoderCase(fixture: "openai-finish-without-done.sse", mode: .compatible, text: hello,
                    outcome: .completes(stopReason: "stop", model: "llama3.2:3b", usage: TokenUsage(inputTokens: 12, outputTokens: 9))),
        DecoderCase(fixture: "openai-finish-without-done.sse", mode: .openai, text: hello, outcome: .fails {
            $0 == .missingTerminator(provider: "openai", expected: "data: [DONE]")
        }),
        DecoderCase(fixture: "openai-truncated.sse", mode: .openai, text: "Cut short", outcome: .fails {
            $0 == .missingTerminator(provider: "openai", expected: "data: [DONE]")
        }),
        DecoderCase(fixture: "openai-truncated.sse", mode: .compatible, text: "Cut short", outcome: .fails {
            $0 == .missingTerminator(provider: "openai-compatible", expected: "data: [DONE] or a finish_reason")
        }),
        DecoderCase(fixture: "openai-error-chunk.sse", mode: .openai, text: "Partial", outcome: .fails {
            $0 == .streamError(provider: "openai", type: "server_error",
                               message: "The server had an error while processing your request. Sorry about that!")
        }),
        DecoderCase(fixture: "openai-compatible-error-field.sse", mode: .compatible, text: "The first half", outcome: .fails {
            $0 == .streamError(provider: "openai-compatible", type: "server_error", message: "llama_decode failed: out of memory")
        }),
        DecoderCase(fixture: "openai-compatible-error-field-first.sse", mode: .compatible, text: "", outcome: .fails {
            $0 == .streamError(provider: "openai-compatible", type: "exceed_context_size_error",
                               message: "the request exceeds the available context size, try increasing it")
        }),
        DecoderCase(fixture: "openai-malformed.sse", mode: .compatible, text: "Before ", outcome: .fails {
            if case .malformedStream("openai-compatible", let line) = $0 { return line.hasPrefix("data: {\"id\"") }
            return false
        }),
    ]

    /// Decodes a whole recorded stream the way `StreamingCall` does, without the network.
    static func decode(_ fixture: String, with decoder: inout some StreamDecoder) throws -> Reply {
        var parser = SSEParser()
        var reply = Reply()
        do {
            for event in parser.feed([UInt8](try Fixture.data(fixture))) {
                for output in try decoder.decode(event) {
                    switch output {
                    case .text(let text): reply.text += text
                    case .finished(let completion): reply.completion = completion; return reply
                    }
                }
            }
            reply.completion = try decoder.endOfStream()
        } catch let error as ProviderError {
            reply.error = error
        }
        return reply
    }

    static func check(_ reply: Reply, _ expected: DecoderCase) {
        #expect(reply.text == expected.text)
        switch expected.outcome {
        case .completes(let stopReason, let model, let usage):
            #expect(reply.error == nil)
            #expect(reply.completion == ChatCompletion(stopReason: stopReason, model: model, usage: usage))
        case .fails(let matches):
            #expect(reply.completion == nil)
            let error = reply.providerError
            #expect(error.map(matches) == true, "unexpected error: \(String(describing: error))")
        }
    }

    @Test("Anthropic Messages streams", arguments: anthropicCases)
    func anthropic(_ expected: DecoderCase) throws {
        var decoder = AnthropicStreamDecoder(redactor: Redactor())
        Self.check(try Self.decode(expected.fixture, with: &decoder), expected)
    }

    @Test("OpenAI Chat Completions streams", arguments: openAICases)
    func openAI(_ expected: DecoderCase) throws {
        let mode = expected.mode ?? .openai
        var decoder = OpenAIStreamDecoder(provider: mode == .openai ? "openai" : "openai-compatible", mode: mode, redactor: Redactor())
        Self.check(try Self.decode(expected.fixture, with: &decoder), expected)
    }

    @Test("[DONE] without any finish_reason completes with an unknown stop reason")
    func doneWithoutFinish() throws {
        var decoder = OpenAIStreamDecoder(provider: "openai", mode: .openai, redactor: Redactor())
        let events = try decoder.decode(SSEEvent(data: "[DONE]"))
        #expect(events == [.finished(ChatCompletion(stopReason: "unknown"))])
    }

    @Test("an `error` event type is a failure in the OpenAI format too")
    func openAIErrorEvent() {
        var decoder = OpenAIStreamDecoder(provider: "openai", mode: .openai, redactor: Redactor())
        #expect(throws: ProviderError.streamError(provider: "openai", type: nil, message: "boom")) {
            try decoder.decode(SSEEvent(type: "error", data: "{\"error\":\"boom\"}"))
        }
    }
}
