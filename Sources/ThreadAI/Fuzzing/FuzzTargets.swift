#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIProviders
import ThreadAIStore

/// Every fuzz target by name (Tests/Fuzz/run.sh, docs/DESIGN.md "Fuzzing"): each takes any bytes, must
/// not crash, and returns what property it found broken, or nil. The libFuzzer shim
/// (Tests/Fuzz/Shim) and the regression test that replays Tests/Fuzz/Regressions both call these.
package enum FuzzTargets {
    package static let all: [String: @Sendable ([UInt8]) -> String?] = [
        "message": StoreFuzzing.message,
        "frontmatter": StoreFuzzing.frontmatterValue,
        "thread-name": StoreFuzzing.threadName,
        "revision": StoreFuzzing.revision,
        "refs": StoreFuzzing.refs,
        "cache": StoreFuzzing.cache,
        "packed-caches": StoreFuzzing.packedCaches,
        "packs": StoreFuzzing.packs,
        "anchor-notes": StoreFuzzing.anchorNotes,
        "sse": ProvidersFuzzing.sse,
        "anthropic": ProvidersFuzzing.anthropic,
        "openai": ProvidersFuzzing.openAI,
        "json": json,
        "claude-code": claudeCode,
        "llm": llm,
        "chatgpt": chatGPT,
        "threadai-json": threadAIJSON,
        "aider": aider,
    ]

    /// Both readers: the streaming one the exports go through, and the whole one `llm`'s rows go through.
    static func json(_ bytes: [UInt8]) -> String? {
        var reader = JSONReader(bytes: bytes)
        _ = try? reader.readValue()
        _ = JSONReader.Value.readingLikeFoundation(bytes)
        return nil
    }

    static func claudeCode(_ bytes: [UInt8]) -> String? {
        _ = try? ClaudeCodeParser.parse(Data(bytes), name: "fuzz")
        return nil
    }

    static func chatGPT(_ bytes: [UInt8]) -> String? {
        var reader = JSONReader(bytes: bytes)
        try? ChatGPTParser.forEachConversation(&reader, name: "fuzz") { _ in }
        return nil
    }

    /// The first pass, which reads and checks everything before the second stores a byte.
    static func threadAIJSON(_ bytes: [UInt8]) -> String? {
        var parents = ExportParents()
        _ = try? ThreadAIJSON.outline(JSONReader(bytes: bytes), name: "fuzz", secrets: .refuse, parents: &parents) { _ in }
        return nil
    }

    /// aider's chat history: each session's messages follow one another, each named by a line of its own.
    static func aider(_ bytes: [UInt8]) -> String? {
        guard let conversations = try? AiderHistory.conversations(Data(bytes), name: "fuzz") else { return nil }
        for conversation in conversations {
            for (index, node) in conversation.nodes.enumerated() where node.parentSourceID != (index == 0 ? nil : conversation.nodes[index - 1].sourceID) {
                return "message \(node.sourceID) of session \(conversation.id) does not follow the one before it"
            }
            if Set(conversation.nodes.map(\.sourceID)).count != conversation.nodes.count {
                return "two messages of session \(conversation.id) start on one line"
            }
        }
        return nil
    }

    static func llm(_ bytes: [UInt8]) -> String? {
        _ = try? LLMRows.parse(Data(bytes), name: "fuzz")
        _ = try? LLMParser.parse([LLMParser.responsesKey: Data(bytes)], name: "fuzz")
        return nil
    }
}
