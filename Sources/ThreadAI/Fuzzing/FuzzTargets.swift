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

    static func llm(_ bytes: [UInt8]) -> String? {
        _ = try? LLMRows.parse(Data(bytes), name: "fuzz")
        _ = try? LLMParser.parse([LLMParser.responsesKey: Data(bytes)], name: "fuzz")
        return nil
    }
}
