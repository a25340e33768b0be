import ThreadAI

/// What `import` tells the user on stderr: on a terminal, one line redrawn in place with the counts
/// so far and the rate; at the end, the summary and every skipped item with why (docs/CLI.md, `import`).
final class ImportProgress {
    private let errors: any TextOutput
    /// Only a terminal gets the redrawn line: in a pipe or a log, `\r` would pile up as garbage.
    let isShown: Bool
    private let clock = ContinuousClock()
    private var lastDrawn: ContinuousClock.Instant?
    /// When the current file's first message was stored, and the count then.
    private var rateStart: (ContinuousClock.Instant, Int)?
    private var file = ""
    private var isLineOnScreen = false

    /// The shortest time between two redraws: often enough to look alive, rarely enough to cost nothing.
    static let interval = Duration.milliseconds(200)

    init(errors: any TextOutput, isShown: Bool) {
        self.errors = errors
        self.isShown = isShown
    }

    /// Starts on `file`: drawn at once, so even a first pass that only checks the file shows something.
    func begin(file: String) {
        self.file = file
        rateStart = nil
        guard isShown else { return }
        lastDrawn = clock.now
        show("reading")
    }

    /// The counts after one more conversation or message, drawn when the last drawing is old enough.
    func update(_ summary: Importer.Summary) {
        guard isShown else { return }
        // The rate counts from the file's first stored message, not from the pass that checked it.
        let (since, before) = rateStart ?? (clock.now, summary.messages)
        if rateStart == nil { rateStart = (since, before) }
        guard isDue() else { return }
        let elapsed = clock.now - since
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0.05 ? " (\(Int(Double(summary.messages - before) / seconds)) messages/s)" : ""
        let conversations = summary.conversations > 0 ? "\(CountedNoun.phrase(summary.conversations, "conversation")), " : ""
        show("\(conversations)\(CountedNoun.phrase(summary.messages, "message"))\(rate)")
    }

    /// The first pass over a file, which checks it whole before anything is written: how far it is.
    func checking(_ count: Int, _ noun: String) {
        guard isShown, isDue() else { return }
        show("checking, \(CountedNoun.phrase(count, noun)) read")
    }

    /// Wipes the line, before the summary or an error takes its place.
    func clear() {
        guard isLineOnScreen else { return }
        errors.write("\r\u{1B}[K")
        errors.flush()
        isLineOnScreen = false
    }

    /// Whether a drawing is due now, noting it as drawn.
    private func isDue() -> Bool {
        let now = clock.now
        if let lastDrawn, now - lastDrawn < Self.interval { return false }
        lastDrawn = now
        return true
    }

    private func show(_ text: String) {
        let name = TerminalSafe.text(file.split(separator: "/").last.map(String.init) ?? file)
        errors.write("\r\(name): \(text)\u{1B}[K")
        errors.flush()
        isLineOnScreen = true
    }

    /// The summary's lines: every skipped item with why, then the counts.
    static func summary(_ summary: Importer.Summary) -> [String] {
        // A threadai-json export is counted as one; conversations are said when there were some, or nothing at all.
        let sources = [
            summary.conversations > 0 || summary.exports == 0 ? CountedNoun.phrase(summary.conversations, "conversation") : nil,
            summary.exports > 0 ? CountedNoun.phrase(summary.exports, "threadai-json export") : nil,
        ].compactMap { $0 }.joined(separator: " and ")
        return summary.notes.map { TerminalSafe.text("note: \($0)") } + summary.skipped.map { TerminalSafe.text("skipped \($0)") } + [
            "imported \(sources): \(CountedNoun.phrase(summary.messages, "message")) (\(summary.newMessages) new), "
                + "\(CountedNoun.phrase(summary.forks, "fork")), \(CountedNoun.phrase(summary.movedRefs, "thread")) created or moved, "
                + "\(CountedNoun.phrase(summary.skipped.count, "item")) skipped"
        ]
    }
}
