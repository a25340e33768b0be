/// Where in a text a `SecretPattern`'s regex runs (its `reach` around each trigger), so that the
/// scan costs the triggers' neighbourhoods, not the text times the patterns.
enum SecretWindows {
    /// The ranges of `text` (whose UTF-8 is `bytes`, ASCII-lowered in `lowered`) where `pattern`
    /// may match, in order; none when no trigger occurs.
    static func around(_ pattern: SecretPattern, in text: String, bytes: [UInt8], lowered: [UInt8]) -> [Range<String.Index>] {
        let haystack = pattern.caseSensitive ? bytes : lowered
        var starts: [(at: Int, length: Int)] = []
        haystack.withUnsafeBytes { searched in
            for finder in pattern.finders {
                var from = 0
                while let at = finder.find(in: searched, from: from) {
                    starts.append((at, finder.count))
                    if case .whole = pattern.reach { break }
                    from = at + 1
                }
            }
        }
        guard !starts.isEmpty else { return [] }
        func index(_ offset: Int) -> String.Index { text.utf8.index(text.utf8.startIndex, offsetBy: offset) }
        switch pattern.reach {
        case .whole:
            return [text.startIndex..<text.endIndex]
        case .fromTrigger(let length), .block(let length):
            let sorted = starts.sorted { $0.at < $1.at }
            return sorted.indices.map { position in
                let start = sorted[position].at
                var end = min(start + length, bytes.count)
                if case .block = pattern.reach, position + 1 < sorted.count { end = min(end, sorted[position + 1].at) }
                while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a character's bytes
                return index(start)..<index(end)
            }
        case .token:
            var windows: [Range<Int>] = []
            for start in starts.sorted(by: { $0.at < $1.at }) where windows.last.map({ !$0.contains(start.at) }) ?? true {
                var low = start.at
                while low > 0, !isWhitespace(bytes[low - 1]) { low -= 1 }
                var high = start.at + start.length
                while high < bytes.count, !isWhitespace(bytes[high]) { high += 1 }
                windows.append(low..<high)
            }
            return windows.map { index($0.lowerBound)..<index($0.upperBound) }
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }
}
