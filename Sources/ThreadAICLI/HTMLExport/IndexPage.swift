import ThreadAI

/// A page of the site's thread list: every thread in family order (a root, then its forks indented
/// below it), with its title, messages, forks and last date; `perPage` threads a page.
struct IndexPage {
    var model: SiteModel
    var perPage: Int
    var messageCount: Int

    var pageCount: Int { max(1, (model.order.count + perPage - 1) / perPage) }

    func render(page: Int) -> String {
        let names = model.order.dropFirst((page - 1) * perPage).prefix(perPage)
        let threads = model.order.count
        var body = "<h1>Threads</h1>\n<p class=\"facts\">\(CountedNoun.phrase(threads, "thread")), \(CountedNoun.phrase(messageCount, "message"))</p>\n"
        let pager = PageShell.pager(page: page, pages: pageCount) { SitePaths.index(page: $0) }
        body += pager + "<table class=\"threads\">\n<thead><tr><th>Thread</th><th>Title</th><th>Messages</th><th>Forks</th><th>Last</th></tr></thead>\n<tbody>\n"
        for name in names {
            guard let summary = model.threads[name] else { continue }
            let depth = depth(of: name)
            let forks = model.children[name, default: []].count
            body += "<tr class=\"depth-\(min(depth, 9))\"><td style=\"padding-left: \(0.5 + Double(depth) * 1.2)em\">"
            body += (depth > 0 ? "↳ " : "") + "<a href=\"\(HTMLText.escape(SitePaths.thread(name)))\">\(HTMLText.escape(name))</a></td>"
            body += "<td>\(HTMLText.escape(summary.title))</td><td>\(summary.ownMessageCount)/\(summary.messageCount)</td>"
            body += "<td>\(forks)</td><td>\(summary.lastDate.map { HTMLText.escape($0.description) } ?? "")</td></tr>\n"
        }
        body += "</tbody>\n</table>\n" + pager
        return PageShell.page(title: page > 1 ? "Threads (page \(page))" : "Threads", root: "", kind: "index", body: body)
    }

    private func depth(of name: String) -> Int {
        var depth = 0
        var current = name
        while let parent = model.parent(of: current), depth < model.threads.count {
            depth += 1
            current = parent
        }
        return depth
    }
}
