import ThreadAI

/// Two threads side by side from their fork point: the messages each has after it, aligned turn by
/// turn (`ConversationDiff`), each pair diffed word by word — removed words struck on the left,
/// added words marked on the right. At most `turnLimit` messages of each side are compared.
struct DiffPage {
    var left: String
    var right: String
    var turnLimit: Int

    /// - Parameters:
    ///   - shared: how many messages both histories share (root to fork point).
    ///   - sides: each side's messages after the fork point (at most `turnLimit`), and how many it has in all.
    func render(shared: Int, forkPoint: ObjectID?, sides: (left: [DiffTurn], right: [DiffTurn]), counts: (left: Int, right: Int)) -> String {
        let turns = ConversationDiff.align(sides.left, sides.right, by: .word)
        let leftLink = ThreadPage.link(to: left, page: 1)
        let rightLink = ThreadPage.link(to: right, page: 1)
        var body = "<h1>\(HTMLText.escape(left)) ↔ \(HTMLText.escape(right))</h1>\n<p class=\"facts\">"
        if let forkPoint {
            body += "Both share \(CountedNoun.phrase(shared, "message")) up to <code class=\"id\">\(forkPoint.hex.prefix(8))</code>; "
        } else {
            body += "No message in common; "
        }
        body += "after it <a href=\"../threads/\(leftLink)\">\(HTMLText.escape(left))</a> has \(counts.left), "
        body += "<a href=\"../threads/\(rightLink)\">\(HTMLText.escape(right))</a> has \(counts.right).</p>\n"
        if counts.left > sides.left.count || counts.right > sides.right.count {
            body += "<p class=\"note\">Only the first \(turnLimit) messages of each side are compared.</p>\n"
        }
        body += "<div class=\"diff\" role=\"table\">\n<div class=\"diff-row diff-head\"><div>\(HTMLText.escape(left))</div><div>\(HTMLText.escape(right))</div></div>\n"
        for turn in turns {
            body += "<div class=\"diff-row\(turn.isIdentical ? " identical" : turn.isRewritten ? " rewritten" : "")\">"
            // A rewritten pair (two unrelated texts) reads best as the two texts, unmarked.
            let runs = turn.isRewritten ? nil : turn.runs
            body += cell(turn.left, runs: runs, keeping: .removed)
            body += cell(turn.right, runs: runs, keeping: .added)
            body += "</div>\n"
        }
        if turns.isEmpty { body += "<p class=\"empty\">Neither has a message after the fork point.</p>\n" }
        body += "</div>\n"
        return PageShell.page(title: "\(left) ↔ \(right)", root: "../", kind: "diff-page", body: body)
    }

    /// One side of a turn: the runs it shares, and its own (`kind`) marked; its whole text unmarked
    /// without runs (a rewritten pair); empty when it has no message here.
    private func cell(_ turn: DiffTurn?, runs: [TextDiffRun]?, keeping kind: TextDiffRun.Kind) -> String {
        guard let turn else { return "<div class=\"side missing\"></div>" }
        let note = runs == nil ? " <span class=\"note\">rewritten</span>" : ""
        var html = "<div class=\"side\"><div class=\"turn-head\"><span class=\"role\">\(HTMLText.escape(turn.role))</span> <code class=\"id\">\(turn.id.prefix(8))</code>\(note)</div><div class=\"words\">"
        guard let runs else { return html + HTMLText.escape(turn.content) + "</div></div>" }
        for run in runs {
            switch run.kind {
            case .equal: html += HTMLText.escape(run.text)
            case kind: html += kind == .removed ? "<del>\(HTMLText.escape(run.text))</del>" : "<ins>\(HTMLText.escape(run.text))</ins>"
            default: break
            }
        }
        return html + "</div></div>"
    }
}
