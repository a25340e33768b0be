/// What a text diff compares as its smallest unit.
public enum TextDiffGranularity: Sendable {
    /// Words, whitespace runs and single symbols (see `WordTokenizer`).
    case word
    /// Whole lines, each with its line end (see `LineTokenizer`).
    case line
}

/// A maximal stretch of text that a diff keeps, removes or adds.
public struct TextDiffRun: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Text present on both sides.
        case equal
        /// Text only on the old side.
        case removed
        /// Text only on the new side.
        case added
    }

    public var kind: Kind
    public var text: String

    public init(kind: Kind, text: String) {
        self.kind = kind
        self.text = text
    }
}

/// Diffs prose the way a reader wants to see it: by word, or by line.
public enum TextDiff {
    /// Returns the runs that turn `old` into `new`.
    ///
    /// Tokens are compared by exact bytes. With `minimal`, the edit script is the shortest
    /// there is; otherwise texts that differ in more than a few hundred tokens get a short one
    /// found in bounded time instead, as `git diff` does without `--minimal` (see `MyersDiff`).
    /// Each change lists its removed text before its added text, adjacent runs of the
    /// same kind are merged, and — for word diffs, as `git diff --word-diff` reads —
    /// whitespace kept between two changes is folded into them, so "the cat sat" →
    /// "a dog sat" gives removed "the cat", added "a dog", equal " sat".
    /// Joining the equal and removed runs gives `old`; joining equal and added gives `new`.
    public static func diff(
        _ old: String, _ new: String, by granularity: TextDiffGranularity, minimal: Bool = false
    ) -> [TextDiffRun] {
        // What the token diff would find, without tokenizing: a message only one side has is all removed
        // or all added, and an unchanged one all equal (a fork's diff is mostly these).
        if new.isEmpty || old.isEmpty || old.utf8.elementsEqual(new.utf8) {
            if !new.isEmpty, !old.isEmpty { return [TextDiffRun(kind: .equal, text: old)] }
            if !old.isEmpty { return [TextDiffRun(kind: .removed, text: old)] }
            return new.isEmpty ? [] : [TextDiffRun(kind: .added, text: new)]
        }
        var old = old, new = new
        old.makeContiguousUTF8()
        new.makeContiguousUTF8()
        let oldTokens = tokens(of: old, by: granularity), newTokens = tokens(of: new, by: granularity)
        let symbols = TokenInterner.symbols(old: old, oldTokens, new: new, newTokens)
        let spans = MyersDiff.editScript(old: symbols.old, new: symbols.new, minimal: minimal).deletionsBeforeInsertions()
        // Tokens are contiguous, so a run's text is one slice of its side.
        let runs = spans.map { span in
            switch span.kind {
            case .equal: TextDiffRun(kind: .equal, text: text(of: oldTokens[span.old], in: old))
            case .deleted: TextDiffRun(kind: .removed, text: text(of: oldTokens[span.old], in: old))
            case .inserted: TextDiffRun(kind: .added, text: text(of: newTokens[span.new], in: new))
            }
        }
        switch granularity {
        case .word: return DiffReadability.foldingWhitespaceBetweenChanges(runs)
        case .line: return runs
        }
    }

    /// The tokens of `text` as ranges of UTF-8 byte offsets, in order; together they cover the text.
    private static func tokens(of text: String, by granularity: TextDiffGranularity) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        switch granularity {
        case .word:
            WordScanner.scan(text) { _, bytes in ranges.append(bytes) }
        case .line:
            let utf8 = text.utf8
            ranges = LineTokenizer.lines(in: text).map { line in
                utf8.distance(from: utf8.startIndex, to: line.startIndex)..<utf8.distance(from: utf8.startIndex, to: line.endIndex)
            }
        }
        return ranges
    }

    /// The text of a non-empty run of consecutive tokens of `text`.
    private static func text(of tokens: ArraySlice<Range<Int>>, in text: String) -> String {
        guard let first = tokens.first, let last = tokens.last else { return "" }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: first.lowerBound)
        let end = utf8.index(start, offsetBy: last.upperBound - first.lowerBound)
        return String(Substring(utf8[start..<end]))
    }
}
