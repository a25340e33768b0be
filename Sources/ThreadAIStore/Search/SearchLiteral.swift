/// Literal text that speeds up matching: the longest run of plain characters that every match of a
/// POSIX extended regular expression must contain (found by `LiteralFinder`).
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
}
