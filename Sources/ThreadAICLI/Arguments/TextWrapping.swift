/// Greedy word wrapping for help text, counting characters (not display cells).
enum TextWrapping {
    /// Lines made of `words` joined by single spaces, the first after `firstPrefix` and the rest after
    /// `restPrefix`, each at most `width` characters unless one word alone is longer. No line ends in spaces.
    static func wrap(_ words: [String], firstPrefix: String, restPrefix: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = firstPrefix
        var lineHasWord = false
        for word in words {
            if lineHasWord && line.count + 1 + word.count > width {
                lines.append(line)
                line = restPrefix
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(lineHasWord ? line : String(line.reversed().drop { $0 == " " }.reversed()))
        return lines
    }

    /// The space-separated words of `text`.
    static func words(_ text: String) -> [String] {
        text.split(separator: " ").map(String.init)
    }

    /// `text` wrapped line by line: each line keeps its leading spaces, a line starting with `- ` or `* `
    /// continues under its first word, and empty lines stay empty.
    static func wrapParagraphs(_ text: String, width: Int) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            let indent = String(line.prefix { $0 == " " })
            let content = line.dropFirst(indent.count)
            let isListItem = content.hasPrefix("- ") || content.hasPrefix("* ")
            let hanging = indent + (isListItem ? "  " : "")
            return wrap(words(String(content)), firstPrefix: indent, restPrefix: hanging, width: width)
        }
    }
}
