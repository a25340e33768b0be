/// A list item's marker: `-`, `*`, `+` (bullets) or `N.` / `N)` (ordered), then a space.
struct ListMarker: Equatable {
    /// The bullet character, or `.` / `)` for an ordered list.
    var kind: Character
    var number: Int?
    /// Columns from the line's start to the item's text.
    var contentIndent: Int

    init?(_ line: String) {
        let indent = line.indentWidth
        guard indent < 4 else { return nil }
        let text = line.dropFirst(indent)
        guard let first = text.first else { return nil }
        var width: Int
        if "-*+".contains(first) {
            kind = first
            number = nil
            width = 1
        } else {
            let digits = text.prefix { $0.isASCII && $0.isNumber }
            guard (1...9).contains(digits.count), let delimiter = text.dropFirst(digits.count).first,
                  delimiter == "." || delimiter == ")" else { return nil }
            kind = delimiter
            number = Int(digits)
            width = digits.count + 1
        }
        let after = text.dropFirst(width)
        guard after.isEmpty || after.first == " " else { return nil }
        let spaces = after.prefix { $0 == " " }.count
        contentIndent = indent + width + (spaces == 0 || spaces > 4 ? 1 : spaces)
    }
}

/// Lists: items gathered by `ListMarker`, their text rendered as blocks again (see `MarkdownHTML`).
enum MarkdownList {
    static func render(_ lines: ArraySlice<String>, from start: Int, into html: inout String) -> Int {
        guard let first = ListMarker(lines[start]) else { return start + 1 }
        var items: [[String]] = []
        var index = start
        while index < lines.endIndex, let marker = ListMarker(lines[index]), marker.kind == first.kind,
              !(MarkdownHTML.isRule(lines[index]) && marker.number == nil) {
            var item = [String(lines[index].dropFirst(min(marker.contentIndent, lines[index].count)))]
            index += 1
            while index < lines.endIndex {
                let line = lines[index]
                if line.isBlank {
                    // A blank line continues the item only when the next line is indented into it.
                    let next = index + 1
                    guard next < lines.endIndex, !lines[next].isBlank, lines[next].indentWidth >= marker.contentIndent else { break }
                    item.append("")
                } else if line.indentWidth >= marker.contentIndent {
                    item.append(String(line.dropFirst(marker.contentIndent)))
                } else if item.last?.isBlank == false, !MarkdownHTML.interruptsParagraph(line), isParagraph(item) {
                    item.append(line)
                } else {
                    break
                }
                index += 1
            }
            items.append(item)
            // Blank lines between items keep the list going.
            var probe = index
            while probe < lines.endIndex, lines[probe].isBlank { probe += 1 }
            if probe < lines.endIndex, let next = ListMarker(lines[probe]), next.kind == first.kind { index = probe }
        }
        let ordered = first.number != nil
        let startAttribute = ordered && first.number != 1 ? " start=\"\(first.number ?? 1)\"" : ""
        html += ordered ? "<ol\(startAttribute)>\n" : "<ul>\n"
        for item in items {
            var body = MarkdownHTML.renderBlocks(item[...])
            if body.hasPrefix("<p>"), body.hasSuffix("</p>\n"), body.components(separatedBy: "<p>").count == 2 {
                body = String(body.dropFirst(3).dropLast(5))
            } else if body.hasPrefix("<p>"), let end = body.firstRange(of: "</p>\n") {
                // A tight item: its first paragraph without <p>, nested blocks after it.
                body = String(body[body.index(body.startIndex, offsetBy: 3)..<end.lowerBound]) + "\n" + body[end.upperBound...]
            }
            html += "<li>\(body)</li>\n"
        }
        html += ordered ? "</ol>\n" : "</ul>\n"
        return index
    }

    /// True while the item's last block is a paragraph, which a lazy line may continue.
    private static func isParagraph(_ item: [String]) -> Bool {
        guard let last = item.last else { return false }
        return !MarkdownHTML.interruptsParagraph(last) || ListMarker(last) != nil
    }
}
