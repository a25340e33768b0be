import ThreadAI

/// `context --digest`: what the history says about a query, as compact Markdown for pasting into
/// any agent's prompt (and the MCP server's `search`), or as JSON.
enum DigestOutput {
    static func write(_ digest: Digest, query: String, to output: any TextOutput) {
        let terms = digest.terms.map { "“\($0)”" }.joined(separator: ", ")
        output.line("# What the history says about: \(TerminalSafe.text(query))")
        output.line()
        guard !digest.hits.isEmpty else {
            let beyond = digest.total > 0 ? " (\(digest.total) match, all before --skip \(digest.skipped))" : ""
            output.line("No message holds \(TerminalSafe.text(terms))\(beyond).")
            return
        }
        let first = digest.skipped + 1, last = digest.skipped + digest.hits.count
        let more = last < digest.total ? " Next page: --skip \(last)." : ""
        output.line("Messages \(first)–\(last) of \(digest.total) that hold \(TerminalSafe.text(terms)), best first.\(more)")
        output.line()
        for hit in digest.hits {
            let found = "\(hit.termsFound)/\(digest.terms.count) terms"
            output.line("- `\(hit.id.short)` \(TerminalSafe.text(hit.thread)) · \(hit.role.rawValue) · \(hit.date.rfc3339) · \(found)")
            output.line("  > " + TerminalSafe.text(hit.excerpt))
        }
        output.line()
        output.line("Read one: threadai show ID · its thread: threadai log --oneline ID")
    }

    /// `context --digest --json`: `{query, terms, total, skip, hits: [{id, thread, role, date, terms, occurrences, line, excerpt}]}`.
    struct JSON: Encodable {
        struct Hit: Encodable {
            var id: String
            var thread: String
            var role: String
            var date: String
            var terms: Int
            var occurrences: Int
            var line: Int
            var excerpt: String
        }

        var query: String
        var terms: [String]
        var total: Int
        var skip: Int
        var hits: [Hit]

        init(_ digest: Digest, query: String) {
            self.query = query
            terms = digest.terms
            total = digest.total
            skip = digest.skipped
            hits = digest.hits.map {
                Hit(id: $0.id.hex, thread: $0.thread, role: $0.role.rawValue, date: $0.date.rfc3339, terms: $0.termsFound,
                    occurrences: $0.occurrences, line: $0.line, excerpt: $0.excerpt)
            }
        }
    }
}
