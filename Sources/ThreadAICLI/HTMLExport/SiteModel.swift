import ThreadAI

/// The threads of a repository as the exported site arranges them: families (a root thread and
/// the forks below it), each fork's parent, children and siblings, and the order of the index.
struct SiteModel {
    var threads: [String: ThreadSummary]
    /// Forks of each thread whose parent exists, in name order.
    var children: [String: [String]]
    /// Every thread, each family's root followed by its forks depth first, families in name order.
    var order: [String]

    init(_ summaries: [ThreadSummary]) {
        var threads: [String: ThreadSummary] = [:]
        for summary in summaries { threads[summary.name.rawValue] = summary }
        var children: [String: [String]] = [:]
        var roots: [String] = []
        for summary in summaries.sorted(by: { $0.name.rawValue < $1.name.rawValue }) {
            let name = summary.name.rawValue
            if let parent = summary.parent, parent != name, threads[parent] != nil {
                children[parent, default: []].append(name)
            } else {
                roots.append(name)
            }
        }
        self.threads = threads
        self.children = children
        var order: [String] = []
        var seen: Set<String> = []
        func visit(_ name: String) {
            guard seen.insert(name).inserted else { return }
            order.append(name)
            for child in children[name, default: []] { visit(child) }
        }
        roots.forEach(visit)
        // Threads caught in a cycle of parents (possible after renames) still get their page.
        for summary in summaries where !seen.contains(summary.name.rawValue) { visit(summary.name.rawValue) }
        self.order = order
    }

    /// The thread's parent when it is a thread of the site.
    func parent(of name: String) -> String? {
        guard let parent = threads[name]?.parent, parent != name, threads[parent] != nil else { return nil }
        return parent
    }

    /// The other forks of the same parent.
    func siblings(of name: String) -> [String] {
        guard let parent = parent(of: name) else { return [] }
        return children[parent, default: []].filter { $0 != name }
    }

    /// The root of the family `name` belongs to.
    func root(of name: String) -> String {
        var current = name
        var steps = 0
        while let parent = parent(of: current), steps < threads.count {
            current = parent
            steps += 1
        }
        return current
    }

    /// How many threads descend from `name`, itself included.
    func familySize(_ name: String) -> Int {
        1 + children[name, default: []].reduce(0) { $0 + familySize($1) }
    }

    /// The diffs the site writes for `name`: with its parent (whose own continuation is the
    /// fork's first sibling), and with the next fork of the same parent at the same message.
    /// Every thread writes at most two, so the diffs grow with the threads, not their square.
    func diffPairs(of name: String) -> [(left: String, right: String)] {
        guard let parent = parent(of: name) else { return [] }
        var pairs = [(left: parent, right: name)]
        if let next = nextSibling(of: name) { pairs.append((name, next)) }
        return pairs
    }

    /// Every diff the site has that involves `name`.
    func comparisons(of name: String) -> [(left: String, right: String)] {
        var pairs = diffPairs(of: name)
        if let parent = parent(of: name), let previous = children[parent, default: []].first(where: { nextSibling(of: $0) == name }) {
            pairs.append((previous, name))
        }
        pairs += children[name, default: []].map { (name, $0) }
        return pairs
    }

    /// The next fork, in name order, of the same parent at the same fork point: forks of one message
    /// are chained in name order, whatever forks of other messages sort between them.
    private func nextSibling(of name: String) -> String? {
        guard let parent = parent(of: name), let forks = children[parent], let index = forks.firstIndex(of: name) else { return nil }
        let forkPoint = threads[name]?.forkPoint
        return forks[(index + 1)...].first { threads[$0]?.forkPoint == forkPoint }
    }
}
