import ThreadAI

/// `3f2a9c1e (HEAD -> main) assistant: first line of the content`.
enum OneLine {
    static func render(id: ObjectID, message: Message, labels: [String], style: Style, code: String? = nil) -> String {
        render(id: id, role: message.role, finish: message.finish,
               headline: Headline(of: message.content, limit: Headline.listingLimit), labels: labels, style: style, code: code)
    }

    /// The same line from what the message graph keeps (docs/FORMAT.md §12.2), without reading the message.
    static func render(record: Int, of graph: MessageGraph, labels: [String], style: Style) -> String {
        render(id: graph.id(record), role: graph.role(record), finish: graph.partialFinish(record),
               headline: graph.headline(record), labels: labels, style: style)
    }

    private static func render(
        id: ObjectID, role: Role, finish: String?, headline: Headline, labels: [String], style: Style, code: String? = nil
    ) -> String {
        let decoration = labels.isEmpty ? "" : " " + style.thread("(" + labels.joined(separator: ", ") + ")")
        let partial = finish == "interrupted" || finish == "error" ? style.removed(" [\(finish ?? "")]") : ""
        return style.id(id.short) + (code.map { " " + $0 } ?? "") + decoration + " " + style.role(role.rawValue + ":") + " "
            + Summary.render(headline) + partial
    }
}
