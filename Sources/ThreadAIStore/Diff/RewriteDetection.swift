/// Tells when two texts have so little in common that a word diff would only interleave them.
///
/// Two unrelated answers still share most of their spaces and many common words, so their word
/// diff alternates removed and added fragments around those: unreadable, and the costliest diff
/// there is (Myers' search runs to its bound). Such a pair reads best as the old text removed and
/// the new one added, as git's `--break-rewrites` shows a rewritten file and as diff pagers keep
/// word highlighting for lines that are alike.
///
/// The measure is the share of *word pairs* (two consecutive words of a text) the two texts have
/// in common, which stays low for unrelated texts however common their words are, and falls
/// slowly with edits: a text with half its words replaced at random places keeps about a quarter.
public enum RewriteDetection {
    /// A text with fewer words is never judged rewritten: its word diff is short anyway, and a few
    /// pairs make too small a sample.
    public static let minimumWords = 16

    /// True when both texts have at least `minimumWords` words and less than a fifth of their word
    /// pairs are shared: with `p` and `q` pairs on the two sides and `s` shared (each distinct pair
    /// counted as often as the side with fewer of it has it), when `10·s < p + q`.
    ///
    /// Words are `WordTokenizer`'s word tokens, compared by their exact bytes; a pair is two words
    /// one after the other, whatever whitespace or symbols lie between them.
    public static func isRewrite(_ old: String, _ new: String) -> Bool {
        var old = old, new = new
        old.makeContiguousUTF8()
        new.makeContiguousUTF8()
        let oldWords = words(of: old), newWords = words(of: new)
        guard oldWords.count >= minimumWords, newWords.count >= minimumWords else { return false }
        let symbols = TokenInterner.symbols(old: old, oldWords, new: new, newWords)
        let shared = sharedCount(pairs(of: symbols.old), pairs(of: symbols.new))
        return 10 * shared < (oldWords.count - 1) + (newWords.count - 1)
    }

    private static func words(of text: String) -> [Range<Int>] {
        var words: [Range<Int>] = []
        WordScanner.scan(text) { kind, bytes in
            if kind == .word { words.append(bytes) }
        }
        return words
    }

    /// Each pair of consecutive symbols as one number, sorted. Symbols number the distinct words of
    /// both texts from 0, so each fits in 32 bits.
    private static func pairs(of symbols: [Int]) -> [Int] {
        guard symbols.count > 1 else { return [] }
        return (1..<symbols.count).map { symbols[$0 - 1] << 32 | symbols[$0] }.sorted()
    }

    /// The size of the multiset intersection of two sorted lists.
    private static func sharedCount(_ left: [Int], _ right: [Int]) -> Int {
        var shared = 0, i = 0, j = 0
        while i < left.count, j < right.count {
            if left[i] == right[j] {
                shared += 1
                i += 1
                j += 1
            } else if left[i] < right[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return shared
    }
}
