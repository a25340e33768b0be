// TEMPORARY: replaced by the graph layout branch.
enum GraphRow<ID: Hashable> { case node(prefix: String, id: ID); case connector(String) }
enum TopologicalOrder {
    static func order<ID: Hashable, D: Comparable>(nodes: [(id: ID, parent: ID?, date: D)], heads: [ID]) -> [ID] {
        var seen = Set<ID>(); var out: [ID] = []
        let parents = Dictionary(uniqueKeysWithValues: nodes.map { ($0.id, $0.parent) })
        for h in heads { var n: ID? = h; while let c = n, !seen.contains(c) { seen.insert(c); out.append(c); n = parents[c] ?? nil } }
        return out
    }
}
enum GraphLayout {
    static func rows<ID: Hashable>(for nodes: [(id: ID, parent: ID?)]) -> [GraphRow<ID>] { nodes.map { .node(prefix: "* ", id: $0.id) } }
}
