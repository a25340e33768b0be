import Foundation
import Testing
@testable import ThreadAIProviders

/// The two wire formats, so fault tests run against both providers.
enum ProviderKind: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case anthropic
    case openai

    var testDescription: String { rawValue }

    func make(baseURL: String, options: ProviderOptions, key: String? = canaryKey) throws -> any ChatProvider {
        switch self {
        case .anthropic:
            return try AnthropicProvider(credential: key.flatMap(Credential.init), baseURL: baseURL, options: options)
        case .openai:
            return try OpenAIProvider(credential: key.flatMap(Credential.init), baseURL: baseURL, options: options)
        }
    }

    /// A complete recorded reply in this format.
    var hello: String { get throws { try Fixture.text("\(rawValue)-hello.sse") } }

    /// The opening of a stream before any text: Anthropic's `message_start`, OpenAI's role chunk.
    var preamble: String {
        switch self {
        case .anthropic:
            return "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"model\":\"m\",\"usage\":{\"input_tokens\":3}}}\n\n"
        case .openai:
            return "data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"finish_reason\":null}]}\n\n"
        }
    }

    /// One piece of text in this format.
    func textEvent(_ text: String) -> String {
        switch self {
        case .anthropic:
            return "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"\(text)\"}}\n\n"
        case .openai:
            return "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\(text)\"},\"finish_reason\":null}]}\n\n"
        }
    }

    /// A whole reply in this format, as a server that does not stream sends it.
    func wholeReply(_ text: String) -> String {
        switch self {
        case .anthropic:
            return "{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"m\","
                + "\"content\":[{\"type\":\"text\",\"text\":\"\(text)\"}],\"stop_reason\":\"end_turn\","
                + "\"usage\":{\"input_tokens\":5,\"output_tokens\":6}}"
        case .openai:
            return "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"model\":\"m\",\"choices\":[{\"index\":0,"
                + "\"message\":{\"role\":\"assistant\",\"content\":\"\(text)\"},\"finish_reason\":\"stop\"}],"
                + "\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":6,\"total_tokens\":11}}"
        }
    }

    /// The stop reason of `wholeReply`.
    var wholeReplyStopReason: String { self == .anthropic ? "end_turn" : "stop" }

    /// An error body in this provider's shape, echoing the key the way providers do in 401s.
    func errorBody(type: String, message: String) -> String {
        switch self {
        case .anthropic:
            return "{\"type\":\"error\",\"error\":{\"type\":\"\(type)\",\"message\":\"\(message)\"}}"
        case .openai:
            return "{\"error\":{\"message\":\"\(message)\",\"type\":\"\(type)\",\"param\":null,\"code\":null}}"
        }
    }
}
