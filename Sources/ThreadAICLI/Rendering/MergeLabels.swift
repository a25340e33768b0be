import ThreadAI

/// How listings show merged outcomes (docs/FORMAT.md §4.8): the merged message is labelled
/// `merged from NAME ID` and gets a `Merged:` line in its full form; the answer it came from is
/// labelled `merged into ID`. NAME is the sub-thread's current name (after renames), and a link to a
/// message this clone lacks says so.
struct MergeLabels: Sendable {
    private let renames: Renames
    private let objects: ObjectStore

    init(repository: Repository) throws {
        renames = try repository.renames()
        objects = repository.objects
    }

    /// The label of a message that records `link`; none without one.
    func from(_ link: MergeLink?) -> [String] {
        guard let link else { return [] }
        let parts = origin(link)
        return ["merged from \(parts.thread) \(parts.id)\(parts.rest)"]
    }

    /// The parts of the `merged from` label: the sub-thread's current name, the short id, and what
    /// follows (`, summary`, ` (missing here)`), for a page that links the name.
    func origin(_ link: MergeLink) -> (thread: String, id: String, rest: String) {
        (name(of: link), link.from.short, (link.isSummary ? ", summary" : "") + missing(link))
    }

    /// The `Merged:` line of the full form, or nil without a link.
    func line(_ link: MergeLink?, style: Style) -> String? {
        guard let link else { return nil }
        let what = link.isSummary ? "a summary of" : "the last answer of"
        return "Merged: \(what) '\(TerminalSafe.text(name(of: link)))', from \(style.id(link.from.short))\(missing(link))"
    }

    /// The labels of an answer that the messages `merges` carry.
    static func into(_ merges: [ObjectID]?) -> [String] {
        (merges ?? []).map { "merged into \($0.short)" }
    }

    private func name(of link: MergeLink) -> String {
        renames.currentName(of: link.thread.rawValue)
    }

    private func missing(_ link: MergeLink) -> String {
        objects.contains(link.from) ? "" : " (missing here)"
    }
}

/// The merge links among records of the message graph, both ends: read from the headers of the
/// few records whose flag says they have one (docs/FORMAT.md §12.2), not from every message.
struct GraphMergeLinks {
    private var from: [Int: MergeLink] = [:]
    private var into: [ObjectID: [ObjectID]] = [:]

    init(_ records: [Int], of graph: MessageGraph, walker: HistoryWalker) throws {
        for record in records where graph.recordsMerge(record) {
            let id = graph.id(record)
            guard let link = try walker.header(id).mergeLink else { continue }
            from[record] = link
            into[link.from, default: []].append(id)
        }
    }

    /// The labels of `record`: where it was merged from, where it was merged into.
    func labels(of record: Int, in graph: MessageGraph, _ merges: MergeLabels) -> [String] {
        merges.from(from[record]) + MergeLabels.into(into[graph.id(record)])
    }
}
