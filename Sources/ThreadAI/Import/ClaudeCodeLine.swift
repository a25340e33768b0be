#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// One line of a Claude Code session read as the importer always read it (as Foundation did, so a
/// re-import writes the same messages), and, when that refuses it, read again with what is broken
/// in it replaced, the way a ChatGPT export is read (docs/FORMAT.md §4.6): real sessions hold lines
/// Node wrote with half of a surrogate pair (a tool output cut inside an emoji), bytes that are not
/// UTF-8, and a last line cut short by a crash.
enum ClaudeCodeLine {
    enum Reading {
        /// The line's object; `repairs` says what was replaced to read it (empty when nothing was).
        case object([String: JSONReader.Value], repairs: [String])
        /// The line cannot be read, and why.
        case unreadable(String)
    }

    static func read(_ text: some Collection<UInt8>) -> Reading {
        if let value = JSONReader.Value.readingLikeFoundation(text) {
            return value.object.map { .object($0, repairs: []) } ?? .unreadable("not a JSON object")
        }
        var bytes = Array(text)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var repairs: [String] = []
        if String(validating: bytes, as: UTF8.self) == nil {
            let invalid = JSONReader.invalidSequences(in: bytes)
            bytes = Array(String(decoding: bytes, as: UTF8.self).utf8)
            repairs.append("\(CountedNoun.phrase(invalid, "invalid UTF-8 sequence")) replaced with U+FFFD")
        }
        var value: JSONReader.Value?
        var failure = ""
        for replacing in [false, true] {
            var reader = JSONReader(bytes: bytes)
            reader.leniency = .foundation
            reader.leniency.replacesLoneSurrogates = replacing
            do {
                value = try reader.readValue()
                try reader.end()
                if replacing { repairs.append("a lone surrogate escape (half of a character cut in two) read as U+FFFD") }
                break
            } catch {
                value = nil
                if !replacing { failure = "\(error)" }
            }
        }
        guard let value else { return .unreadable(failure) }
        guard let numbers = value.mappingNumbers(JSONNumberForm.foundation) else { return .unreadable("it holds a number no Double holds") }
        guard let object = numbers.object else { return .unreadable("not a JSON object") }
        return .object(object, repairs: repairs)
    }
}

extension ClaudeCodeLine {
    /// Each line of a JSON-lines file that holds an object, with its number (from 1) and how an
    /// error names it: blank lines are passed over, a line read with something replaced is noted in
    /// `notes`, an unreadable one is noted and left out, the rest of the file being sound. Claude
    /// Code sessions and Codex rollouts are read so.
    /// - Returns: how many lines were left out as unreadable.
    @discardableResult
    static func forEachObject(
        in data: Data, name: String, notes: inout [String],
        _ body: (_ number: Int, _ item: String, _ object: [String: JSONReader.Value]) throws(ImportError) -> Void
    ) throws(ImportError) -> Int {
        var number = 0
        var unreadable = 0
        for text in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            if text.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { continue }
            let item = "\(name) line \(number)"
            switch read(text) {
            case .object(let object, let repairs):
                notes += repairs.map { "\(item): \($0)" }
                try body(number, item, object)
            case .unreadable(let reason):
                notes.append("\(item): left out: \(reason)")
                unreadable += 1
            }
        }
        return unreadable
    }
}
