/// How many words a text diff adds, removes and keeps.
///
/// Only word tokens count (runs of letters and digits, see `WordTokenizer`):
/// whitespace and punctuation do not, as with `wc -w` on prose.
public struct TextDiffStat: Sendable, Equatable {
    public var wordsAdded: Int
    public var wordsRemoved: Int
    public var wordsUnchanged: Int

    public init(wordsAdded: Int, wordsRemoved: Int, wordsUnchanged: Int) {
        self.wordsAdded = wordsAdded
        self.wordsRemoved = wordsRemoved
        self.wordsUnchanged = wordsUnchanged
    }

    /// Counts the words in each run of a diff by the run's kind.
    public init(runs: [TextDiffRun]) {
        self.init(wordsAdded: 0, wordsRemoved: 0, wordsUnchanged: 0)
        for run in runs {
            let words = WordTokenizer.wordCount(in: run.text)
            switch run.kind {
            case .equal: wordsUnchanged += words
            case .removed: wordsRemoved += words
            case .added: wordsAdded += words
            }
        }
    }
}
