/// The lines of a text as `split(separator: "\n", omittingEmptySubsequences: false)` gives them
/// (`Character` by `Character`), found in its UTF-8 bytes instead.
///
/// A line feed is a `Character` of its own except after a carriage return, with which it forms the
/// single `Character` `"\r\n"` (Unicode's grapheme rules GB3–GB5: nothing else joins a line feed).
/// So the `"\n"` separators are exactly the LF bytes not preceded by a CR byte, and the lines end
/// where the `Character` split ends them: a CR LF stays inside its line.
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

    /// The offsets of the LF bytes that are not preceded by a CR byte.
    private static func lineFeedOffsets(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var offsets: [Int] = []
        var previous: UInt8 = 0
        for (offset, byte) in bytes.enumerated() {
            if byte == 0x0A && previous != 0x0D { offsets.append(offset) }
            previous = byte
        }
        return offsets
    }

    private static func lineFeedOffsets(_ bytes: [UInt8]) -> [Int] {
        bytes.withUnsafeBufferPointer(lineFeedOffsets)
    }
}
