/// How `blame` compares a line of code with a line a message wrote (docs/FORMAT.md §4.9): by its
/// bytes without spaces, tabs, CR, VT and FF, so that re-indenting or respacing a line keeps it; and,
/// where a key is stored (`cache/written`, §12.5), by the 64-bit FNV-1a hash of those bytes.
public struct LineKey: Hashable, Sendable, Comparable {
    public let hash: UInt64
    /// How many letters and digits the key holds: a line with few (`}`, `end`, `x += 1`) is written by
    /// many messages, and `blame` takes it only beside a line it could attribute on its own.
    public let weight: Int

    public init(hash: UInt64, weight: Int) {
        self.hash = hash
        self.weight = weight
    }

    /// The key of `line`, or nil when it has none (a blank line is never evidence).
    public init?<Bytes: Sequence<UInt8>>(line: Bytes) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var (length, weight) = (0, 0)
        for byte in line where !Self.ignored(byte) {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            length += 1
            if (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7a) || byte >= 0x80 { weight += 1 }
        }
        guard length > 0 else { return nil }
        self.init(hash: hash, weight: weight)
    }

    public init?(line: Substring) { self.init(line: line.utf8) }

    /// Space, tab, LF, VT, FF, CR.
    static func ignored(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0d) }

    public static func < (a: LineKey, b: LineKey) -> Bool { a.hash < b.hash }

    /// `text`'s lines, split at LF; a final empty piece (the text ended with LF) is no line.
    public static func lines(of text: Substring) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// The keys of `text`'s lines that have one, in order.
    public static func keys(of text: Substring) -> [LineKey] {
        lines(of: text).compactMap { LineKey(line: $0) }
    }
}
