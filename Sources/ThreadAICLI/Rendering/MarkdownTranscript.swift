import ThreadAI

/// A thread as a readable Markdown document (`export md`): one section per message, root first,
/// with a marker under each message where another thread forks off.
enum MarkdownTranscript {
    static func render(
        thread name: String, history: [(id: ObjectID, message: Message)],
        forks: [ObjectID: [String]], forkedFrom: (parent: String, at: ObjectID)?
    ) -> String {
        var text = "# \(name)\n\n"
        if let forkedFrom {
            text += "Forked from `\(forkedFrom.parent)` at message `\(forkedFrom.at.hex.prefix(8))`.\n\n"
        }
        for (index, entry) in history.enumerated() {
            let message = entry.message
            var heading = "## \(index + 1). \(message.role.rawValue)"
            if let model = message.fields["model"] { heading += " · \(model)" }
            heading += " · \(message.date)"
            if message.fields["hidden"] == "true" { heading += " · hidden" }
            text += heading + " · `\(entry.id.hex.prefix(8))`\n\n"
            text += message.content.isEmpty ? "*(empty)*\n\n" : message.content + "\n\n"
            for fork in forks[entry.id, default: []].sorted() {
                text += "> ⑂ fork `\(fork)` continues from here: `threadai export md \(fork)`\n\n"
            }
        }
        return text
    }
}
