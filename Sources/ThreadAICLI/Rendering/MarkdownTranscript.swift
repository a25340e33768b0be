import ThreadAI

/// A thread as a readable Markdown document (`export md`) whose headings nest: the thread's name
/// (`#`), then a section per thread the history passes through (`##`: the threads it was forked
/// from, then its own), then a section per message (`###`) whose own headings are moved below it.
/// Under each message heading, the lines `log` gives it (where a merged outcome came from, the
/// attached files), and a marker where another thread forks off.
enum MarkdownTranscript {
    /// What the transcript shows beside the messages.
    struct Context {
        var forks: [ObjectID: [String]] = [:]
        var forkedFrom: (parent: String, at: ObjectID)?
        var tags: [ObjectID: [Tag]] = [:]
        /// Where each thread's messages start in the history, root first (`sections`).
        var sections: [(thread: String, start: Int)] = []
        var merges: MergeLabels?
    }

    static func render(thread name: String, history: [(id: ObjectID, message: Message)], context: Context) -> String {
        var text = "# \(name)\n\n"
        if let forkedFrom = context.forkedFrom {
            text += "Forked from `\(forkedFrom.parent)` at message `\(forkedFrom.at.hex.prefix(8))`.\n\n"
        }
        let starts = Dictionary(context.sections.map { ($0.start, $0.thread) }, uniquingKeysWith: { _, last in last })
        if starts[0] == nil { text += "## \(name)\n\n" }
        for (index, entry) in history.enumerated() {
            if let thread = starts[index] { text += "## \(thread)\n\n" }
            let message = entry.message
            var heading = "### \(index + 1). \(message.role.rawValue)"
            if let model = message.fields["model"] { heading += " · \(model)" }
            heading += " · \(message.date)"
            if message.fields["hidden"] == "true" { heading += " · hidden" }
            for tag in context.tags[entry.id, default: []] { heading += " · \(Decorations.label(of: tag))" }
            text += heading + " · `\(entry.id.hex.prefix(8))`\n\n"
            var lines: [String] = []
            if let merged = context.merges?.line(message.mergeLink, style: .plain) { lines.append(merged) }
            if let files = MessageBlock.attachedFiles(of: message) { lines.append("Files: \(files)") }
            if !lines.isEmpty { text += lines.map { "*\($0)*" }.joined(separator: "  \n") + "\n\n" }
            text += message.content.isEmpty ? "*(empty)*\n\n" : MarkdownOutline.demote(message.content, by: 3) + "\n\n"
            for fork in context.forks[entry.id, default: []].sorted() {
                text += "> ⑂ fork `\(fork)` continues from here: `threadai export md \(fork)`\n\n"
            }
        }
        if let last = context.sections.last, last.start >= history.count, last.start > 0 {
            text += "## \(last.thread)\n\n*(no messages of its own yet)*\n\n"
        }
        return text
    }

    /// Where each thread's own messages start in `history` (root first): following forks up from
    /// `thread`, each thread owns the messages after its fork point, its parent those up to it.
    static func sections(thread: String, history: [ObjectID], summaries: [ThreadSummary]) -> [(thread: String, start: Int)] {
        let byName = Dictionary(summaries.map { ($0.name.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        var result: [(thread: String, start: Int)] = []
        var name = thread
        var end = history.count
        var seen: Set<String> = []
        while seen.insert(name).inserted, let summary = byName[name], let point = summary.forkPoint, let parent = summary.parent,
              let index = history[..<end].lastIndex(of: point) {
            result.insert((name, index + 1), at: 0)
            (end, name) = (index + 1, parent)
        }
        result.insert((name, 0), at: 0)
        return result
    }
}
