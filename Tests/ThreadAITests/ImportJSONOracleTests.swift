import Foundation
import Testing
@testable import ThreadAI

/// The importers' JSON writing against Foundation's `JSONSerialization`, which they used until
/// ThreadAI stopped linking full Foundation: structured parts are part of messages' bytes, so of
/// their ids, and a re-import must write the same bytes (docs/FORMAT.md §4.6). Each pipeline runs
/// the old way (Foundation here, as the importers ran it) and the new way on the same generated
/// documents, from fixed seeds.
@Suite struct ImportJSONOracleTests {
    static let documents = 1500

    /// llm and Claude Code: `JSONSerialization` read the document and wrote each part.
    @Test func foundationReadingWritesWhatFoundationWrote() throws {
        var samples = ImportJSONSamples(seed: 42)
        var compared = 0
        for index in 0..<Self.documents {
            let text = samples.document()
            let old = Self.foundationParsed(Data(text.utf8)).map(Self.foundationCompact)
            let new = JSONReader.Value.readingLikeFoundation(Array(text.utf8)).map(JSONText.compact)
            #expect(old == new, "document #\(index): \(text)")
            if old != nil { compared += 1 }
        }
        #expect(compared > Self.documents * 9 / 10)
    }

    /// ChatGPT: the project's reader, numbers made `Int` or `Double` `NSNumber`s, then written.
    @Test func chatGPTNumbersWriteWhatFoundationWrote() throws {
        var samples = ImportJSONSamples(seed: 7)
        var compared = 0
        for index in 0..<Self.documents {
            let text = samples.document()
            var reader = JSONReader(bytes: Array(text.utf8))
            let value = try reader.readValue()
            let object = Self.chatGPTFoundationObject(value)
            // A non-finite number made Foundation write no JSON but a description: nothing to match.
            guard JSONSerialization.isValidJSONObject([object]) else { continue }
            #expect(Self.foundationCompact(object) == JSONText.compact(value.writtenAsChatGPT), "document #\(index): \(text)")
            compared += 1
        }
        #expect(compared > Self.documents * 9 / 10)
    }

    /// The `threadai-json` export's form: pretty-printed with sorted keys.
    @Test func prettyWritesWhatFoundationWrote() throws {
        var samples = ImportJSONSamples(seed: 99)
        for index in 0..<Self.documents / 3 {
            let text = samples.document(depth: 3)
            guard let object = Self.foundationParsed(Data(text.utf8)) else { continue }
            let old = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
            let new = try #require(JSONReader.Value.readingLikeFoundation(Array(text.utf8))).prettyBytes
            #expect(Array(old) == new, "document #\(index): \(text)")
        }
    }

    /// Keys outside ASCII may be ordered differently (JSONKeyOrder), but nothing else may differ:
    /// both texts, read back and written again in one order, are the same. Counts the documents
    /// whose order differs, which must be some, or the test would not be testing that.
    @Test func nonASCIIKeysDifferAtMostInOrder() throws {
        var samples = ImportJSONSamples(seed: 5, keyCharacters: ImportJSONSamples.wideKeyCharacters)
        var reordered = 0
        for index in 0..<Self.documents / 3 {
            let text = samples.document()
            guard let object = Self.foundationParsed(Data(text.utf8)) else { continue }
            let old = Self.foundationCompact(object)
            let new = try #require(JSONReader.Value.readingLikeFoundation(Array(text.utf8)).map(JSONText.compact))
            if old != new { reordered += 1 }
            var oldReader = JSONReader(bytes: Array(old.utf8)), newReader = JSONReader(bytes: Array(new.utf8))
            let oldAgain = JSONText.compact(try oldReader.readValue()), newAgain = JSONText.compact(try newReader.readValue())
            #expect(oldAgain == newAgain, "document #\(index): \(text)")
        }
        #expect(reordered > 0)
    }

    /// The key order alone, pair by pair, against the comparison `.sortedKeys` made.
    @Test func keyOrderAgreesWithFoundationsComparison() {
        var samples = ImportJSONSamples(seed: 1)
        var disagreements: [String] = []
        for _ in 0..<100_000 {
            let a = samples.key(), b = samples.key()
            let foundation = a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: a.startIndex..<a.endIndex, locale: NSLocale.system)
            let new = JSONKeyOrder.precedes(a, b) ? ComparisonResult.orderedAscending : a == b ? .orderedSame : .orderedDescending
            if foundation != new { disagreements.append("\(a.debugDescription) vs \(b.debugDescription)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(20))")
    }

    /// What Foundation refused, the new reading refuses, and nothing else.
    @Test(arguments: [
        ("[1,]", true), ("{\"a\":1,}", true), ("[1,,]", false), ("[,]", false), ("\u{FEFF}{\"a\":1}", true), ("{\"a\":1e400}", false),
        ("{\"a\":-1E400}", false), ("{\"a\":1e-400}", true), ("{\"a\":01}", false), ("{\"a\":\"\\ud800\"}", false), (" {} ", true),
        ("{\"a\":tru}", false), ("{\"a\":1}x", false), ("", false),
        (String(repeating: "[", count: 512) + String(repeating: "]", count: 512), true),
        (String(repeating: "[", count: 513) + String(repeating: "]", count: 513), false),
    ])
    func acceptsWhatFoundationAccepted(text: String, accepted: Bool) {
        #expect((Self.foundationParsed(Data(text.utf8)) != nil) == accepted)
        #expect((JSONReader.Value.readingLikeFoundation(Array(text.utf8)) != nil) == accepted)
    }

    @Test func invalidUTF8IsRefusedAsFoundationRefusedIt() {
        let bytes = Array("{\"a\":\"".utf8) + [0xFF] + Array("\"}".utf8)
        #expect(Self.foundationParsed(Data(bytes)) == nil)
        #expect(JSONReader.Value.readingLikeFoundation(bytes) == nil)
    }

    // MARK: The old pipelines

    static func foundationParsed(_ data: Data) -> Any? {
        try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }

    /// `ImportPart.compactJSON` as it was.
    static func foundationCompact(_ value: Any) -> String {
        guard JSONSerialization.isValidJSONObject([value]),
            let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys, .withoutEscapingSlashes])
        else { return String(describing: value) }
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    /// `JSONReader.Value.foundationObject` as it was, for ChatGPT's parts.
    static func chatGPTFoundationObject(_ value: JSONReader.Value) -> Any {
        switch value {
        case .string(let text): text
        case .number(let text): Int(text).map { NSNumber(value: $0) } ?? NSNumber(value: Double(text) ?? .nan)
        case .bool(let truth): truth
        case .null: NSNull()
        case .array(let elements): elements.map(chatGPTFoundationObject)
        case .object(let members): members.mapValues(chatGPTFoundationObject)
        }
    }
}

extension JSONReader.Value {
    var prettyBytes: [UInt8] { JSONText.pretty(self) }
}
