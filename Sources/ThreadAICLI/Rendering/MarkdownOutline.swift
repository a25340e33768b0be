/// Headings of a message's Markdown moved down `levels`, so that in `export md` they nest below the
/// message's own heading (a reply's `# Title` under `### 2. assistant` becomes `#### Title`),
/// capped at `######`. Lines inside fenced code blocks (`Fence`, as the HTML export reads them)
/// and lines indented as code are left as written.
enum MarkdownOutline {
    static func demote(_ text: String, by levels: Int) -> String {
        var open: Fence?
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            let string = String(line)
            if let fence = open {
                if fence.closes(string) { open = nil }
                return line
            }
            if let fence = Fence(string) {
                open = fence
                return line
            }
            let indent = line.prefix { $0 == " " }.count
            guard indent < 4 else { return line }
            let rest = line.dropFirst(indent)
            let level = rest.prefix { $0 == "#" }.count
            guard (1...6).contains(level), rest.dropFirst(level).first.map({ $0 == " " || $0 == "\t" || $0 == "\r" }) ?? true else {
                return line
            }
            return line.prefix(indent) + String(repeating: "#", count: min(6, level + levels)) + rest.dropFirst(level)
        }
        return lines.joined(separator: "\n")
    }
}
