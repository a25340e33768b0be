#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Literal text that speeds up matching: the longest run of plain characters that every match of a
/// POSIX extended regular expression must contain, and an ASCII case-insensitive byte search.
enum SearchLiteral {
    /// The longest literal every match of `pattern` contains; empty when none can be proven
    /// (an alternation at any level, or no plain character outside brackets and groups).
    /// Conservative: a character followed by `*`, `?` or `{` is optional and ends the run.
    static func required(in pattern: [UInt8]) -> [UInt8] {
        guard !pattern.contains(UInt8(ascii: "|")) else { return [] }
        var best: [UInt8] = [], run: [UInt8] = []
        func endRun() {
            if run.count > best.count { best = run }
            run = []
        }
        var index = 0
        while index < pattern.count {
            var character: UInt8? = nil
            var width = 1
            switch pattern[index] {
            case UInt8(ascii: "\\"):
                guard index + 1 < pattern.count else { endRun(); index += 1; continue }
                let escaped = pattern[index + 1]
                // `\.` is a dot; `\w`, `\<`, `\1` and the like are classes, anchors and references.
                character = Array("\\.[]()*+?{}|^$".utf8).contains(escaped) ? escaped : nil
                width = 2
            case UInt8(ascii: "["), UInt8(ascii: "("):
                endRun()
                index = skipGroup(in: pattern, from: index)
                continue
            case UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                character = nil
            case UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "+"), UInt8(ascii: "{"):
                character = nil
                if pattern[index] == UInt8(ascii: "{") {
                    while index < pattern.count && pattern[index] != UInt8(ascii: "}") { index += 1 }
                }
            default:
                character = pattern[index]
            }
            let next = index + width < pattern.count ? pattern[index + width] : nil
            let isOptional = next == UInt8(ascii: "*") || next == UInt8(ascii: "?") || next == UInt8(ascii: "{")
            if let character, !isOptional, character < 0x80 {
                run.append(character)
                if next == UInt8(ascii: "+") { endRun() }
            } else {
                // Bytes of a multi-byte character stay out: a quantifier after one applies to it whole.
                endRun()
            }
            index += width
        }
        endRun()
        return best
    }

    /// The longest run of ASCII bytes in `text`.
    static func longestASCIIRun(in text: [UInt8]) -> [UInt8] {
        text.split { $0 >= 0x80 }.max { $0.count < $1.count }.map(Array.init) ?? []
    }

    /// The index just after the bracket expression or group that starts at `start`.
    private static func skipGroup(in pattern: [UInt8], from start: Int) -> Int {
        if pattern[start] == UInt8(ascii: "[") {
            var index = start + 1
            if index < pattern.count && pattern[index] == UInt8(ascii: "^") { index += 1 }
            if index < pattern.count && pattern[index] == UInt8(ascii: "]") { index += 1 }
            while index < pattern.count && pattern[index] != UInt8(ascii: "]") { index += 1 }
            return index + 1
        }
        var depth = 0, index = start
        while index < pattern.count {
            switch pattern[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return index + 1 }
            default: break
            }
            index += 1
        }
        return index
    }

    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// Where `needle` (already lowercase) next occurs in `bytes` at or after `position`, comparing
    /// ASCII letters without case; other bytes must be equal.
    static func findIgnoringCase(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer, from position: Int) -> Int? {
        guard let first = needle.first else { return position }
        let last = bytes.count - needle.count
        var index = position
        while index <= last {
            if lowercased(bytes[index]) == first {
                var offset = 1
                while offset < needle.count && lowercased(bytes[index + offset]) == needle[offset] { offset += 1 }
                if offset == needle.count { return index }
            }
            index += 1
        }
        return nil
    }

    /// Where `needle` next occurs in `bytes` at or after `position`: `memchr` (vectorised by the C
    /// library) for the needle's rarest byte in ordinary text, then a comparison of the whole needle.
    static func find(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer, from position: Int) -> Int? {
        guard !needle.isEmpty else { return position }
        guard let base = bytes.baseAddress, position + needle.count <= bytes.count else { return nil }
        let pivot = needle.indices.max { rarity(needle[$0]) < rarity(needle[$1]) } ?? 0
        let pivotByte = Int32(needle[pivot])
        var start = position
        return needle.withUnsafeBytes { needleBytes -> Int? in
            guard let needleBase = needleBytes.baseAddress else { return nil }
            let last = bytes.count - needle.count
            while start <= last {
                guard let hit = memchr(base + start + pivot, pivotByte, last - start + 1) else { return nil }
                let candidate = base.distance(to: UnsafeRawPointer(hit)) - pivot
                if memcmp(base + candidate, needleBase, needle.count) == 0 { return candidate }
                start = candidate + 1
            }
            return nil
        }
    }

    /// How rare a byte is in English prose, roughly: letters by their frequency, capitals rarer than
    /// small letters, spaces and vowels the most common.
    private static func rarity(_ byte: UInt8) -> Int {
        let common = Array(" etaoinshrdlcumwfgypbvkjxqz".utf8)
        if let rank = common.firstIndex(of: lowercased(byte)) {
            return (0x41...0x5a).contains(byte) ? rank + 30 : rank
        }
        return byte >= 0x80 ? 20 : 25
    }
}
