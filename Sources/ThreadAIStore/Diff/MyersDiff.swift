/// Myers' O(ND) difference algorithm ("An O(ND) Difference Algorithm and Its
/// Variations", 1986) in its linear-space form: find the middle snake of an
/// optimal path by searching from both ends at once, then solve the two halves.
///
/// Memory stays O(N+M) however different the inputs are, and time is O((N+M)·D)
/// where D is the size of the minimal edit script. Elements are compared as
/// interned integers so the inner loop stays cheap.
///
/// With a cost limit, a search that has taken that many edit steps without its two
/// ends meeting stops and splits the subproblem at whichever end has reached
/// furthest, as git's xdiff and GNU diff do: the script is then short rather than
/// the shortest, and time is O((N+M)·limit) for inputs that differ throughout.
struct MyersDiff {
    /// A diagonal run of matches, in coordinates relative to the subproblem searched.
    private struct Snake {
        var startX: Int, startY: Int, endX: Int, endY: Int
    }

    private let old: UnsafeBufferPointer<Int>
    private let new: UnsafeBufferPointer<Int>
    /// Furthest x reached on each diagonal k, stored at `k + maxD + 1`; reused by every subproblem.
    private let forward: UnsafeMutableBufferPointer<Int>
    private let backward: UnsafeMutableBufferPointer<Int>
    /// The edit steps a middle-snake search may take before it settles for a split; `Int.max` for none.
    private let costLimit: Int
    private var script = EditScript()

    private init(
        old: UnsafeBufferPointer<Int>, new: UnsafeBufferPointer<Int>,
        forward: UnsafeMutableBufferPointer<Int>, backward: UnsafeMutableBufferPointer<Int>, costLimit: Int
    ) {
        self.old = old
        self.new = new
        self.forward = forward
        self.backward = backward
        self.costLimit = costLimit
    }

    /// The cost limit xdiff uses for inputs of these lengths: about the square root of
    /// their total length, and never under 256, so texts that differ in fewer than
    /// 256 tokens always get the shortest script.
    static func boundedCost(oldCount: Int, newCount: Int) -> Int {
        var root = 1
        while root * root < oldCount + newCount { root *= 2 }
        return max(256, root)
    }

    /// Returns an edit script turning `old` into `new`: the shortest when `minimal`, else one
    /// searched with `boundedCost`.
    static func editScript(old: [Int], new: [Int], minimal: Bool = true) -> EditScript {
        let costLimit = minimal ? Int.max : boundedCost(oldCount: old.count, newCount: new.count)
        // Diagonals of the largest subproblem span -(maxD+1)...(maxD+1).
        let diagonalCount = 2 * ((old.count + new.count + 1) / 2) + 3
        var forwardStorage = [Int](repeating: 0, count: diagonalCount)
        var backwardStorage = [Int](repeating: 0, count: diagonalCount)
        return old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                forwardStorage.withUnsafeMutableBufferPointer { forward in
                    backwardStorage.withUnsafeMutableBufferPointer { backward in
                        var solver = MyersDiff(old: old, new: new, forward: forward, backward: backward, costLimit: costLimit)
                        solver.compare(old: 0..<old.count, new: 0..<new.count)
                        return solver.script
                    }
                }
            }
        }
    }

    private mutating func compare(old oldRange: Range<Int>, new newRange: Range<Int>) {
        var oldStart = oldRange.lowerBound, oldEnd = oldRange.upperBound
        var newStart = newRange.lowerBound, newEnd = newRange.upperBound
        while oldStart < oldEnd, newStart < newEnd, old[oldStart] == new[newStart] {
            oldStart += 1
            newStart += 1
        }
        script.append(.equal, old: oldRange.lowerBound..<oldStart, new: newRange.lowerBound..<newStart)
        while oldStart < oldEnd, newStart < newEnd, old[oldEnd - 1] == new[newEnd - 1] {
            oldEnd -= 1
            newEnd -= 1
        }

        if oldStart == oldEnd || newStart == newEnd {
            script.append(.deleted, old: oldStart..<oldEnd, new: newStart..<newStart)
            script.append(.inserted, old: oldEnd..<oldEnd, new: newStart..<newEnd)
        } else if let snake = middleSnake(old: oldStart..<oldEnd, new: newStart..<newEnd) {
            let snakeOldStart = oldStart + snake.startX, snakeNewStart = newStart + snake.startY
            let snakeOldEnd = oldStart + snake.endX, snakeNewEnd = newStart + snake.endY
            compare(old: oldStart..<snakeOldStart, new: newStart..<snakeNewStart)
            script.append(.equal, old: snakeOldStart..<snakeOldEnd, new: snakeNewStart..<snakeNewEnd)
            compare(old: snakeOldEnd..<oldEnd, new: snakeNewEnd..<newEnd)
        } else {
            // Not reachable for consistent inputs; replacing everything keeps the script valid.
            script.append(.deleted, old: oldStart..<oldEnd, new: newStart..<newStart)
            script.append(.inserted, old: oldEnd..<oldEnd, new: newStart..<newEnd)
        }

        script.append(.equal, old: oldEnd..<oldRange.upperBound, new: newEnd..<newRange.upperBound)
    }

    /// Finds the middle snake of a minimal path through the subproblem, searching
    /// forward from its top-left and backward from its bottom-right until they overlap.
    ///
    /// The loops run over raw pointers with `while` (a `stride` iterator and buffer indexing cost
    /// a third of the search), but visit the same diagonals in the same order as the textbook form,
    /// so the snake found, and the alignment printed, are the same.
    private func middleSnake(old oldRange: Range<Int>, new newRange: Range<Int>) -> Snake? {
        guard let oldStart = old.baseAddress, let newStart = new.baseAddress,
              let forwardStart = forward.baseAddress, let backwardStart = backward.baseAddress else { return nil }
        let n = oldRange.count, m = newRange.count
        let delta = n - m
        let deltaIsOdd = delta & 1 != 0
        let maxD = (n + m + 1) / 2
        // Diagonal k's furthest x lives at furthest[k], k in -(maxD+1)...(maxD+1).
        let forward = forwardStart + (maxD + 1), backward = backwardStart + (maxD + 1)
        // The forward search reads a[x] and b[y]; the backward one reads them from the ends, aEnd[-x] and bEnd[-y].
        let a = oldStart + oldRange.lowerBound, b = newStart + newRange.lowerBound
        let aEnd = a + (n - 1), bEnd = b + (m - 1)
        forward[1] = 0
        backward[1] = 0

        var d = 0
        while d <= maxD {
            var k = -d
            while k <= d {
                // Both neighbours lie inside the buffer even at k = ±d, so both are read and one kept.
                let fromAbove = forward[k + 1], fromLeft = forward[k - 1] &+ 1
                var x = k == -d || (k != d && fromLeft <= fromAbove) ? fromAbove : fromLeft
                var y = x &- k
                let startX = x, startY = y
                while x < n, y < m, a[x] == b[y] {
                    x &+= 1
                    y &+= 1
                }
                forward[k] = x
                // The backward search on the same diagonal ran one step less.
                let backwardK = delta - k
                if deltaIsOdd, backwardK >= 1 - d, backwardK <= d - 1, x &+ backward[backwardK] >= n {
                    return Snake(startX: startX, startY: startY, endX: x, endY: y)
                }
                k &+= 2
            }
            k = -d
            while k <= d {
                let fromAbove = backward[k + 1], fromLeft = backward[k - 1] &+ 1
                var x = k == -d || (k != d && fromLeft <= fromAbove) ? fromAbove : fromLeft
                var y = x &- k
                let startX = x, startY = y
                while x < n, y < m, aEnd[-x] == bEnd[-y] {
                    x &+= 1
                    y &+= 1
                }
                backward[k] = x
                let forwardK = delta - k
                if !deltaIsOdd, forwardK >= -d, forwardK <= d, x &+ forward[forwardK] >= n {
                    return Snake(startX: n - x, startY: m - y, endX: n - startX, endY: m - startY)
                }
                k &+= 2
            }
            if d >= costLimit, let split = furthestPoint(d: d, n: n, m: m, forward: forward, backward: backward) {
                return split
            }
            d += 1
        }
        return nil
    }

    /// After `d` steps each way, the point strictly inside the subproblem that the forward or the
    /// backward search reached furthest, as an empty snake to split at; nil if none is inside.
    private func furthestPoint(
        d: Int, n: Int, m: Int, forward: UnsafeMutablePointer<Int>, backward: UnsafeMutablePointer<Int>
    ) -> Snake? {
        // A search's x may run past the grid on diagonals outside it; clamp each point to the grid.
        func reached(_ furthest: UnsafeMutablePointer<Int>) -> (x: Int, y: Int)? {
            var best: (x: Int, y: Int)?
            var k = -d
            while k <= d {
                var x = min(furthest[k], n), y = x - k
                if y > m { (x, y) = (m + k, m) }
                if y >= 0, x >= 0, x + y > (best.map { $0.x + $0.y } ?? -1) { best = (x, y) }
                k += 2
            }
            return best
        }
        guard let ahead = reached(forward), let behind = reached(backward) else { return nil }
        let point: (x: Int, y: Int) = ahead.x + ahead.y >= behind.x + behind.y ? ahead : (n - behind.x, m - behind.y)
        guard point.x + point.y > 0, point.x + point.y < n + m else { return nil }
        return Snake(startX: point.x, startY: point.y, endX: point.x, endY: point.y)
    }
}
