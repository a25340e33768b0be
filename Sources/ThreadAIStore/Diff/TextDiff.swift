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
    /// The edit script is minimal over the chosen tokens, compared by exact bytes.
    /// Each change lists its removed text before its added text, adjacent runs of the
    /// same kind are merged, and — for word diffs, as `git diff --word-diff` reads —
    /// whitespace kept between two changes is folded into them, so "the cat sat" →
    /// "a dog sat" gives removed "the cat", added "a dog", equal " sat".
    /// Joining the equal and removed runs gives `old`; joining equal and added gives `new`.
    public static func diff(_ old: String, _ new: String, by granularity: TextDiffGranularity) -> [TextDiffRun] {
        // What the token diff would find, without tokenizing: a message only one side has is all removed
        // or all added, and an unchanged one all equal (a fork's diff is mostly these).
        if new.isEmpty || old.isEmpty || old.utf8.elementsEqual(new.utf8) {
            if !new.isEmpty, !old.isEmpty { return [TextDiffRun(kind: .equal, text: old)] }
            if !old.isEmpty { return [TextDiffRun(kind: .removed, text: old)] }
            return new.isEmpty ? [] : [TextDiffRun(kind: .added, text: new)]
        }
        let oldTokens = tokens(of: old, by: granularity)
        let newTokens = tokens(of: new, by: granularity)
        let spans = SequenceDiff.editSpans(oldTokens, newTokens)
        let runs = spans.map { span in
            switch span.kind {
            case .equal: TextDiffRun(kind: .equal, text: joined(oldTokens[span.old]))
            case .deleted: TextDiffRun(kind: .removed, text: joined(oldTokens[span.old]))
            case .inserted: TextDiffRun(kind: .added, text: joined(newTokens[span.new]))
            }
        }
        switch granularity {
        case .word: return DiffReadability.foldingWhitespaceBetweenChanges(runs)
        case .line: return runs
        }
    }

    private static func tokens(of text: String, by granularity: TextDiffGranularity) -> [ExactText] {
        switch granularity {
        case .word: WordTokenizer.tokens(in: text).map { ExactText(text: $0.text) }
        case .line: LineTokenizer.lines(in: text).map { ExactText(text: $0) }
        }
    }

    private static func joined(_ tokens: ArraySlice<ExactText>) -> String {
        var text = ""
        for token in tokens {
            text += token.text
        }
        return text
    }
}
