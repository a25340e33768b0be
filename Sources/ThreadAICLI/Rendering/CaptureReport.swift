import ThreadAI

/// What `threadai status` says of captures (docs/CLI.md, `capture`): a hook's capture never fails
/// its agent, so this is where a person learns that one failed, and how to redo it.
enum CaptureReport {
    /// Nothing when no capture was ever made; else a count, then one line per transcript whose last
    /// capture failed, with the command that redoes it.
    static func lines(_ repository: Repository) -> [String] {
        let records = CaptureRecords(repository: repository).all()
        var lines: [String] = []
        if !records.isEmpty {
            let redacted = records.reduce(0) { $0 + $1.record.redacted }
            lines.append("Captured transcripts: \(records.count)" + (redacted > 0 ? " (\(CountedNoun.phrase(redacted, "credential")) stored redacted)" : ""))
        }
        // A session that ended without its SessionEnd hook (killed) keeps its last reply out until asked.
        let waiting = records.filter { $0.record.settled < $0.record.offset && $0.record.error == nil }
        if !waiting.isEmpty {
            lines.append("Held back: the newest reply of \(CountedNoun.phrase(waiting.count, "transcript")) waits for its next "
                + "capture or the session's end; 'threadai capture --all' (or --session ID) stores it now")
        }
        return lines + failures(repository, records: records)
    }

    /// One line per transcript whose last capture failed, and the log's last entry when it is a
    /// failure no record holds; `fsck` gives them as warnings.
    static func failures(_ repository: Repository, records: [(key: String, record: CaptureRecord)]? = nil) -> [String] {
        let records = records ?? CaptureRecords(repository: repository).all()
        let log = CaptureLog(repository: repository)
        var lines: [String] = []
        for (_, record) in records {
            guard let error = record.error else { continue }
            lines.append(TerminalSafe.text("Capture failed: \(record.transcript): \(error); "
                + "'threadai capture --session \(record.session)' redoes it (details in \(log.path))"))
        }
        // A failure no record holds (a hook's input that named no transcript): the log's last word.
        if let last = log.lines().last, last.contains(" error: "), !records.contains(where: { $0.record.error != nil }) {
            lines.append(TerminalSafe.text("Last capture failed: \(last.split(separator: " ", maxSplits: 1).last ?? "") (see \(log.path))"))
        }
        return lines
    }
}
