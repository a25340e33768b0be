import ThreadAI

/// One page of a thread: its facts, the fork graph of its family, links to its parent, siblings,
/// forks and diffs, then its own messages (`perPage` at most) rendered from Markdown, each with a
/// marker where another thread forks off. A fork's first page opens with the message it forks from.
struct ThreadPage {
    var model: SiteModel
    var name: String
    var perPage: Int
    var labels = MessageHTML.Labels()

    /// The position (1-based, in the whole history) of the thread's first own message.
    var firstPosition: Int {
        guard let summary = model.threads[name] else { return 1 }
        return summary.messageCount - summary.ownMessageCount + 1
    }

    var pageCount: Int {
        max(1, ((model.threads[name]?.ownMessageCount ?? 0) + perPage - 1) / perPage)
    }

    /// The page of `thread` that shows the message at `position` of its history (clamped).
    static func page(of thread: String, position: Int, in model: SiteModel, perPage: Int) -> Int {
        let page = ThreadPage(model: model, name: thread, perPage: perPage)
        return min(page.pageCount, max(1, (position - page.firstPosition) / perPage + 1))
    }

    /// - Parameters:
    ///   - messages: this page's own messages, root first.
    ///   - forkPoint: the message the thread forks from (shown on page 1 only).
    ///   - forksAt: the forks of this thread by the message they fork from.
    func render(page: Int, messages: [(id: ObjectID, message: Message)], forkPoint: (id: ObjectID, message: Message)?,
                forksAt: [ObjectID: [String]]) -> String {
        guard let summary = model.threads[name] else { return "" }
        var body = "<h1>\(HTMLText.escape(name))</h1>\n"
        body += "<p class=\"thread-title\">\(HTMLText.escape(summary.title))</p>\n"
        body += facts(summary)
        if let svg = ForkGraphSVG.render(model, current: name) {
            body += "<section class=\"graph\"><h2>Forks</h2>\n\(svg)</section>\n"
        }
        body += comparisons()
        let pager = PageShell.pager(page: page, pages: pageCount) { Self.link(to: name, page: $0) }
        body += pager
        if page == 1, let forkPoint, let parent = model.parent(of: name) ?? summary.parent {
            body += "<section class=\"fork-point\"><p>Forked from <a href=\"\(forkPointLink(parent: parent))\">\(HTMLText.escape(parent))</a> after:</p>\n"
            body += MessageHTML.render(forkPoint.message, id: forkPoint.id, position: firstPosition - 1, forks: [], diffs: [:], labels: labels)
            body += "</section>\n"
        }
        body += "<section class=\"messages\">\n"
        let start = firstPosition + (page - 1) * perPage
        let diffs = Dictionary(comparisonsWithChildren().map { ($0.right, Self.diffLink($0)) }, uniquingKeysWith: { first, _ in first })
        for (offset, entry) in messages.enumerated() {
            body += MessageHTML.render(entry.message, id: entry.id, position: start + offset, forks: forksAt[entry.id, default: []].sorted(), diffs: diffs, labels: labels)
        }
        if messages.isEmpty { body += "<p class=\"empty\">No messages of its own yet.</p>\n" }
        body += "</section>\n" + pager
        let title = page > 1 ? "\(name) (page \(page))" : name
        return PageShell.page(title: title, root: "../", kind: "thread", body: body)
    }

    private func facts(_ summary: ThreadSummary) -> String {
        var items = ["\(CountedNoun.phrase(summary.messageCount, "message")) (\(summary.ownMessageCount) own)"]
        if let date = summary.lastDate { items.append("last \(HTMLText.escape(date.description))") }
        if summary.heads.count > 1 { items.append("diverged: \(summary.heads.count) heads, the first shown") }
        var html = "<p class=\"facts\">" + items.joined(separator: " · ") + "</p>\n<nav class=\"family\">"
        if let parent = model.parent(of: name) {
            html += "<p>Parent: <a rel=\"up\" href=\"\(forkPointLink(parent: parent))\">\(HTMLText.escape(parent))</a></p>"
        } else if let parent = summary.parent {
            html += "<p>Parent: \(HTMLText.escape(parent)) (no longer a thread)</p>"
        }
        html += linkList("Siblings", model.siblings(of: name))
        html += linkList("Forks", model.children[name, default: []])
        return html + "</nav>\n"
    }

    private func linkList(_ label: String, _ threads: [String]) -> String {
        guard !threads.isEmpty else { return "" }
        let links = threads.map { "<a href=\"\(Self.link(to: $0, page: 1))\">\(HTMLText.escape($0))</a>" }
        return "<p>\(label): " + links.joined(separator: ", ") + "</p>"
    }

    private func comparisons() -> String {
        let pairs = model.comparisons(of: name)
        guard !pairs.isEmpty else { return "" }
        let links = pairs.map { pair in
            "<li><a class=\"diff-link\" href=\"\(Self.diffLink(pair))\">\(HTMLText.escape(pair.left)) ↔ \(HTMLText.escape(pair.right))</a></li>"
        }
        return "<section class=\"compare\"><h2>Compare side by side</h2><ul>" + links.joined() + "</ul></section>\n"
    }

    private func comparisonsWithChildren() -> [(left: String, right: String)] {
        model.children[name, default: []].map { (name, $0) }
    }

    private func forkPointLink(parent: String) -> String {
        guard let forkPoint = model.threads[name]?.forkPoint else { return Self.link(to: parent, page: 1) }
        let page = Self.page(of: parent, position: firstPosition - 1, in: model, perPage: perPage)
        return Self.link(to: parent, page: page) + "#m" + forkPoint.hex
    }

    /// A thread's page, seen from another page in `threads/`.
    static func link(to thread: String, page: Int) -> String {
        HTMLText.escape(String(SitePaths.thread(thread, page: page).dropFirst("threads/".count)))
    }

    static func diffLink(_ pair: (left: String, right: String)) -> String {
        "../" + HTMLText.escape(SitePaths.diff(pair.left, pair.right))
    }
}

/// One message as an `<article>`: a header (position, role, model, date, id, hidden, tags), where a
/// merged outcome came from and the files attached to it (worded as `log` words them), its text
/// rendered from Markdown, and the forks that continue from it.
enum MessageHTML {
    /// What the site shows beside messages: the tags at each, how merges are labelled, the threads with pages.
    struct Labels {
        var tags: [ObjectID: [Tag]] = [:]
        var merges: MergeLabels?
        var threads: Set<String> = []
    }

    static func render(_ message: Message, id: ObjectID, position: Int, forks: [String], diffs: [String: String], labels: Labels) -> String {
        let hidden = message.fields["hidden"] == "true"
        var html = "<article class=\"message role-\(HTMLText.escape(message.role.rawValue))\(hidden ? " hidden-message" : "")\" id=\"m\(id.hex)\">\n"
        html += "<header><a class=\"position\" href=\"#m\(id.hex)\">#\(position)</a> <span class=\"role\">\(HTMLText.escape(message.role.rawValue))</span>"
        if let model = message.fields["model"] { html += " · <span class=\"model\">\(HTMLText.escape(model))</span>" }
        html += " · <time>\(HTMLText.escape(message.date.description))</time> · <code class=\"id\">\(id.hex.prefix(8))</code>"
        if hidden { html += " · hidden" }
        for tag in labels.tags[id, default: []] {
            let note = tag.note.map { " title=\"\(HTMLText.escape($0))\"" } ?? ""
            html += " · <span class=\"tag\"\(note)>\(HTMLText.escape(Decorations.label(of: tag)))</span>"
        }
        if let link = message.mergeLink, let origin = labels.merges?.origin(link) {
            let name = labels.threads.contains(origin.thread)
                ? "<a href=\"\(ThreadPage.link(to: origin.thread, page: 1))\">\(HTMLText.escape(origin.thread))</a>" : HTMLText.escape(origin.thread)
            html += " · <span class=\"merged\">merged from \(name) <code class=\"id\">\(origin.id)</code>\(HTMLText.escape(origin.rest))</span>"
        }
        html += "</header>\n"
        if let files = message.fields["files"] {
            let items = MessageBlock.attachments(files).map { "<li><code>\(HTMLText.escape($0.path))</code> (<code class=\"id\">\(HTMLText.escape($0.blob))</code>)</li>" }
            html += "<div class=\"files\">Files: <ul>\(items.joined())</ul></div>\n"
        }
        html += "<div class=\"content\">\n"
        html += message.content.isEmpty ? "<p class=\"empty\">(empty)</p>\n" : MarkdownHTML.render(message.content)
        html += "</div>\n"
        for fork in forks {
            html += "<p class=\"fork-marker\">↳ <a href=\"\(ThreadPage.link(to: fork, page: 1))\">\(HTMLText.escape(fork))</a> continues from here"
            if let diff = diffs[fork] { html += " · <a class=\"diff-link\" href=\"\(diff)\">compare</a>" }
            html += "</p>\n"
        }
        return html + "</article>\n"
    }
}
