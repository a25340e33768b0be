/// Orders the messages of conversation trees the way `git log --graph --topo-order` orders commits.
enum TopologicalOrder {
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
    static func order<ID: Hashable & Comparable, Timestamp: Comparable>(
        nodes: [DatedGraphNode<ID, Timestamp>],
        heads: [ID]
    ) -> [DatedGraphNode<ID, Timestamp>] {
        var nodeByID: [ID: DatedGraphNode<ID, Timestamp>] = [:]
        nodeByID.reserveCapacity(nodes.count)
        for node in nodes where nodeByID[node.id] == nil {
            nodeByID[node.id] = node
        }

        let reachable = reachableIDs(from: heads, in: nodeByID)
        var pendingChildren: [ID: Int] = [:]
        pendingChildren.reserveCapacity(reachable.count)
        for id in reachable {
            if let parent = nodeByID[id]?.parent, reachable.contains(parent) {
                pendingChildren[parent, default: 0] += 1
            }
        }

        var seen = Set<ID>()
        let tips = heads.compactMap { id -> DatedGraphNode<ID, Timestamp>? in
            guard pendingChildren[id] == nil, seen.insert(id).inserted else { return nil }
            return nodeByID[id]
        }
        // Sorted oldest first, so that the newest ends on top of the stack.
        var stack = tips.sorted { lhs, rhs in
            lhs.date != rhs.date ? lhs.date < rhs.date : lhs.id > rhs.id
        }

        var ordered: [DatedGraphNode<ID, Timestamp>] = []
        ordered.reserveCapacity(reachable.count)
        while let node = stack.popLast() {
            ordered.append(node)
            guard let parentID = node.parent, let remaining = pendingChildren[parentID] else { continue }
            pendingChildren[parentID] = remaining - 1
            if remaining == 1, let parent = nodeByID[parentID] {
                stack.append(parent)
            }
        }
        return ordered
    }

    /// The ids of `heads` that are present and of all their present ancestors.
    private static func reachableIDs<ID: Hashable, Timestamp>(
        from heads: [ID],
        in nodeByID: [ID: DatedGraphNode<ID, Timestamp>]
    ) -> Set<ID> {
        var reachable = Set<ID>()
        for head in heads {
            var next: ID? = head
            // Stops at the first id already walked, so shared history is walked once.
            while let id = next, let node = nodeByID[id], reachable.insert(id).inserted {
                next = node.parent
            }
        }
        return reachable
    }
}
