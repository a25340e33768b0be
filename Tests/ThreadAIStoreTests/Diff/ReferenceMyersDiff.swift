@testable import ThreadAIStore

/// `MyersDiff` as it was before its search loops were rewritten over raw pointers: the oracle the
/// fast search must agree with, span for span, on every input (the chosen alignment among equally
/// short scripts decides what `diff` prints and counts).
struct ReferenceMyersDiff {
    /// A diagonal run of matches, in coordinates relative to the subproblem searched.
    private struct Snake {
        var startX: Int, startY: Int, endX: Int, endY: Int
    }

    private let old: UnsafeBufferPointer<Int>
    private let new: UnsafeBufferPointer<Int>
    /// Furthest x reached on each diagonal k, stored at `k + offset`; reused by every subproblem.
    private let forward: UnsafeMutableBufferPointer<Int>
    private let backward: UnsafeMutableBufferPointer<Int>
    private var script = EditScript()

    private init(
        old: UnsafeBufferPointer<Int>, new: UnsafeBufferPointer<Int>,
        forward: UnsafeMutableBufferPointer<Int>, backward: UnsafeMutableBufferPointer<Int>
    ) {
        self.old = old
        self.new = new
        self.forward = forward
        self.backward = backward
    }

    /// Returns a minimal edit script turning `old` into `new`.
    static func editScript(old: [Int], new: [Int]) -> EditScript {
        // Diagonals of the largest subproblem span -(maxD+1)...(maxD+1).
        let diagonalCount = 2 * ((old.count + new.count + 1) / 2) + 3
        var forwardStorage = [Int](repeating: 0, count: diagonalCount)
        var backwardStorage = [Int](repeating: 0, count: diagonalCount)
        return old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                forwardStorage.withUnsafeMutableBufferPointer { forward in
                    backwardStorage.withUnsafeMutableBufferPointer { backward in
                        var solver = ReferenceMyersDiff(old: old, new: new, forward: forward, backward: backward)
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
    private func middleSnake(old oldRange: Range<Int>, new newRange: Range<Int>) -> Snake? {
        let n = oldRange.count, m = newRange.count
        let oldBase = oldRange.lowerBound, newBase = newRange.lowerBound
        let delta = n - m
        let deltaIsOdd = delta & 1 != 0
        let maxD = (n + m + 1) / 2
        let offset = maxD + 1
        forward[offset + 1] = 0
        backward[offset + 1] = 0

        for d in 0...maxD {
            for k in stride(from: -d, through: d, by: 2) {
                var x = Self.startOfStep(on: k, d: d, in: forward, offset: offset)
                var y = x - k
                let startX = x, startY = y
                while x < n, y < m, old[oldBase + x] == new[newBase + y] {
                    x += 1
                    y += 1
                }
                forward[offset + k] = x
                // The backward search on the same diagonal ran one step less.
                let backwardK = delta - k
                if deltaIsOdd, abs(backwardK) <= d - 1, x + backward[offset + backwardK] >= n {
                    return Snake(startX: startX, startY: startY, endX: x, endY: y)
                }
            }
            for k in stride(from: -d, through: d, by: 2) {
                var x = Self.startOfStep(on: k, d: d, in: backward, offset: offset)
                var y = x - k
                let startX = x, startY = y
                while x < n, y < m, old[oldBase + n - 1 - x] == new[newBase + m - 1 - y] {
                    x += 1
                    y += 1
                }
                backward[offset + k] = x
                let forwardK = delta - k
                if !deltaIsOdd, abs(forwardK) <= d, x + forward[offset + forwardK] >= n {
                    return Snake(startX: n - x, startY: m - y, endX: n - startX, endY: m - startY)
                }
            }
        }
        return nil
    }

    /// Where a d-step path on diagonal k begins its snake: one step down from
    /// diagonal k+1 or one step right from diagonal k-1, whichever got further.
    @inline(__always)
    private static func startOfStep(on k: Int, d: Int, in furthest: UnsafeMutableBufferPointer<Int>, offset: Int) -> Int {
        if k == -d || (k != d && furthest[offset + k - 1] < furthest[offset + k + 1]) {
            return furthest[offset + k + 1]
        }
        return furthest[offset + k - 1] + 1
    }
}
