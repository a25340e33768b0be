#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `grep` looks for in each line of a message's content: a fixed string or a POSIX extended
/// regular expression (`grep -E`), optionally ignoring the case of ASCII letters.
///
/// Speed: a byte search for a literal that every match must contain (the whole fixed string, or the
/// longest run a regular expression requires, `SearchLiteral`) finds candidate lines, and only those
/// go through the regular expression; a content without the literal costs one `memmem`.
public struct SearchPattern: Sendable {
    public enum Syntax: Sendable { case fixed, extended }

    public let text: String
    public let ignoringCase: Bool
    /// Bytes every matching line contains (ASCII-lowercased when ignoring case); empty when none is known.
    let literal: [UInt8]
    /// Nil for a fixed string: then finding `literal` is the match.
    let regex: POSIXRegex?

    /// - Throws: `SearchPatternError` for a pattern with a line break or a malformed expression.
    public init(_ text: String, syntax: Syntax, ignoringCase: Bool) throws(SearchPatternError) {
        guard !text.utf8.contains(0x0a) else { throw .spansLines }
        self.text = text
        self.ignoringCase = ignoringCase
        switch syntax {
        case .fixed where ignoringCase && !text.utf8.allSatisfy({ $0 < 0x80 }):
            // Beyond ASCII, only the C library knows case (É, é): the text as an expression, escaped.
            let special = Set("\\.[]()*+?{}|^$".utf8)
            let escaped = text.unicodeScalars.map { special.contains(UInt8(truncatingIfNeeded: $0.value)) && $0.isASCII ? "\\\($0)" : "\($0)" }
            regex = try POSIXRegex(escaped.joined(), ignoringCase: true)
            literal = SearchLiteral.longestASCIIRun(in: Array(text.utf8))
        case .fixed:
            regex = nil
            literal = Array(text.utf8)
        case .extended:
            regex = try POSIXRegex(text, ignoringCase: ignoringCase)
            literal = SearchLiteral.required(in: Array(text.utf8))
        }
        if ignoringCase { literalFolded = literal.map(SearchLiteral.lowercased) } else { literalFolded = literal }
    }

    private let literalFolded: [UInt8]

    /// Whether any line of `content` matches: the question a whole-repository scan asks of each message.
    func matchesAnyLine(_ content: UnsafeRawBufferPointer) -> Bool {
        var position = 0
        while let line = nextCandidateLine(in: content, from: position) {
            if lineMatches(UnsafeRawBufferPointer(rebasing: content[line])) { return true }
            position = line.upperBound + 1
        }
        return false
    }

    /// Every matching line of `content`, with where the matches are in it.
    func matchingLines(_ content: UnsafeRawBufferPointer) -> [SearchLine] {
        var lines: [SearchLine] = []
        var position = 0, lineNumber = 1, counted = 0
        while let line = nextCandidateLine(in: content, from: position) {
            let bytes = UnsafeRawBufferPointer(rebasing: content[line])
            let marks = matches(in: bytes)
            if marks != nil {
                lineNumber += content[counted..<line.lowerBound].reduce(0) { $0 + ($1 == 0x0a ? 1 : 0) }
                counted = line.lowerBound
                lines.append(SearchLine(number: lineNumber, text: Array(bytes), marks: marks ?? []))
            }
            position = line.upperBound + 1
        }
        return lines
    }

    /// The next line at or after `position` that can match (it holds the literal), as a byte range
    /// without its LF; nil when there is none.
    private func nextCandidateLine(in content: UnsafeRawBufferPointer, from position: Int) -> Range<Int>? {
        guard position <= content.count else { return nil }
        let hit: Int
        if literalFolded.isEmpty {
            hit = position
        } else if let found = find(in: content, from: position) {
            hit = found
        } else {
            return nil
        }
        var start = hit, end = hit
        while start > position && content[start - 1] != 0x0a { start -= 1 }
        while end < content.count && content[end] != 0x0a { end += 1 }
        // An empty content has one empty line; a content ending in LF has no line after it.
        if literalFolded.isEmpty && start == content.count && start > 0 { return nil }
        return start..<end
    }

    private func lineMatches(_ line: UnsafeRawBufferPointer) -> Bool {
        guard let regex else { return true }
        return regex.firstMatch(in: line, from: 0) != nil
    }

    /// The non-empty matches in `line` (an empty list when only empty matches exist), or nil for none.
    private func matches(in line: UnsafeRawBufferPointer) -> [Range<Int>]? {
        var marks: [Range<Int>] = []
        guard let regex else {
            guard !literalFolded.isEmpty else { return [] }
            var position = 0
            while let start = find(in: line, from: position) {
                marks.append(start..<(start + literalFolded.count))
                position = start + literalFolded.count
            }
            return marks.isEmpty ? nil : marks
        }
        var position = 0, matched = false
        while position <= line.count, let range = regex.firstMatch(in: line, from: position) {
            matched = true
            if range.isEmpty {
                position = range.upperBound + 1
            } else {
                marks.append(range)
                position = range.upperBound
            }
        }
        return matched ? marks : nil
    }

    /// Where the literal next occurs in `bytes` at or after `position`.
    private func find(in bytes: UnsafeRawBufferPointer, from position: Int) -> Int? {
        let needle = literalFolded
        guard position + needle.count <= bytes.count else { return nil }
        if ignoringCase { return SearchLiteral.findIgnoringCase(needle, in: bytes, from: position) }
        return SearchLiteral.find(needle, in: bytes, from: position)
    }
}

/// One matching line of a message: its number in the content (from 1), its bytes, and the byte
/// ranges of the matches in it.
public struct SearchLine: Sendable, Equatable {
    public let number: Int
    public let text: [UInt8]
    public let marks: [Range<Int>]
}
