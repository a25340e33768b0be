import ThreadAISupport

/// The lines a Codex `apply_patch` patch adds, file by file (docs/FORMAT.md §4.9): the format Codex's
/// tool reads, `*** Begin Patch` … `*** End Patch`, with `*** Add File:`, `*** Update File:` (and a
/// `*** Move to:` after it), `*** Delete File:`, and `+` lines.
enum ApplyPatch {
    /// The added lines of each file the patch at the start of `text` writes, in order.
    static func writtenFiles(_ text: Substring) -> [(path: String, lines: [Substring])] {
        var files: [(path: String, lines: [Substring])] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst() {
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            if line == "*** End Patch" { break }
            if let path = value(of: line, after: "*** Add File: ") ?? value(of: line, after: "*** Update File: ") {
                files.append((path, []))
            } else if let path = value(of: line, after: "*** Move to: "), !files.isEmpty, files[files.count - 1].lines.isEmpty {
                files[files.count - 1].path = path
            } else if value(of: line, after: "*** Delete File: ") != nil {
                files.append(("", []))
            } else if line.hasPrefix("+"), !files.isEmpty, !files[files.count - 1].path.isEmpty {
                files[files.count - 1].lines.append(line.dropFirst())
            }
        }
        return files.filter { !$0.path.isEmpty && !$0.lines.isEmpty }
    }

    private static func value(of line: Substring, after prefix: String) -> String? {
        guard line.hasPrefix(prefix) else { return nil }
        let path = String(line.dropFirst(prefix.count)).trimmingWhitespace()
        return path.isEmpty ? nil : path
    }

    /// Where a patch begins in `text`: the start of a line that begins `*** Begin Patch`.
    static func start(in text: String) -> Substring? {
        var lineStart = text.startIndex
        while lineStart < text.endIndex {
            if text[lineStart...].hasPrefix("*** Begin Patch") { return text[lineStart...] }
            guard let end = text[lineStart...].firstIndex(of: "\n") else { return nil }
            lineStart = text.index(after: end)
        }
        return nil
    }
}
