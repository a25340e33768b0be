/// Splits text into lines for the line-by-line diff.
public enum LineTokenizer {
    /// Returns the lines of `text`, each with its own line end ("\n", "\r\n" or "\r")
    /// so that joining them reproduces the input exactly. A last line without a line
    /// end is returned as it is; an empty text has no lines.
    public static func lines(in text: String) -> [Substring] {
        var text = text
        text.makeContiguousUTF8()
        let utf8 = text.utf8
        var lines: [Substring] = []
        var lineStart = utf8.startIndex
        var index = utf8.startIndex
        // On bytes: CR and LF are clusters of their own except CR LF (UAX #29 GB3-GB5), so a byte
        // split agrees with the `Character` one.
        while index < utf8.endIndex {
            let byte = utf8[index]
            index = utf8.index(after: index)
            if byte == 0x0A || (byte == 0x0D && (index == utf8.endIndex || utf8[index] != 0x0A)) {
                lines.append(text[lineStart..<index])
                lineStart = index
            }
        }
        if lineStart < utf8.endIndex {
            lines.append(text[lineStart...])
        }
        return lines
    }
}
