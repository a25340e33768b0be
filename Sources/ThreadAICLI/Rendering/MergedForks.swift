import ThreadAI

/// Forks with nothing of their own left: the head is in the parent thread's history (what git's
/// `branch --merged` lists), as after `threads reconcile` in two clones in turn. Listed in
/// `threads` with the command that deletes them, which `threads delete` does without `--force`.
enum MergedForks {
    /// Each such fork, with the name of the parent whose history holds its head. A diverged thread
    /// or parent, or a history that cannot be read, is never called merged.
    static func parents(_ summaries: [ThreadSummary], _ repository: Repository) -> [ThreadName: String] {
        let heads = Dictionary(summaries.map { ($0.name.rawValue, $0.heads) }, uniquingKeysWith: { first, _ in first })
        let walker = repository.walker()
        var merged: [ThreadName: String] = [:]
        for summary in summaries {
            guard let parent = summary.parent, parent != summary.name.rawValue, summary.heads.count == 1,
                  let parentHeads = heads[parent], parentHeads.count == 1,
                  (try? walker.isAncestor(summary.heads[0], of: parentHeads[0])) == true
            else { continue }
            merged[summary.name] = parent
        }
        return merged
    }
}
