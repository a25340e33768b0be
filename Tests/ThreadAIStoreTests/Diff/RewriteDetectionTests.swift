import Testing
@testable import ThreadAIStore

@Suite("Rewrite detection")
struct RewriteDetectionTests {
    /// `count` distinct words with a prefix: "a0 a1 a2 …".
    static func words(_ prefix: String, _ range: Range<Int>) -> [String] {
        range.map { "\(prefix)\($0)" }
    }

    static let unrelatedAnswers = (
        """
        To rename a column in PostgreSQL, run ALTER TABLE with RENAME COLUMN, then update every view and \
        function that names it. Indexes follow the column by themselves, so nothing else needs rebuilding.
        """,
        """
        Swift's structured concurrency gives each task a parent: cancelling the parent cancels its children, \
        and a task group waits for all of them before it returns, which keeps lifetimes easy to follow.
        """
    )

    @Test("two unrelated answers are a rewrite; the same answer with a few words changed is not")
    func unrelatedAndEdited() {
        let (first, second) = Self.unrelatedAnswers
        #expect(RewriteDetection.isRewrite(first, second))
        let edited = first.replacingOccurrences(of: "every view", with: "each view")
            .replacingOccurrences(of: "by themselves", with: "on their own")
        #expect(!RewriteDetection.isRewrite(first, edited))
        #expect(!RewriteDetection.isRewrite(first, first))
    }

    @Test("the boundary: rewritten below a fifth of shared word pairs, not at it")
    func sharedPairBoundary() {
        // 21 words, 20 pairs a side, 40 in all: 3 shared pairs is under a fifth (30 < 40), 4 is not.
        let old = Self.words("a", 0..<21).joined(separator: " ")
        let threeShared = (Self.words("a", 0..<4) + Self.words("b", 0..<17)).joined(separator: " ")
        let fourShared = (Self.words("a", 0..<5) + Self.words("b", 0..<16)).joined(separator: " ")
        #expect(RewriteDetection.isRewrite(old, threeShared))
        #expect(!RewriteDetection.isRewrite(old, fourShared))
    }

    @Test("a text under the minimum word count is never a rewrite", arguments: [15, 16])
    func minimumWords(count: Int) {
        let old = Self.words("a", 0..<count).joined(separator: " ")
        let new = Self.words("b", 0..<count).joined(separator: " ")
        #expect(RewriteDetection.isRewrite(old, new) == (count >= RewriteDetection.minimumWords))
        #expect(!RewriteDetection.isRewrite(old, Self.words("b", 0..<15).joined(separator: " ")))
    }

    @Test("a repeated pair counts as often as the side with fewer of it has it")
    func repeatedPairs() {
        // 16 words, 15 pairs: "x y" 8 times, "y x" 7 times.
        let old = Array(repeating: "x y", count: 8).joined(separator: " ")
        func right(repeating count: Int) -> String {
            (Array(repeating: "x y", count: count) + Self.words("c", 0..<(20 - 2 * count))).joined(separator: " ")
        }
        // Twice on the right (19 pairs): 2 "x y" and 1 "y x" shared, 30 < 34: a rewrite (counting
        // every one of the left's 15 would not make it one).
        #expect(RewriteDetection.isRewrite(old, right(repeating: 2)))
        // Four times: 4 + 3 shared, 70 ≥ 34: not a rewrite (counting distinct pairs, 2, would make it one).
        #expect(!RewriteDetection.isRewrite(old, right(repeating: 4)))
    }

    @Test("words are compared by their exact bytes and paired across punctuation")
    func exactBytesAcrossPunctuation() {
        let words = Self.words("w", 0..<20)
        let plain = words.joined(separator: " ")
        // Punctuation and line breaks between words leave every pair intact.
        #expect(!RewriteDetection.isRewrite(plain, words.joined(separator: ", ")))
        #expect(!RewriteDetection.isRewrite(plain, words.joined(separator: "\n\n")))
        // Capitalised words are other words: no pair is shared.
        #expect(RewriteDetection.isRewrite(plain, words.map { $0.uppercased() }.joined(separator: " ")))
        // A precomposed "é" and "e" with a combining accent are different bytes, so different words.
        let composed = words.map { $0 + "\u{E9}" }.joined(separator: " ")
        let decomposed = words.map { $0 + "e\u{301}" }.joined(separator: " ")
        #expect(RewriteDetection.isRewrite(composed, decomposed))
    }
}
