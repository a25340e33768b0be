/// Pairs two role sequences for `ConversationDiff`: by position while roles agree,
/// then by a longest common subsequence that pairs turns as early as possible.
enum RoleAlignment {
    enum Step: Equatable, Sendable {
        case paired(left: Int, right: Int)
        case leftOnly(Int)
        case rightOnly(Int)
    }

    /// Above this many table cells the quadratic table is skipped in favour of
    /// Myers' linear-space LCS, which is just as long but may pair later turns.
    static let defaultMaximumTableCells = 4_000_000

    static func align(_ left: [String], _ right: [String], maximumTableCells: Int = defaultMaximumTableCells) -> [Step] {
        var steps: [Step] = []
        var prefix = 0
        while prefix < left.count, prefix < right.count, left[prefix] == right[prefix] {
            steps.append(.paired(left: prefix, right: prefix))
            prefix += 1
        }
        let leftRest = Array(left[prefix...]), rightRest = Array(right[prefix...])
        let rest: [Step]
        // Never above the default, which bounds the table's 32-bit sums.
        if (leftRest.count + 1) * (rightRest.count + 1) <= min(maximumTableCells, defaultMaximumTableCells) {
            rest = earliestLCS(leftRest, rightRest)
        } else {
            rest = myersLCS(leftRest, rightRest)
        }
        for step in rest {
            switch step {
            case .paired(let l, let r): steps.append(.paired(left: l + prefix, right: r + prefix))
            case .leftOnly(let l): steps.append(.leftOnly(l + prefix))
            case .rightOnly(let r): steps.append(.rightOnly(r + prefix))
            }
        }
        return steps
    }

    /// Walks a suffix-LCS table from the start, taking every match as soon as it comes. Where skipping
    /// either side keeps the LCS, it skips the side that leaves the pairs earliest (the smaller sum of
    /// paired positions), so a system prompt that only one side has does not push that side's turns
    /// past their counterparts; the left turn is skipped first when both ways are alike.
    private static func earliestLCS(_ left: [String], _ right: [String]) -> [Step] {
        let width = right.count + 1
        // For left[i...] and right[j...], at i * width + j: the LCS length, and the least sum of paired
        // positions (i + j of each pair) among the alignments of that length. Both fit in 32 bits: with
        // (n + 1)(m + 1) cells at most `defaultMaximumTableCells`, the sum is at most min(n, m) · (n + m),
        // under 8,000,000.
        var lengths = [Int32](repeating: 0, count: (left.count + 1) * width)
        var costs = [Int32](repeating: 0, count: (left.count + 1) * width)
        func skipsLeft(_ i: Int, _ j: Int) -> Bool {
            let down = (i + 1) * width + j, across = i * width + j + 1
            if lengths[down] != lengths[across] { return lengths[down] > lengths[across] }
            return costs[down] <= costs[across]
        }
        for i in stride(from: left.count - 1, through: 0, by: -1) {
            for j in stride(from: right.count - 1, through: 0, by: -1) {
                let cell = i * width + j
                if left[i] == right[j] {
                    let next = (i + 1) * width + j + 1
                    lengths[cell] = lengths[next] + 1
                    costs[cell] = costs[next] + Int32(i + j)
                } else {
                    let from = skipsLeft(i, j) ? (i + 1) * width + j : i * width + j + 1
                    lengths[cell] = lengths[from]
                    costs[cell] = costs[from]
                }
            }
        }
        var steps: [Step] = []
        var i = 0, j = 0
        while i < left.count, j < right.count {
            if left[i] == right[j] {
                steps.append(.paired(left: i, right: j))
                i += 1
                j += 1
            } else if skipsLeft(i, j) {
                steps.append(.leftOnly(i))
                i += 1
            } else {
                steps.append(.rightOnly(j))
                j += 1
            }
        }
        steps.append(contentsOf: (i..<left.count).map { .leftOnly($0) })
        steps.append(contentsOf: (j..<right.count).map { .rightOnly($0) })
        return steps
    }

    private static func myersLCS(_ left: [String], _ right: [String]) -> [Step] {
        SequenceDiff.editSpans(left, right).flatMap { span -> [Step] in
            switch span.kind {
            case .equal: zip(span.old, span.new).map { .paired(left: $0, right: $1) }
            case .deleted: span.old.map { .leftOnly($0) }
            case .inserted: span.new.map { .rightOnly($0) }
            }
        }
    }
}
