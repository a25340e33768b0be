/// Ctrl-R at the `chat` prompt: readline's reverse incremental search through the history. Each
/// character typed narrows the search to the newest earlier line holding the query, Ctrl-R again
/// goes to an older one, and the line found is the one edited or submitted.
struct HistorySearch {
    private(set) var query = ""
    /// The index of the line found, nil before anything is found.
    private(set) var match: Int?
    /// Whether the last search found nothing (the line found before stays shown).
    private(set) var failed = false
    /// The line as it was before Ctrl-R, put back by Ctrl-G.
    let original: LineBuffer

    init(original: LineBuffer) {
        self.original = original
    }

    /// What stands in place of the prompt while searching, as bash shows it.
    var prompt: String { "(\(failed ? "failed " : "")reverse-i-search)`\(query)': " }

    /// Adds `text` to the query and searches from the line found (which may still hold it) back.
    mutating func type(_ text: String, in entries: [String]) -> LineBuffer? {
        query += text
        return search(in: entries, from: match ?? entries.count - 1)
    }

    /// Removes the query's last character and searches again from the newest line.
    mutating func deleteBack(in entries: [String]) -> LineBuffer? {
        guard !query.isEmpty else { return nil }
        query.removeLast()
        match = nil
        return query.isEmpty ? original : search(in: entries, from: entries.count - 1)
    }

    /// Ctrl-R again: the next older line holding the query.
    mutating func older(in entries: [String]) -> LineBuffer? {
        guard !query.isEmpty else { return nil }
        return search(in: entries, from: (match ?? entries.count) - 1)
    }

    /// The newest line at or before `start` holding the query, its cursor at the match.
    private mutating func search(in entries: [String], from start: Int) -> LineBuffer? {
        var index = min(start, entries.count - 1)
        while index >= 0 {
            if let range = entries[index].firstRange(of: query) {
                match = index
                failed = false
                var found = LineBuffer(entries[index])
                found.moveHome()
                for _ in 0..<entries[index].distance(from: entries[index].startIndex, to: range.lowerBound) { found.moveRight() }
                return found
            }
            index -= 1
        }
        failed = true
        return nil
    }
}
