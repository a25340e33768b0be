import ThreadAI

/// Prints a `ThreadComparison`: a summary of the shared history, then each aligned turn with its
/// word (or line) diff. Colour on a terminal; `[-removed-]` and `{+added+}` markers otherwise.
struct DiffRenderer {
    let style: Style
    let statOnly: Bool
    let granularity: TextDiffGranularity

    func write(_ comparison: ThreadComparison, to output: any TextOutput) {
        let (left, right) = comparison.names
        output.line(style.bold("diff \(left) \(right)"))
        if let code = comparison.code, CodeAnchorJSON(code.left) != CodeAnchorJSON(code.right) {
            let describe = { (anchor: CodeAnchor?) in TerminalSafe.text(MessageBlock.codeAnchor(anchor) ?? "no code anchor") }
            output.line("Code differs: \(left) at \(describe(code.left)); \(right) at \(describe(code.right))")
        }
        if let fork = comparison.forkPoint {
            var shared = "Shared history: \(CountedNoun.phrase(comparison.sharedCount, "message")) up to the fork point \(style.id(fork.short))"
            if let summary = comparison.sharedSummary { shared += ", last asked: “\(summary)”" }
            output.line(shared)
        } else if comparison.sharedCount == 0 && !comparison.turns.isEmpty {
            output.line("No shared history: the two have different roots.")
        }
        if comparison.turns.isEmpty {
            output.line("No differences: \(left) and \(right) are the same message.")
            return
        }
        if comparison.comparesMessagesAlone {
            output.line(style.removed("--- \(left): the message \(comparison.ids.left.short)"))
            output.line(style.added("+++ \(right): the message \(comparison.ids.right.short)"))
        } else {
            // Histories without a shared root are compared from their roots: there is no fork to be after.
            let after = comparison.forkPoint == nil ? "" : " after the fork"
            let leftCount = comparison.turns.filter { $0.left != nil }.count
            let rightCount = comparison.turns.filter { $0.right != nil }.count
            output.line(style.removed("--- \(left): \(CountedNoun.phrase(leftCount, "message"))\(after)"))
            output.line(style.added("+++ \(right): \(CountedNoun.phrase(rightCount, "message"))\(after)"))
        }
        var total = TextDiffStat(wordsAdded: 0, wordsRemoved: 0, wordsUnchanged: 0)
        for (index, turn) in comparison.turns.enumerated() {
            let stat = TextDiffStat(runs: turn.runs)
            total = TextDiffStat(
                wordsAdded: total.wordsAdded + stat.wordsAdded, wordsRemoved: total.wordsRemoved + stat.wordsRemoved,
                wordsUnchanged: total.wordsUnchanged + stat.wordsUnchanged)
            // `--stat` lists one line per turn, as `git diff --stat` does; a diff leaves a line between turns.
            if !statOnly || index == 0 { output.line() }
            output.line(style.heading("@@ turn \(index + 1): \(heading(turn)) @@") + " " + statText(stat, turn, names: (left, right)))
            if !statOnly && !turn.isIdentical { output.line(body(turn)) }
        }
        output.line()
        let turns = comparison.turns.count
        output.line("\(CountedNoun.phrase(turns, "turn")) compared: \(CountedNoun.phrase(total.wordsRemoved, "word")) removed, \(total.wordsAdded) added, \(total.wordsUnchanged) unchanged")
    }

    private func heading(_ turn: AlignedTurn) -> String {
        let role = turn.left?.role ?? turn.right?.role ?? "?"
        let ids = [turn.left.map { String($0.id.prefix(8)) } ?? "—", turn.right.map { String($0.id.prefix(8)) } ?? "—"]
        if turn.left?.role != nil, turn.right?.role != nil, turn.left?.role != turn.right?.role {
            return "\(turn.left?.role ?? "") \(ids[0]) vs \(turn.right?.role ?? "") \(ids[1])"
        }
        return "\(role) \(ids[0]) vs \(ids[1])"
    }

    private func statText(_ stat: TextDiffStat, _ turn: AlignedTurn, names: (left: String, right: String)) -> String {
        if turn.isIdentical { return style.dim("identical") }
        if turn.left == nil {
            return style.added("only in \(names.right)") + style.dim(" (+\(CountedNoun.phrase(stat.wordsAdded, "word")))")
        }
        if turn.right == nil {
            return style.removed("only in \(names.left)") + style.dim(" (-\(CountedNoun.phrase(stat.wordsRemoved, "word")))")
        }
        let counts = style.removed("-\(stat.wordsRemoved)") + " " + style.added("+\(stat.wordsAdded)") + style.dim(" words")
        if turn.isRewritten { return counts + style.dim(", rewritten") }
        // Different, yet not in a word: say so, or the turn reads as unchanged.
        if stat.wordsRemoved == 0 && stat.wordsAdded == 0 { return counts + style.dim(", only spacing or symbols changed") }
        return counts
    }

    private func body(_ turn: AlignedTurn) -> String {
        var text = ""
        for (index, run) in turn.runs.enumerated() {
            // A rewritten pair's new text starts on a line of its own, below the old one.
            if turn.isRewritten, index > 0, granularity == .word { text += "\n" }
            let run = TextDiffRun(kind: run.kind, text: TerminalSafe.text(run.text))
            switch (run.kind, granularity) {
            case (.equal, .word): text += run.text
            // White space alone is shown on a coloured background, as git shows whitespace errors: in a
            // foreground colour it would not be seen.
            case (.removed, .word) where style.enabled && Self.isBlank(run.text): text += style.removedSpace(run.text)
            case (.added, .word) where style.enabled && Self.isBlank(run.text): text += style.addedSpace(run.text)
            case (.removed, .word): text += style.enabled ? style.removed(run.text) : "[-" + run.text + "-]"
            case (.added, .word): text += style.enabled ? style.added(run.text) : "{+" + run.text + "+}"
            case (.equal, .line): text += prefixed(run.text, " ")
            case (.removed, .line): text += style.removed(prefixed(run.text, "-"))
            case (.added, .line): text += style.added(prefixed(run.text, "+"))
            }
        }
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    private static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    private func prefixed(_ text: String, _ marker: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines.map { marker + $0 + "\n" }.joined()
    }
}

/// `diff --json`.
struct DiffJSON: Encodable {
    struct Side: Encodable { var id: String; var role: String }
    struct Run: Encodable { var kind: String; var text: String }
    struct Turn: Encodable {
        var left: Side?
        var right: Side?
        var identical: Bool
        /// Present and true for a pair shown whole, its texts having too little in common.
        var rewritten: Bool?
        var wordsAdded: Int
        var wordsRemoved: Int
        /// Absent with `--stat`: the counts alone.
        var runs: [Run]?
    }

    var left: String
    var right: String
    var leftId: String
    var rightId: String
    var forkPoint: String?
    var sharedMessages: Int
    var turns: [Turn]
    /// The code anchors of the two compared messages; null for none.
    var leftCode: CodeAnchorJSON?
    var rightCode: CodeAnchorJSON?

    /// - Parameter statOnly: `--stat`: each turn's counts without its runs.
    init(_ comparison: ThreadComparison, statOnly: Bool = false) {
        left = comparison.names.left
        right = comparison.names.right
        leftId = comparison.ids.left.hex
        rightId = comparison.ids.right.hex
        forkPoint = comparison.forkPoint?.hex
        leftCode = comparison.code.flatMap { CodeAnchorJSON($0.left) }
        rightCode = comparison.code.flatMap { CodeAnchorJSON($0.right) }
        sharedMessages = comparison.sharedCount
        turns = comparison.turns.map { turn in
            let stat = TextDiffStat(runs: turn.runs)
            return Turn(
                left: turn.left.map { Side(id: $0.id, role: $0.role) }, right: turn.right.map { Side(id: $0.id, role: $0.role) },
                identical: turn.isIdentical, rewritten: turn.isRewritten ? true : nil, wordsAdded: stat.wordsAdded, wordsRemoved: stat.wordsRemoved,
                runs: statOnly ? nil : turn.runs.map { Run(kind: "\($0.kind)", text: $0.text) })
        }
    }
}

/// A message's code anchor in JSON (docs/FORMAT.md §4.7): `{commit, branch, dirty}`.
struct CodeAnchorJSON: Encodable, Equatable {
    var commit: String?
    var branch: String?
    var dirty: Bool

    /// Nil for a message without an anchor.
    init?(_ anchor: CodeAnchor?) {
        guard let anchor else { return nil }
        (commit, branch, dirty) = (anchor.commit, anchor.branch, anchor.dirty)
    }
}
