/// One message as the conversation diff sees it.
public struct DiffTurn: Sendable, Equatable {
    /// The message's object id, so a caller can point back at it.
    public var id: String
    /// Who spoke: "system", "user", "assistant", …
    public var role: String
    /// The message body.
    public var content: String

    public init(id: String, role: String, content: String) {
        self.id = id
        self.role = role
        self.content = content
    }
}

/// A pair of messages placed side by side, or a message only one side has.
public struct AlignedTurn: Sendable, Equatable {
    /// The message on the left (old) side; nil when only the right side has one here.
    public var left: DiffTurn?
    /// The message on the right (new) side; nil when only the left side has one here.
    public var right: DiffTurn?
    /// The text diff from the left content to the right content. A left-only turn is
    /// one removed run, a right-only turn one added run (no runs for empty content).
    public var runs: [TextDiffRun]
    /// True when both sides have a message with the same role and byte-identical content.
    /// Ids are not compared: after a fork the same words are stored as different messages.
    public var isIdentical: Bool
    /// True when both sides have a message but their texts have too little in common for a word
    /// diff to help (`RewriteDetection`): the runs are then the whole left text removed and the
    /// whole right text added.
    public var isRewritten: Bool

    public init(left: DiffTurn?, right: DiffTurn?, runs: [TextDiffRun], isIdentical: Bool, isRewritten: Bool = false) {
        self.left = left
        self.right = right
        self.runs = runs
        self.isIdentical = isIdentical
        self.isRewritten = isRewritten
    }
}

/// Lines up two branches of a conversation after their fork point, turn by turn.
public enum ConversationDiff {
    /// Below this many bytes in the differing pairs, `align` compares them on this thread: 32 KiB is
    /// about what starting dispatch's worker threads costs (docs/PERFORMANCE.md).
    public static let defaultParallelBytes = 32 * 1024

    /// Aligns `left` and `right` and diffs each pair's content `by` words or lines.
    ///
    /// The rule:
    /// 1. From the start, messages are paired by position for as long as their roles agree.
    /// 2. From the first position where roles disagree (say one side has an extra system
    ///    message), the rest is aligned by a longest common subsequence of the two role
    ///    sequences, so a user message pairs with a user message and an assistant reply
    ///    with an assistant reply, in order. Among equally long alignments the one that
    ///    pairs turns earliest wins, and where one side must skip turns, the left skips first.
    /// 3. Messages left unpaired are one-sided: left-only ones read as removed (their whole
    ///    text as one removed run), right-only ones as added.
    ///
    /// Each pair's content is diffed as `TextDiff.diff` does, the shortest script with `minimal`;
    /// a pair that `RewriteDetection` judges rewritten is shown whole instead (its left text
    /// removed, its right text added), except with `minimal`.
    ///
    /// - Returns: the aligned turns in conversation order; empty when both sides are empty.
    public static func align(
        _ left: [DiffTurn], _ right: [DiffTurn], by granularity: TextDiffGranularity, minimal: Bool = false,
        parallelBytes: Int = defaultParallelBytes
    ) -> [AlignedTurn] {
        let steps = RoleAlignment.align(left.map(\.role), right.map(\.role))
        let sides = steps.map { step -> (DiffTurn?, DiffTurn?) in
            switch step {
            case .paired(let leftIndex, let rightIndex): (left[leftIndex], right[rightIndex])
            case .leftOnly(let index): (left[index], nil)
            case .rightOnly(let index): (nil, right[index])
            }
        }
        // Only a pair of two different texts needs work: the rewrite test, then a token diff unless it
        // is a rewrite. Where there are several with enough text between them, they run on every core
        // at once and are taken back in order; otherwise here, since starting the worker threads costs
        // as much as comparing some tens of kilobytes.
        let differing = sides.filter { differ($0.0, $0.1) }
        let differingBytes = differing.reduce(0) { $0 + ($1.0?.content.utf8.count ?? 0) + ($1.1?.content.utf8.count ?? 0) }
        @Sendable func turn(_ index: Int) -> AlignedTurn {
            pair(sides[index].0, sides[index].1, by: granularity, minimal: minimal)
        }
        guard differing.count > 1, differingBytes >= parallelBytes else { return steps.indices.map(turn) }
        var turns: [AlignedTurn] = []
        turns.reserveCapacity(steps.count)
        OrderedParallel.forEach(count: steps.count, window: steps.count, produce: turn) { turns.append($0) }
        return turns
    }

    /// Compares two messages as `align` compares a pair, whatever their roles: the turn is identical
    /// when their contents are.
    public static func compare(
        _ left: DiffTurn, _ right: DiffTurn, by granularity: TextDiffGranularity, minimal: Bool = false
    ) -> AlignedTurn {
        var turn = pair(left, right, by: granularity, minimal: minimal)
        turn.isIdentical = left.content.utf8.elementsEqual(right.content.utf8)
        return turn
    }

    /// True when both sides have a message and their texts differ.
    private static func differ(_ left: DiffTurn?, _ right: DiffTurn?) -> Bool {
        guard let left, let right else { return false }
        return !left.content.utf8.elementsEqual(right.content.utf8)
    }

    /// One turn: a one-sided message as one run; a pair identical, rewritten (`RewriteDetection`,
    /// except with `minimal`: the two texts whole), or diffed token by token.
    private static func pair(_ left: DiffTurn?, _ right: DiffTurn?, by granularity: TextDiffGranularity, minimal: Bool) -> AlignedTurn {
        guard let left, let right else {
            let runs = TextDiff.diff(left?.content ?? "", right?.content ?? "", by: granularity, minimal: minimal)
            return AlignedTurn(left: left, right: right, runs: runs, isIdentical: false)
        }
        let sameText = left.content.utf8.elementsEqual(right.content.utf8)
        if !sameText, !minimal, RewriteDetection.isRewrite(left.content, right.content) {
            let runs = [TextDiffRun(kind: .removed, text: left.content), TextDiffRun(kind: .added, text: right.content)]
            return AlignedTurn(left: left, right: right, runs: runs, isIdentical: false, isRewritten: true)
        }
        let runs = TextDiff.diff(left.content, right.content, by: granularity, minimal: minimal)
        return AlignedTurn(left: left, right: right, runs: runs, isIdentical: sameText && left.role == right.role)
    }
}
