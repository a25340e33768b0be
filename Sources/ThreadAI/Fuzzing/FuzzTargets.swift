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
        "sse": ProvidersFuzzing.sse,
        "anthropic": ProvidersFuzzing.anthropic,
        "openai": ProvidersFuzzing.openAI,
        "json": json,
        "claude-code": claudeCode,
        "llm": llm,
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

    static func llm(_ bytes: [UInt8]) -> String? {
        _ = try? LLMRows.parse(Data(bytes), name: "fuzz")
        _ = try? LLMParser.parse([LLMParser.responsesKey: Data(bytes)], name: "fuzz")
        return nil
    }
}
