/// Orders the messages of conversation trees the way `git log --graph --topo-order` orders commits.
public enum TopologicalOrder {
    /// The nodes reachable from `heads`, each once, children before their parent and each line of
    /// history contiguous.
    ///
    /// The walk keeps a stack seeded with the heads that no other node descends from, the newest on
    /// top (equal dates: the smaller id first). It emits the top node, and pushes that node's parent
    /// once all of the parent's children have been emitted, so a thread runs down until it meets a
    /// message another thread still has to reach. A head that is also another head's ancestor (a fork
    /// with no messages of its own) is therefore shown once, after its children.
    ///
    /// - Parameters:
    ///   - nodes: the nodes to order; the first of several with the same id is used. A parent that is
    ///     not among them is treated as absent, so its child is shown as a root.
    ///   - heads: the tips of the threads; duplicates and ids not among `nodes` are ignored.
    /// - Returns: the reachable nodes in display order. Nodes reachable only through a cycle (which
    ///   content-addressed messages cannot form) are left out.
    public static func order<ID: Hashable & Comparable, Timestamp: Comparable>(
        nodes: [DatedGraphNode<ID, Timestamp>],
        heads: [ID]
    ) -> [DatedGraphNode<ID, Timestamp>] {
        var index: [ID: Int] = [:]
        index.reserveCapacity(nodes.count)
        var unique: [DatedGraphNode<ID, Timestamp>] = []
        for node in nodes where index[node.id] == nil {
            index[node.id] = unique.count
            unique.append(node)
        }
        let parents = unique.map { $0.parent.flatMap { index[$0] } }
        let order = order(
            count: unique.count, parent: { parents[$0] }, heads: heads.compactMap { index[$0] },
            isOlder: { lhs, rhs in
                let (a, b) = (unique[lhs], unique[rhs])
                return a.date != b.date ? a.date < b.date : a.id > b.id
            })
        return order.map { unique[$0] }
    }

    /// The same order over nodes numbered `0..<count`, for graphs too large for a dictionary per node
    /// (`log --graph --all` of a whole repository): four bytes and a flag per node.
    ///
    /// - Parameters:
    ///   - parent: the node each node follows, or nil for a root.
    ///   - heads: the tips; duplicates are ignored.
    ///   - isOlder: whether a tip is shown after another (an older date; equal dates: the larger id).
    public static func order(
        count: Int, parent: (Int) -> Int?, heads: [Int], isOlder: (Int, Int) -> Bool
    ) -> [Int] {
        var reachable = [Bool](repeating: false, count: count)
        for head in heads {
            var next: Int? = head
            // Stops at the first node already walked, so shared history is walked once.
            while let node = next, !reachable[node] {
                reachable[node] = true
                next = parent(node)
            }
        }
        var pendingChildren = [Int32](repeating: 0, count: count)
        for node in 0..<count where reachable[node] {
            if let parent = parent(node) { pendingChildren[parent] += 1 }
        }
        var isTip = [Bool](repeating: false, count: count)
        var tips: [Int] = []
        for head in heads where pendingChildren[head] == 0 && !isTip[head] {
            isTip[head] = true
            tips.append(head)
        }
        // Sorted oldest first, so that the newest ends on top of the stack.
        var stack = tips.sorted(by: isOlder)
        var ordered: [Int] = []
        ordered.reserveCapacity(reachable.lazy.filter { $0 }.count)
        while let node = stack.popLast() {
            ordered.append(node)
            guard let parent = parent(node) else { continue }
            pendingChildren[parent] -= 1
            if pendingChildren[parent] == 0 { stack.append(parent) }
        }
        return ordered
    }
}
