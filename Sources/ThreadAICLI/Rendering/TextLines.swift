/// The lines of a text as a terminal shows them: split at every LF byte, as
/// `split(separator: "\n", omittingEmptySubsequences: false)` splits its bytes.
///
/// A CR LF ends its line too, the CR kept at the end of the line (`TerminalSafe` shows it as `^M`):
/// the `Character` split would keep `"\r\n"` inside one line, and an indented body would then
/// print the rest of that line at column 0, where it could pass for `log`'s own lines.
enum TextLines {
    static func split(_ text: String) -> [Substring] {
        let utf8 = text.utf8
        let separators = utf8.withContiguousStorageIfAvailable(lineFeedOffsets) ?? lineFeedOffsets(Array(utf8))
        var lines: [Substring] = []
        lines.reserveCapacity(separators.count + 1)
        var start = utf8.startIndex
        for offset in separators {
            let end = utf8.index(utf8.startIndex, offsetBy: offset)
            lines.append(text[start..<end])
            start = utf8.index(after: end)
        }
        lines.append(text[start..<utf8.endIndex])
        return lines
    }

    /// The offsets of the LF bytes.
    private static func lineFeedOffsets(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var offsets: [Int] = []
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { offsets.append(offset) }
        return offsets
    }

    private static func lineFeedOffsets(_ bytes: [UInt8]) -> [Int] {
        bytes.withUnsafeBufferPointer(lineFeedOffsets)
    }
}
