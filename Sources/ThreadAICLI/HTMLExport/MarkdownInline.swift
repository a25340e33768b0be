/// The inline part of `MarkdownHTML`: code spans, emphasis, strike-through, links and escapes
/// within one block's text. Everything that is not one of these is escaped text.
///
/// The rules (a deliberate subset of CommonMark, exact rather than complete):
/// - `\` before ASCII punctuation yields that character literally.
/// - A run of N backticks opens a code span closed by the next run of exactly N; its text is kept
///   as written (one space stripped from each end when both ends have one). Unclosed, the backticks
///   are text.
/// - `**x**` / `__x__` is strong, `*x*` / `_x_` emphasis, `~~x~~` deleted: the opener must be
///   followed, and the closer preceded, by a non-space; `_` runs must not touch a letter or digit
///   outside (so snake_case stays as it is). The nearest matching closer wins; unmatched, it is text.
/// - `[text](url)` and `[text](url "title")` are links when `HTMLText.safeURL` accepts the url,
///   else the text alone; `<https://…>` is a link; `![alt](url)` is a link to the image labelled
///   with its alt text (an offline page loads nothing from elsewhere).
/// - Raw HTML is escaped, never passed through.
enum MarkdownInline {
    static func render(_ text: String) -> String {
        render(Array(text), 0..<text.count)
    }

    private static func render(_ chars: [Character], _ range: Range<Int>) -> String {
        var html = ""
        var plain = ""
        var index = range.lowerBound
        func flush() {
            html += HTMLText.escape(plain)
            plain = ""
        }
        while index < range.upperBound {
            let char = chars[index]
            if char == "\\", index + 1 < range.upperBound, chars[index + 1].isASCII, chars[index + 1].isPunctuation || chars[index + 1].isSymbol {
                plain.append(chars[index + 1])
                index += 2
                continue
            }
            if let (rendered, next) = codeSpan(chars, at: index, end: range.upperBound)
                ?? link(chars, at: index, end: range.upperBound)
                ?? autolink(chars, at: index, end: range.upperBound)
                ?? delimited(chars, at: index, end: range.upperBound) {
                flush()
                html += rendered
                index = next
                continue
            }
            plain.append(char)
            index += 1
        }
        flush()
        return html
    }

    private static func runLength(_ chars: [Character], at index: Int, end: Int, of char: Character) -> Int {
        var length = 0
        while index + length < end, chars[index + length] == char { length += 1 }
        return length
    }

    private static func codeSpan(_ chars: [Character], at index: Int, end: Int) -> (String, Int)? {
        guard chars[index] == "`", index == 0 || chars[index - 1] != "`" else { return nil }
        let length = runLength(chars, at: index, end: end, of: "`")
        var probe = index + length
        while probe < end {
            if chars[probe] == "`" {
                let closing = runLength(chars, at: probe, end: end, of: "`")
                if closing == length {
                    var body = String(chars[(index + length)..<probe]).replacingLineEnds()
                    if body.count >= 2, body.first == " ", body.last == " ", body.contains(where: { $0 != " " }) {
                        body = String(body.dropFirst().dropLast())
                    }
                    return ("<code>\(HTMLText.escape(body))</code>", probe + closing)
                }
                probe += closing
            } else {
                probe += 1
            }
        }
        return nil
    }

    private static func link(_ chars: [Character], at index: Int, end: Int) -> (String, Int)? {
        let isImage = chars[index] == "!" && index + 1 < end && chars[index + 1] == "["
        let open = isImage ? index + 1 : index
        guard chars[open] == "[" else { return nil }
        var depth = 0
        var probe = open
        var closeBracket: Int?
        while probe < end {
            switch chars[probe] {
            case "\\": probe += 1
            case "[": depth += 1
            case "]":
                depth -= 1
                if depth == 0 { closeBracket = probe }
            default: break
            }
            if closeBracket != nil { break }
            probe += 1
        }
        guard let closeBracket, closeBracket + 1 < end, chars[closeBracket + 1] == "(" else { return nil }
        guard let closeParen = chars[(closeBracket + 2)..<end].firstIndex(of: ")") else { return nil }
        var target = String(chars[(closeBracket + 2)..<closeParen]).trimmedSpaces()
        var title: String?
        if let quote = target.firstIndex(of: "\""), target.last == "\"", quote != target.index(before: target.endIndex) {
            title = String(target[target.index(after: quote)..<target.index(before: target.endIndex)])
            target = String(target[..<quote]).trimmedSpaces()
        }
        if target.hasPrefix("<"), target.hasSuffix(">"), target.count >= 2 { target = String(target.dropFirst().dropLast()) }
        let label = isImage
            ? HTMLText.escape(String(chars[(open + 1)..<closeBracket]))
            : render(chars, (open + 1)..<closeBracket)
        let shown = isImage ? "🖼 " + (label.isEmpty ? "image" : label) : label
        guard let url = HTMLText.safeURL(target) else { return (shown, closeParen + 1) }
        let titleAttribute = title.map { " title=\"\(HTMLText.escape($0))\"" } ?? ""
        return ("<a href=\"\(HTMLText.escape(url))\"\(titleAttribute) rel=\"noopener noreferrer\">\(shown)</a>", closeParen + 1)
    }

    private static func autolink(_ chars: [Character], at index: Int, end: Int) -> (String, Int)? {
        guard chars[index] == "<", let close = chars[(index + 1)..<end].firstIndex(of: ">") else { return nil }
        let target = String(chars[(index + 1)..<close])
        guard target.hasPrefix("http://") || target.hasPrefix("https://"), !target.contains(where: \.isWhitespace),
              let url = HTMLText.safeURL(target) else { return nil }
        let escaped = HTMLText.escape(url)
        return ("<a href=\"\(escaped)\" rel=\"noopener noreferrer\">\(escaped)</a>", close + 1)
    }

    private static func delimited(_ chars: [Character], at index: Int, end: Int) -> (String, Int)? {
        let char = chars[index]
        guard char == "*" || char == "_" || char == "~" else { return nil }
        guard index == 0 || chars[index - 1] != char else { return nil }
        let run = runLength(chars, at: index, end: end, of: char)
        let width: Int
        switch (char, run) {
        case ("~", 2): width = 2
        case ("~", _): return nil
        case (_, 1), (_, 2): width = run
        default: return nil
        }
        let start = index + width
        guard start < end, !chars[start].isWhitespace else { return nil }
        if char == "_", index > 0, chars[index - 1].isLetter || chars[index - 1].isNumber { return nil }
        var probe = start + 1
        while probe + width <= end {
            if chars[probe] == "`", let (_, next) = codeSpan(chars, at: probe, end: end) {
                probe = next
                continue
            }
            if chars[probe] == char, runLength(chars, at: probe, end: end, of: char) == width,
               chars[probe - 1] != char, !chars[probe - 1].isWhitespace,
               char != "_" || probe + width >= end || !(chars[probe + width].isLetter || chars[probe + width].isNumber) {
                let tag = char == "~" ? "del" : width == 2 ? "strong" : "em"
                return ("<\(tag)>\(render(chars, start..<probe))</\(tag)>", probe + width)
            }
            probe += 1
        }
        return nil
    }
}

extension String {
    /// Line ends inside a code span read as spaces.
    fileprivate func replacingLineEnds() -> String {
        String(map { $0 == "\n" || $0 == "\r\n" || $0 == "\r" ? " " : $0 })
    }

}

extension StringProtocol {
    /// The text without whitespace at either end.
    func trimmedSpaces() -> String {
        var slice = self[...]
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }
}
