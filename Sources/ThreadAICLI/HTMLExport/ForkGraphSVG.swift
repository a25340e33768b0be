import ThreadAI

/// The family of forks around a thread, drawn as an SVG tree whose nodes link to the threads' pages:
/// a row per thread (the family root first, forks depth first), indented by generation, an elbow
/// line from each fork to its parent. The current thread is marked.
///
/// A family of at most `fullFamilyLimit` threads is drawn whole; a larger one only around the
/// current thread (its ancestors, their forks, and its own forks) with a note of how many are left
/// out, so a page stays small however many forks a conversation has.
enum ForkGraphSVG {
    static let fullFamilyLimit = 80
    private static let rowHeight = 24
    private static let indent = 22
    private static let margin = 12

    /// The SVG for `current`'s family, or nil when the thread has no family (no parent, no forks).
    /// Links are relative to the `threads/` folder.
    static func render(_ model: SiteModel, current: String) -> String? {
        let root = model.root(of: current)
        guard root != current || !model.children[current, default: []].isEmpty else { return nil }
        let size = model.familySize(root)
        var shown: Set<String>?
        if size > fullFamilyLimit {
            var path: [String] = [current]
            while let parent = model.parent(of: path[0]) { path.insert(parent, at: 0) }
            var set = Set(path)
            for name in path { set.formUnion(model.children[name, default: []]) }
            shown = set
        }
        var rows: [(name: String, depth: Int, parentRow: Int?)] = []
        func visit(_ name: String, depth: Int, parentRow: Int?) {
            guard shown?.contains(name) ?? true, depth <= size else { return }
            let row = rows.count
            rows.append((name, depth, parentRow))
            for child in model.children[name, default: []] { visit(child, depth: depth + 1, parentRow: row) }
        }
        visit(root, depth: 0, parentRow: nil)
        let widest = rows.map { $0.depth * indent + $0.name.count * 8 + 90 }.max() ?? 0
        let omitted = size - rows.count
        let height = margin * 2 + rows.count * rowHeight + (omitted > 0 ? rowHeight : 0)
        var svg = "<svg class=\"fork-graph\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(widest + margin * 2)\" height=\"\(height)\" role=\"img\" aria-label=\"forks of \(HTMLText.escape(root))\">\n"
        for (row, entry) in rows.enumerated() {
            guard let parentRow = entry.parentRow else { continue }
            let (x, y) = point(row: row, depth: entry.depth)
            let (px, py) = point(row: parentRow, depth: rows[parentRow].depth)
            svg += "<path class=\"edge\" d=\"M\(px) \(py) V\(y) H\(x)\"/>\n"
        }
        for (row, entry) in rows.enumerated() {
            let (x, y) = point(row: row, depth: entry.depth)
            let summary = model.threads[entry.name]
            let own = summary?.ownMessageCount ?? 0
            let isCurrent = entry.name == current
            let title = "\(entry.name): \(summary?.title ?? "") (\(CountedNoun.phrase(own, "own message")))"
            svg += "<a class=\"node\(isCurrent ? " current" : "")\" href=\"\(HTMLText.escape(fileName(entry.name)))\">"
            svg += "<title>\(HTMLText.escape(title))</title>"
            svg += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"\(isCurrent ? 7 : 5)\"/>"
            svg += "<text x=\"\(x + 12)\" y=\"\(y + 4)\">\(HTMLText.escape(entry.name)) · \(own)</text></a>\n"
        }
        if omitted > 0 {
            svg += "<text class=\"omitted\" x=\"\(margin)\" y=\"\(height - margin)\">\(omitted) more forks of this family are not drawn</text>\n"
        }
        return svg + "</svg>\n"
    }

    private static func point(row: Int, depth: Int) -> (Int, Int) {
        (margin + 6 + depth * indent, margin + rowHeight / 2 + row * rowHeight)
    }

    /// The thread's first page, seen from another page in `threads/`.
    private static func fileName(_ thread: String) -> String {
        String(SitePaths.thread(thread).dropFirst("threads/".count))
    }
}
