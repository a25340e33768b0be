/// Splits text into lines for the line-by-line diff.
public enum LineTokenizer {
    /// Returns the lines of `text`, each with its own line end ("\n", "\r\n" or "\r")
    /// so that joining them reproduces the input exactly. A last line without a line
    /// end is returned as it is; an empty text has no lines.
    public static func lines(in text: String) -> [Substring] {
        var lines: [Substring] = []
        var lineStart = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            // "\r\n" is a single Character in Swift, so one comparison covers CRLF.
            if character == "\n" || character == "\r\n" || character == "\r" {
                lines.append(text[lineStart..<index])
                lineStart = index
            }
        }
        if lineStart < text.endIndex {
            lines.append(text[lineStart...])
        }
        return lines
    }
}
