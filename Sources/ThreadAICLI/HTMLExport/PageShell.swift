/// The frame around every page of an exported site: the document head (our stylesheet and
/// script, both local files: nothing is fetched from elsewhere) and a header linking home.
enum PageShell {
    /// - Parameter root: the way from the page up to the site's folder (`""` or `"../"`).
    static func page(title: String, root: String, kind: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="threadai export html">
        <title>\(HTMLText.escape(title))</title>
        <link rel="stylesheet" href="\(root)\(SitePaths.stylesheet)">
        <script src="\(root)\(SitePaths.script)" defer></script>
        </head>
        <body class="\(kind)">
        <header class="site"><a href="\(root)\(SitePaths.index())">ThreadAI</a> <span class="crumb">\(HTMLText.escape(title))</span></header>
        <main>
        \(body)</main>
        </body>
        </html>

        """
    }

    /// Links to the other pages of a paged list: previous, `N / M`, next.
    static func pager(page: Int, pages: Int, link: (Int) -> String) -> String {
        guard pages > 1 else { return "" }
        var html = "<nav class=\"pager\">"
        html += page > 1 ? "<a rel=\"prev\" href=\"\(link(page - 1))\">← previous</a> " : "<span>← previous</span> "
        html += "<span class=\"position\">page \(page) of \(pages)</span>"
        html += page < pages ? " <a rel=\"next\" href=\"\(link(page + 1))\">next →</a>" : " <span>next →</span>"
        return html + "</nav>\n"
    }
}
