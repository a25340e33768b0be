import Foundation
import Testing
@testable import ThreadAIProviders
import ThreadAISupport

/// The helpers that stand in for full Foundation's (which the executable no longer links) give what
/// Foundation gives: checked against Foundation itself, which the tests may still use.
@Suite("support: Foundation's string helpers, without Foundation")
struct SupportHelpersTests {
    /// Every scalar up to U+3100 and a few beyond, alone and around text, as Foundation trims them.
    @Test("trimming white space and spaces matches trimmingCharacters(in:) scalar by scalar")
    func trimmingMatchesFoundation() {
        let scalars = (0...0x3100).compactMap(Unicode.Scalar.init) + ["\u{FEFF}", "\u{1680}", "\u{180E}", "\u{205F}"]
        for scalar in scalars {
            let s = String(scalar)
            for text in [s, s + "a" + s, s + s + "a b" + s, "a" + s + "b", s + "\u{301}"] {
                #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines), "U+\(String(scalar.value, radix: 16))")
                #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "U+\(String(scalar.value, radix: 16))")
                #expect(Substring(text).trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
            }
        }
    }

    /// Bytes, not characters: a secret or a quote followed by a combining mark is still replaced
    /// (Foundation's character matching would leave `'\u{301}` unescaped in a shell script).
    @Test("replacing every occurrence matches the exact bytes, inside characters too")
    func replacingMatchesBytes() {
        let cases: [(String, String, String, String)] = [
            ("key sk-123 and sk-123.", "sk-123", "[REDACTED]", "key [REDACTED] and [REDACTED]."),
            ("aaaa", "aa", "b", "bb"),
            ("aaa", "aa", "b", "ba"),
            ("sk-abc\u{301}", "sk-abc", "X", "X\u{301}"),
            ("it'\u{301}s", "'", "'\\''", "it'\\''\u{301}s"),
            ("caf\u{E9}", "e", "x", "caf\u{E9}"),  // the composed é holds no e
            ("cafe\u{301}", "\u{E9}", "x", "cafe\u{301}"),  // nor the decomposed one a composed é
            ("a\r\nb", "\n", "N", "a\rNb"),
            ("no match", "zz", "y", "no match"),
            ("", "a", "b", ""),
            ("abc", "", "x", "abc"),
            ("日本語の日本", "日本", "に", "に語のに"),
        ]
        for (text, target, replacement, expected) in cases {
            #expect(text.replacingEvery(target, with: replacement).unicodeScalars.elementsEqual(expected.unicodeScalars), "\(text)")
        }
    }

    @Test("a provider's error body: numbers as text, the empty string and other values as nothing")
    func looseJSONText() throws {
        let body = #"{"error": {"type": "", "code": 429, "message": "slow down"}, "n": 1.5, "w": 42.0, "b": true, "z": null, "a": [1]}"#
        let object = try #require(ProviderErrorBody.parse(Data(body.utf8)))
        #expect(object == ProviderErrorBody(type: "429", message: "slow down"))
        guard case .object(let members) = try JSONDecoder().decode(JSONValue.self, from: Data(body.utf8)) else {
            Issue.record("not an object")
            return
        }
        #expect(members["n"]?.text == "1.5")
        #expect(members["w"]?.text == "42")
        #expect(members["b"]?.text == nil)
        #expect(members["z"]?.text == nil)
        #expect(members["a"]?.text == nil)
        #expect(ProviderErrorBody.parse(Data("[1, 2]".utf8)) == nil)
        #expect(ProviderErrorBody.parse(Data("<html>".utf8)) == nil)
    }

    @Test("a message or detail that is structure, not text, is kept as compact JSON with sorted keys")
    func structuredMessages() throws {
        let mistral = #"{"object":"error","message":{"detail":[{"type":"extra_forbidden","loc":["body","stream_options"],"#
            + #""msg":"Extra inputs \"not\" permitted","input":true,"n":null,"x":1.5}]},"type":"invalid_request_error","param":null}"#
        #expect(ProviderErrorBody.parse(Data(mistral.utf8)) == ProviderErrorBody(
            type: "invalid_request_error",
            message: #"{"detail":[{"input":true,"loc":["body","stream_options"],"msg":"Extra inputs \"not\" permitted","#
                + #""n":null,"type":"extra_forbidden","x":1.5}]}"#))
        let fastAPI = #"{"detail":[{"loc":["body","model"],"msg":"field required"}]}"#
        #expect(ProviderErrorBody.parse(Data(fastAPI.utf8))?.message == #"[{"loc":["body","model"],"msg":"field required"}]"#)
        #expect(ProviderErrorBody.parse(Data(#"{"error":{"message":{}}}"#.utf8)) == nil)
    }
}
