import ThreadAI

/// Draws threads as a tree of forks:
///
///     * main          3f2a9c1e  7 messages           What is a Merkle chain?
///       └─ shorter    9e8d7c6b  5 messages, 2 own, forked at 1a2b3c4d   Shorter, please
enum ThreadTreeRenderer {
    /// - Parameter local: the threads kept out of git (docs/FORMAT.md §13), marked `local`.
    /// - Parameter merged: forks whose head is in their parent's history, by parent (`Repository.mergedForks`).
    /// - Parameter renamedAway: threads a pull renamed away while they went on here, by new name.
    static func write(
        _ summaries: [ThreadSummary], current: ThreadName?, local: Set<ThreadName> = [], merged: [ThreadName: String] = [:],
        renamedAway: [ThreadName: String] = [:], style: Style, to output: any TextOutput
    ) {
        let names = Set(summaries.map(\.name.rawValue))
        var children: [String: [ThreadSummary]] = [:]
        var roots: [ThreadSummary] = []
        for summary in summaries {
            // A thread whose parent no longer exists (deleted) is shown at the top level.
            if let parent = summary.parent, names.contains(parent), parent != summary.name.rawValue {
                children[parent, default: []].append(summary)
            } else {
                roots.append(summary)
            }
        }
        // A prefix is three characters a level ("└─ ", "│  "); a name's width is its characters,
        // counted byte by byte when it is ASCII (nearly always) instead of by grapheme cluster.
        var rows: [(prefix: String, width: Int, summary: ThreadSummary)] = []
        var shown: Set<String> = []
        func visit(_ summary: ThreadSummary, prefix: String, childPrefix: String, depth: Int) {
            shown.insert(summary.name.rawValue)
            rows.append((prefix, 3 * depth + TerminalWidth.columns(of: summary.name.rawValue), summary))
            guard depth < 64 else { return }  // Parents come from files; never recurse without bound.
            let kids = (children[summary.name.rawValue] ?? []).filter { !shown.contains($0.name.rawValue) }
            for (index, child) in kids.enumerated() {
                let last = index == kids.count - 1
                visit(child, prefix: childPrefix + (last ? "└─ " : "├─ "), childPrefix: childPrefix + (last ? "   " : "│  "), depth: depth + 1)
            }
        }
        for root in roots { visit(root, prefix: "", childPrefix: "", depth: 0) }
        // Threads that are each other's parents (a deleted name made again on a fork of its fork)
        // have no root above them: each such cycle starts at its first thread in name order.
        for summary in summaries where !shown.contains(summary.name.rawValue) {
            visit(summary, prefix: "", childPrefix: "", depth: 0)
        }
        let width = rows.map(\.width).max() ?? 0
        for (prefix, labelWidth, summary) in rows {
            let isCurrent = summary.name == current
            let heads = summary.heads.count == 1 ? summary.heads[0].short : summary.heads.map(\.short).joined(separator: "+")
            var facts = "\(CountedNoun.phrase(summary.messageCount, "message"))"
            if let fork = summary.forkPoint { facts += ", \(summary.ownMessageCount) own, forked at \(fork.short)" }
            if summary.heads.count > 1 { facts += ", DIVERGED" }
            if local.contains(summary.name) { facts += ", local" }
            if let now = renamedAway[summary.name] {
                facts += ", renamed to \(now) in a clone: 'threadai threads reconcile \(summary.name)' joins them"
            }
            if let parent = merged[summary.name] {
                facts += ", merged into \(parent): delete with 'threadai threads delete \(summary.name)'"
            }
            var line = isCurrent ? "* " : "  "
            line += prefix
            line += isCurrent ? style.thread(summary.name.rawValue) : summary.name.rawValue
            line += String(repeating: " ", count: max(0, width - labelWidth) + 2)
            line += style.id(heads)
            line += "  "
            line += style.dim(facts)
            if !summary.title.isEmpty { line += "  " + TerminalSafe.text(summary.title) }
            output.line(line)
        }
    }

}
