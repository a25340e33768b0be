/// Message text (Markdown) as HTML for an exported page: a small, exact renderer whose output is
/// safe whatever the input — raw HTML is escaped, links are limited to safe schemes.
///
/// Blocks, read line by line (a deliberate subset of CommonMark):
/// - a fence of 3+ backticks or tildes (up to 3 spaces before it) opens a code block, closed by a
///   fence of the same character at least as long, or by the end; the info string's first word is
///   the language (`class="language-WORD"`), the lines are kept as written; an info string
///   `file:PATH` (an attached file) captions the block with PATH instead;
/// - `#` to `######` then a space (or nothing) is a heading; closing `#`s are dropped;
/// - a line of 3+ `-`, `*` or `_` (spaces allowed) alone is a rule;
/// - lines starting with `>` are a quote, its text rendered as blocks again;
/// - `-`, `*`, `+` or `N.` / `N)` then a space starts a list item; lines indented past the marker
///   (or lazily continuing its paragraph) belong to the item, whose text is rendered as blocks again
///   (lists are tight: the item's first paragraph is written without `<p>`); a change of marker kind ends the list;
/// - a line with `|` followed by a delimiter row (`---`, `:--`, `--:`, `:-:` cells) starts a table,
///   which runs until a blank line or a line without `|`;
/// - other consecutive lines are a paragraph; a line ending in two spaces or `\` breaks the line.
/// Inline text is rendered by `MarkdownInline`.
enum MarkdownHTML {
    static func render(_ text: String) -> String {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { String($0).replacingTabs() }
        return renderBlocks(lines[...])
    }

    static func renderBlocks(_ lines: ArraySlice<String>) -> String {
        var html = ""
        var index = lines.startIndex
        while index < lines.endIndex {
            let line = lines[index]
            if line.isBlank {
                index += 1
            } else if let fence = Fence(line) {
                index = fence.render(lines, from: index, into: &html)
            } else if let heading = heading(line) {
                html += heading
                index += 1
            } else if isRule(line) {
                html += "<hr>\n"
                index += 1
            } else if line.dropIndent().hasPrefix(">") {
                var quoted: [String] = []
                while index < lines.endIndex, lines[index].dropIndent().hasPrefix(">") {
                    var rest = lines[index].dropIndent().dropFirst()
                    if rest.first == " " { rest = rest.dropFirst() }
                    quoted.append(String(rest))
                    index += 1
                }
                html += "<blockquote>\n\(renderBlocks(quoted[...]))</blockquote>\n"
            } else if ListMarker(line) != nil {
                index = MarkdownList.render(lines, from: index, into: &html)
            } else if let table = MarkdownTable(lines, at: index) {
                index = table.render(into: &html)
            } else {
                index = paragraph(lines, from: index, into: &html)
            }
        }
        return html
    }

    /// True when `line` starts a block other than a paragraph (so a paragraph stops before it).
    static func interruptsParagraph(_ line: String) -> Bool {
        line.isBlank || Fence(line) != nil || heading(line) != nil || isRule(line) || line.dropIndent().hasPrefix(">")
            || ListMarker(line) != nil
    }

    private static func paragraph(_ lines: ArraySlice<String>, from start: Int, into html: inout String) -> Int {
        var index = start
        var parts: [String] = []
        while index < lines.endIndex, index == start || !interruptsParagraph(lines[index]),
              index == start || MarkdownTable(lines, at: index) == nil {
            var line = Substring(lines[index].dropIndent())
            var lineBreak = false
            if line.hasSuffix("  ") {
                lineBreak = true
            } else if line.hasSuffix("\\") {
                lineBreak = true
                line = line.dropLast()
            }
            while line.last == " " { line = line.dropLast() }
            parts.append(MarkdownInline.render(String(line)) + (lineBreak ? "<br>" : ""))
            index += 1
        }
        if var last = parts.popLast() {
            if last.hasSuffix("<br>") { last.removeLast(4) }
            parts.append(last)
        }
        html += "<p>\(parts.joined(separator: "\n"))</p>\n"
        return index
    }

    private static func heading(_ line: String) -> String? {
        let text = line.dropIndent()
        let level = text.prefix { $0 == "#" }.count
        guard (1...6).contains(level) else { return nil }
        var rest = text.dropFirst(level)
        guard rest.isEmpty || rest.first == " " else { return nil }
        rest = Substring(String(rest).trimmedSpaces())
        let closing = rest.reversed().prefix { $0 == "#" }.count
        if closing > 0, closing == rest.count || rest.dropLast(closing).last == " " {
            rest = Substring(String(rest.dropLast(closing)).trimmedSpaces())
        }
        return "<h\(level)>\(MarkdownInline.render(String(rest)))</h\(level)>\n"
    }

    static func isRule(_ line: String) -> Bool {
        let marks = line.filter { $0 != " " }
        guard let first = marks.first, "-*_".contains(first), marks.count >= 3 else { return false }
        return line.indentWidth < 4 && marks.allSatisfy { $0 == first }
    }
}

/// A code fence: its character, its length and its indent.
struct Fence {
    var mark: Character
    var length: Int
    var indent: Int
    var language: String
    /// The path of an attached file's block (`file:PATH`, docs/FORMAT.md §4.7), shown as its caption.
    var file: String?

    init?(_ line: String) {
        indent = line.indentWidth
        guard indent < 4 else { return nil }
        let text = line.dropIndent()
        guard let first = text.first, first == "`" || first == "~" else { return nil }
        length = text.prefix { $0 == first }.count
        guard length >= 3 else { return nil }
        let info = text.dropFirst(length)
        if first == "`", info.contains("`") { return nil }
        mark = first
        if info.hasPrefix("file:"), info.count > 5 {
            (file, language) = (String(info.dropFirst(5)), "")
            return
        }
        language = String(info.split(separator: " ").first ?? "").filter { $0.isLetter || $0.isNumber || "+-_#.".contains($0) }
    }

    func closes(_ line: String) -> Bool {
        guard line.indentWidth < 4 else { return false }
        let text = line.dropIndent().trimmedSpaces()
        return text.count >= length && text.allSatisfy { $0 == mark }
    }

    func render(_ lines: ArraySlice<String>, from start: Int, into html: inout String) -> Int {
        var index = start + 1
        var body: [String] = []
        while index < lines.endIndex, !closes(lines[index]) {
            var line = Substring(lines[index])
            var removable = indent
            while removable > 0, line.first == " " {
                line = line.dropFirst()
                removable -= 1
            }
            body.append(String(line))
            index += 1
        }
        let languageClass = language.isEmpty ? "" : " class=\"language-\(HTMLText.escape(language))\""
        let code = body.map { HTMLText.escape($0) + "\n" }.joined()
        if let file { html += "<div class=\"file-name\"><code>\(HTMLText.escape(file))</code></div>\n" }
        html += "<pre><code\(languageClass)>\(code)</code></pre>\n"
        return min(index + 1, lines.endIndex)
    }
}

extension String {
    var isBlank: Bool { allSatisfy { $0 == " " } }

    /// Columns of leading spaces (tabs are already expanded).
    var indentWidth: Int { prefix { $0 == " " }.count }

    /// The line without up to 3 leading spaces.
    func dropIndent() -> Substring {
        let width = min(indentWidth, 3)
        return dropFirst(width)
    }

    /// Tabs expanded to the next multiple of 4 columns, so indentation is counted in spaces.
    fileprivate func replacingTabs() -> String {
        guard contains("\t") else { return self }
        var result = ""
        for char in self {
            if char == "\t" {
                result += String(repeating: " ", count: 4 - result.count % 4)
            } else {
                result.append(char)
            }
        }
        return result
    }
}
