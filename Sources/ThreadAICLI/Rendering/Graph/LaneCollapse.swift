/// Draws the connector rows that move lanes into their new columns after a node, in the style of
/// `git log --graph`.
///
/// Lanes live at even character positions (column k at 2k). Each row moves every lane that is not yet
/// in its column one position left, drawn as `/`. The leftmost lane that moves also jumps across the
/// lanes it has to pass, drawn as `_` in the gaps between them (`|_|_|/`), and crosses the last lane
/// with a `/` on the next row (`|/| |`). A lane therefore never needs more than two rows, and no
/// character ever stands for two lines at once.
enum LaneCollapse {
    /// The connector rows for lanes moving from their current columns to `targets`.
    ///
    /// - Parameter targets: for each current column, left to right, the column it continues in after
    ///   the move, or `nil` if the lane ends. A lane never moves right, and lanes keep their left-to-right
    ///   order except that one lane may pass over others.
    /// - Returns: the rows, without trailing spaces (none when every lane stays in its column), and for
    ///   each new column whether its lane arrives leaning: its last stroke was a `/` ending halfway
    ///   between two columns.
    static func collapse(targets: [Int?]) -> (rows: [String], leaning: [Bool]) {
        var state = CollapseState(width: targets.count * 2)
        for (column, target) in targets.enumerated() {
            if let target { state.mapping[column * 2] = target }
        }
        var rows: [String] = []
        // Every row takes each misplaced lane at least one position left, so this bound is never the
        // reason to stop; it only makes a broken input end instead of spinning.
        var rowsLeft = state.mapping.count + 1
        while !state.isSettled, rowsLeft > 0 {
            rows.append(state.drawNextRow())
            rowsLeft -= 1
        }
        let columnCount = (targets.compactMap { $0 }.max() ?? -1) + 1
        let leaning = (0..<columnCount).map { column in
            column * 2 + 1 < state.mapping.count && state.mapping[column * 2 + 1] == column
        }
        return (rows, leaning)
    }
}

/// The positions of lanes between two node rows: `mapping[position]` is the column the lane at that
/// character position is heading for, or `empty`.
private struct CollapseState {
    static let empty = -1

    var mapping: [Int]

    init(width: Int) {
        mapping = Array(repeating: Self.empty, count: width)
    }

    /// Whether every lane is in its column or one `/` away from it, which the next node row completes.
    var isSettled: Bool {
        mapping.indices.allSatisfy { position in
            mapping[position] == Self.empty || mapping[position] == position / 2
        }
    }

    /// Moves the lanes one row down and returns that row's drawing.
    mutating func drawNextRow() -> String {
        var next = Array(repeating: Self.empty, count: mapping.count)
        var jump: (position: Int, target: Int)?
        // Only the first lane to move may jump, even when that first lane was stepping over another.
        var jumpTaken = false

        for position in mapping.indices where mapping[position] != Self.empty {
            let target = mapping[position]
            if target * 2 >= position {
                next[position] = target
            } else if next[position - 1] == Self.empty {
                next[position - 1] = target
                if !jumpTaken {
                    jumpTaken = true
                    jump = (position, target)
                    // The spaces between the lanes this one passes, each drawn `_` on this row.
                    for gap in stride(from: target * 2 + 3, to: position - 2, by: 2) {
                        next[gap] = target
                    }
                }
            } else if next[position - 1] != target, position >= 2 {
                // The lane to the left is another one: step over it into the space beyond.
                next[position - 2] = target
                jumpTaken = true
            }
            // A lane meeting one with the same target joins it and is drawn by it.
        }

        var drawing = [UInt8](repeating: UInt8(ascii: " "), count: next.count)
        var drewUnderscore = false
        for position in next.indices where next[position] != Self.empty {
            let target = next[position]
            if target * 2 == position {
                drawing[position] = UInt8(ascii: "|")
            } else if let jump, target == jump.target, position != jump.position - 1 {
                drawing[position] = UInt8(ascii: "_")
                drewUnderscore = true
                // Only the first gap carries the lane on: it continues from there on the next row.
                if position != target * 2 + 3 { next[position] = Self.empty }
            } else {
                drawing[position] = UInt8(ascii: "/")
                // Left of the jumping lane's own `/`, which the `_` already carries on.
                if drewUnderscore, let jump, position < jump.position { next[position] = Self.empty }
            }
        }
        mapping = next
        while drawing.last == UInt8(ascii: " ") { drawing.removeLast() }
        return String(decoding: drawing, as: UTF8.self)
    }
}
