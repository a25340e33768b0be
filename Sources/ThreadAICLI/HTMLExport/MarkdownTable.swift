/// A pipe table: a header row, a delimiter row (`---`, `:--`, `--:`, `:-:`), then body rows up to a
/// blank line or a line without `|`. Cells are split at `|` not escaped by `\` nor inside a code
/// span; rows are cut or padded to the header's width.
struct MarkdownTable {
    private var lines: ArraySlice<String>
    private var start: Int
    private var alignments: [String?]

    init?(_ lines: ArraySlice<String>, at index: Int) {
        guard index + 1 < lines.endIndex, lines[index].contains("|") else { return nil }
        let delimiters = Self.cells(lines[index + 1])
        guard !delimiters.isEmpty, lines[index + 1].contains("-") else { return nil }
        var alignments: [String?] = []
        for cell in delimiters {
            let core = cell.trimmedSpaces()
            let dashes = core.drop { $0 == ":" }.reversed().drop { $0 == ":" }
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == "-" }) else { return nil }
            switch (core.hasPrefix(":"), core.hasSuffix(":")) {
            case (true, true): alignments.append("center")
            case (true, false): alignments.append("left")
            case (false, true): alignments.append("right")
            case (false, false): alignments.append(nil)
            }
        }
        guard Self.cells(lines[index]).count == alignments.count else { return nil }
        self.lines = lines
        self.start = index
        self.alignments = alignments
    }

    func render(into html: inout String) -> Int {
        html += "<table>\n<thead>\n" + row(lines[start], cell: "th") + "</thead>\n"
        var index = start + 2
        var body = ""
        while index < lines.endIndex, !lines[index].isBlank, lines[index].contains("|") {
            body += row(lines[index], cell: "td")
            index += 1
        }
        if !body.isEmpty { html += "<tbody>\n" + body + "</tbody>\n" }
        html += "</table>\n"
        return index
    }

    private func row(_ line: String, cell tag: String) -> String {
        var cells = Self.cells(line)
        cells = Array(cells.prefix(alignments.count)) + Array(repeating: "", count: max(0, alignments.count - cells.count))
        let rendered = zip(cells, alignments).map { text, alignment in
            let style = alignment.map { " style=\"text-align: \($0)\"" } ?? ""
            return "<\(tag)\(style)>\(MarkdownInline.render(text.trimmedSpaces()))</\(tag)>"
        }
        return "<tr>" + rendered.joined() + "</tr>\n"
    }

    /// The row's cells, outer pipes dropped; `\|` stays in the cell as `|`.
    static func cells(_ line: String) -> [String] {
        var text = Substring(line.trimmedSpaces())
        if text.first == "|" { text = text.dropFirst() }
        if text.last == "|", !text.hasSuffix("\\|") { text = text.dropLast() }
        var cells: [String] = []
        var current = ""
        var inCode = false
        var escaped = false
        for char in text {
            if escaped {
                current += char == "|" ? "|" : "\\" + String(char)
                escaped = false
            } else if char == "\\" {
                escaped = true
            } else if char == "`" {
                inCode.toggle()
                current.append(char)
            } else if char == "|", !inCode {
                cells.append(current)
                current = ""
            } else {
                current.append(char)
            }
        }
        if escaped { current += "\\" }
        cells.append(current)
        return cells
    }
}
