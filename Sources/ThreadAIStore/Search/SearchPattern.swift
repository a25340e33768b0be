/// What `grep` looks for in each line of a message's content: a fixed string or a POSIX extended
/// regular expression (`grep -E`), optionally ignoring case; or any of several fixed strings (the
/// terms of a digest's query, `Repository.digest`).
///
/// Speed: a byte search for a literal that every match must contain (the whole fixed string, or the
/// longest run a regular expression requires, `SearchLiteral`) finds candidate lines, and only those
/// go through the regular expression; a content without the literal costs one `memchr` pass (one
/// per term for several fixed strings: an alternation as an expression has no literal to look for,
/// and ran ten times slower).
public struct SearchPattern: Sendable {
    public enum Syntax: Sendable { case fixed, extended }

    public let text: String
    public let ignoringCase: Bool
    /// Bytes every matching line contains (one finder, empty when none is known), or, for several
    /// fixed strings, one finder each: a line matches where any of them occurs.
    let finders: [LiteralFinder]
    /// Nil for fixed strings: then finding a literal is the match.
    let regex: POSIXRegex?

    /// Any of `terms` (plain text, each without a line break), ASCII letters without case when
    /// `ignoringCase` (other letters as written).
    /// - Throws: `SearchPatternError.spansLines`; `.noTerms` when `terms` holds no text.
    public init(anyOf terms: [String], ignoringCase: Bool) throws(SearchPatternError) {
        guard !terms.contains(where: { $0.utf8.contains(0x0a) }) else { throw .spansLines }
        let needles = terms.map { Array($0.utf8) }.filter { !$0.isEmpty }
        guard !needles.isEmpty else { throw .noTerms }
        text = terms.joined(separator: " ")
        self.ignoringCase = ignoringCase
        regex = nil
        // Longest first: where two terms start at one place, the mark covers the longer.
        finders = needles.sorted { $0.count > $1.count }.map { LiteralFinder($0, ignoringCase: ignoringCase) }
    }

    /// Whether every line matches (the empty fixed string).
    private var matchesEveryLine: Bool { finders.count == 1 && finders[0].isEmpty }

    /// The first place at or after `position` where one of the finders' literals occurs, and its length.
    private func firstLiteral(in bytes: UnsafeRawBufferPointer, from position: Int) -> (at: Int, count: Int)? {
        var cursor = BlockCursor(finders)
        return cursor.next(in: bytes, from: position)
    }

    /// - Throws: `SearchPatternError` for a pattern with a line break or a malformed expression.
    public init(_ text: String, syntax: Syntax, ignoringCase: Bool) throws(SearchPatternError) {
        guard !text.utf8.contains(0x0a) else { throw .spansLines }
        self.text = text
        self.ignoringCase = ignoringCase
        let literal: [UInt8]
        switch syntax {
        case .fixed where ignoringCase && !text.utf8.allSatisfy({ $0 < 0x80 }):
            // Beyond ASCII, only the C library knows case (É, é): the text as an expression, escaped.
            let special = Set("\\.[]()*+?{}|^$".utf8)
            let escaped = text.unicodeScalars.map { $0.isASCII && special.contains(UInt8($0.value)) ? "\\\($0)" : "\($0)" }
            regex = try POSIXRegex(escaped.joined(), ignoringCase: true)
            literal = SearchLiteral.longestASCIIRun(in: Array(text.utf8))
        case .fixed:
            regex = nil
            literal = Array(text.utf8)
        case .extended:
            regex = try POSIXRegex(text, ignoringCase: ignoringCase)
            literal = SearchLiteral.required(in: Array(text.utf8))
        }
        finders = [LiteralFinder(literal, ignoringCase: ignoringCase)]
    }

    /// Whether any line of `content` matches (`log --grep`).
    public func matches(_ content: String) -> Bool {
        var content = content
        return content.withUTF8 { matchesAnyLine(UnsafeRawBufferPointer($0)) }
    }

    /// Whether any line of `content` matches: the question a whole-repository scan asks of each message.
    func matchesAnyLine(_ content: UnsafeRawBufferPointer) -> Bool {
        matchesAnyLine(content, from: 0)
    }

    /// Whether a line of `content` that starts at or after `lineStart` (a line's start) matches.
    func matchesAnyLine(_ content: UnsafeRawBufferPointer, from lineStart: Int) -> Bool {
        var position = lineStart
        while let line = nextCandidateLine(in: content, from: position) {
            if lineMatches(UnsafeRawBufferPointer(rebasing: content[line])) { return true }
            position = line.upperBound + 1
        }
        return false
    }

    /// The records of a block of packed contents that have a matching line, in order: `ends[i]` is
    /// where record `i`'s content ends in `block` (each starts where the one before ends, the first
    /// at 0), and `isCandidate` says which records to consider. With a literal, the whole block is
    /// searched for it at once, and a record is only looked at where the literal occurs in it.
    func matchingRecords(in block: UnsafeRawBufferPointer, ends: (Int) -> Int, count: Int,
                         isCandidate: (Int) -> Bool, _ found: (Int) -> Void) {
        guard !matchesEveryLine else {
            var start = 0
            for record in 0..<count {
                let end = ends(record)
                if isCandidate(record), matchesAnyLine(UnsafeRawBufferPointer(rebasing: block[start..<end])) { found(record) }
                start = end
            }
            return
        }
        var record = 0, start = 0, end = count > 0 ? ends(0) : 0
        var position = 0
        var literals = BlockCursor(finders)
        while record < count, let hit = literals.next(in: block, from: position) {
            while hit.at >= end {
                record += 1
                guard record < count else { return }
                (start, end) = (end, ends(record))
            }
            guard hit.at + hit.count <= end else {
                position = hit.at + 1  // Across the end of one content into the next: no match.
                continue
            }
            if isCandidate(record) {
                var lineStart = hit.at
                while lineStart > start && block[lineStart - 1] != 0x0a { lineStart -= 1 }
                let content = UnsafeRawBufferPointer(rebasing: block[start..<end])
                if regex == nil || matchesAnyLine(content, from: lineStart - start) { found(record) }
            }
            position = end  // This content is settled either way.
        }
    }

    /// The next place of each finder's literal in one block, each looked for again only once the
    /// search has passed it: a rare term is not searched for over the whole block at every hit of
    /// a common one.
    private struct BlockCursor {
        let finders: [LiteralFinder]
        /// Per finder, where its literal next occurs (`Int.max`: nowhere further); -1 before the first search.
        var ahead: [Int]

        init(_ finders: [LiteralFinder]) {
            self.finders = finders
            ahead = Array(repeating: -1, count: finders.count)
        }

        mutating func next(in block: UnsafeRawBufferPointer, from position: Int) -> (at: Int, count: Int)? {
            var best: (at: Int, count: Int)?
            for index in finders.indices {
                if ahead[index] < position { ahead[index] = finders[index].find(in: block, from: position) ?? Int.max }
                if ahead[index] != Int.max, ahead[index] < best?.at ?? Int.max { best = (ahead[index], finders[index].count) }
            }
            return best
        }
    }

    /// Every matching line of `content`, with where the matches are in it.
    func matchingLines(_ content: UnsafeRawBufferPointer) -> [SearchLine] {
        var lines: [SearchLine] = []
        var position = 0, lineNumber = 1, counted = 0
        while let line = nextCandidateLine(in: content, from: position) {
            let bytes = UnsafeRawBufferPointer(rebasing: content[line])
            if let marks = matches(in: bytes) {
                lineNumber += content[counted..<line.lowerBound].reduce(0) { $0 + ($1 == 0x0a ? 1 : 0) }
                counted = line.lowerBound
                lines.append(SearchLine(number: lineNumber, text: Array(bytes), marks: marks))
            }
            position = line.upperBound + 1
        }
        return lines
    }

    /// The next line at or after `position` (a line's start) that can match, because it holds the
    /// literal, as a byte range without its LF; nil when there is none.
    private func nextCandidateLine(in content: UnsafeRawBufferPointer, from position: Int) -> Range<Int>? {
        guard position <= content.count else { return nil }
        guard let hit = firstLiteral(in: content, from: position)?.at else { return nil }
        var start = hit, end = hit
        while start > position && content[start - 1] != 0x0a { start -= 1 }
        while end < content.count && content[end] != 0x0a { end += 1 }
        // An empty content has one empty line; a content ending in LF has no line after it.
        if matchesEveryLine && start == content.count && start > 0 { return nil }
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
            guard !matchesEveryLine else { return [] }
            var position = 0
            while let found = firstLiteral(in: line, from: position) {
                marks.append(found.at..<(found.at + found.count))
                position = found.at + found.count
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
}

/// One matching line of a message: its number in the content (from 1), its bytes, and the byte
/// ranges of the matches in it.
public struct SearchLine: Sendable, Equatable {
    public let number: Int
    public let text: [UInt8]
    public let marks: [Range<Int>]
}
