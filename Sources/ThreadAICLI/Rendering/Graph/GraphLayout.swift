/// Lays out conversation trees in lanes, drawn like `git log --graph --oneline`.
///
/// Feed it nodes in ``TopologicalOrder`` (children before parents). A lane ("column") waits for the
/// next node of its line of history; column k is drawn at character position 2k.
/// - A node goes in the lane waiting for it, which is the leftmost one because no two lanes wait for
///   the same node. A node no lane waits for (a thread's head) opens a lane at the right.
/// - The node's lane then waits for its parent. If another lane already waits for that parent, the
///   lane further right folds into the one further left with connector rows (`|/`, or `|_|/` then
///   `|/|` across lanes in between, see ``LaneCollapse``), right after the node, as git does.
/// - A root (no parent) ends its lane.
/// - When a lane ends or folds, the lanes to its right shift one column left with `/`. A lane whose
///   last stroke was such a `/` and that shifts again right after the next node is drawn `/` in that
///   node's row too (`* / p`), so its diagonal reads as one line.
///
/// For these shapes the rows are exactly git's, except that git pads connector rows with spaces.
/// Like git, a root followed by another conversation's head in the same column (`* r` over `* x2`)
/// shows no gap between them.
///
/// Each node costs time proportional to the number of lanes open at that point, which is also the
/// length of its row.
struct GraphLayout<ID: Hashable> {
    /// The node each lane waits for, left to right; never the same node twice.
    private var lanes: [ID] = []
    private var laneOfID: [ID: Int] = [:]

    /// For each column, whether its lane arrived drawn `/` on the connector row just above; empty when
    /// the row above is a node row.
    private var leaning: [Bool] = []

    /// An empty graph.
    init() {}

    /// The rows for `nodes`, which must list children before their parents.
    ///
    /// A parent that does not appear later in `nodes` cannot be drawn below its child, so that child
    /// is drawn as a root.
    static func rows(for nodes: [GraphNode<ID>]) -> [GraphRow<ID>] {
        var lastPosition: [ID: Int] = [:]
        lastPosition.reserveCapacity(nodes.count)
        for (position, node) in nodes.enumerated() {
            lastPosition[node.id] = position
        }
        var layout = GraphLayout()
        var rows: [GraphRow<ID>] = []
        rows.reserveCapacity(nodes.count + nodes.count / 4)
        for (position, node) in nodes.enumerated() {
            var drawable = node
            if let parent = node.parent, (lastPosition[parent] ?? -1) <= position {
                drawable.parent = nil
            }
            layout.place(drawable, appendingTo: &rows)
        }
        return rows
    }

    /// Places the next node and appends its row and the connector rows that follow it.
    ///
    /// - Parameter node: the next node; its parent, if any, must be placed later.
    mutating func place(_ node: GraphNode<ID>, appendingTo rows: inout [GraphRow<ID>]) {
        let column = laneOfID.removeValue(forKey: node.id) ?? appendLane(for: node.id)
        // The lane that ends after this node, or folds into `kept` because two lanes now wait for the
        // same parent (the left one carries on).
        var closing: (closed: Int, kept: Int?)?
        if let parent = node.parent, let parentColumn = laneOfID[parent] {
            closing = (max(column, parentColumn), min(column, parentColumn))
        } else if node.parent == nil {
            closing = (column, nil)
        }
        if let parent = node.parent {
            let carrying = closing?.kept ?? column
            lanes[carrying] = parent
            laneOfID[parent] = carrying
        }

        rows.append(.node(prefix: nodePrefix(column: column, shiftingFrom: closing?.closed), id: node.id))
        leaning = []
        if let closing {
            closeLane(closing.closed, foldingInto: closing.kept, appendingTo: &rows)
        }
    }

    /// `| ` for each lane, with `* ` in the node's column. A lane that arrived leaning and shifts left
    /// again after this node is drawn `/` to keep its diagonal going, as git does.
    private func nodePrefix(column: Int, shiftingFrom firstShifting: Int?) -> String {
        var prefix = [UInt8](repeating: UInt8(ascii: " "), count: lanes.count * 2)
        for lane in lanes.indices {
            if lane == column {
                prefix[lane * 2] = UInt8(ascii: "*")
            } else if let firstShifting, lane >= firstShifting, lane < leaning.count, leaning[lane] {
                prefix[lane * 2] = UInt8(ascii: "/")
            } else {
                prefix[lane * 2] = UInt8(ascii: "|")
            }
        }
        return String(decoding: prefix, as: UTF8.self)
    }

    /// Removes the lane at `closed`, which ends or folds into the lane at `kept`, and appends the
    /// connector rows that draw it and the lanes to its right shifting left.
    private mutating func closeLane(_ closed: Int, foldingInto kept: Int?, appendingTo rows: inout [GraphRow<ID>]) {
        let targets = lanes.indices.map { lane -> Int? in
            if lane == closed { return kept }
            return lane < closed ? lane : lane - 1
        }
        lanes.remove(at: closed)
        for lane in closed..<lanes.count {
            laneOfID[lanes[lane]] = lane
        }
        let collapse = LaneCollapse.collapse(targets: targets)
        rows.append(contentsOf: collapse.rows.map(GraphRow.connector))
        if !collapse.rows.isEmpty { leaning = collapse.leaning }
    }

    /// Opens a lane at the right for a node no lane waits for and returns its column.
    private mutating func appendLane(for id: ID) -> Int {
        lanes.append(id)
        return lanes.count - 1
    }
}
