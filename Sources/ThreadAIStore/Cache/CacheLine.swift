/// Splits one line of a text cache file into its fields: runs of bytes separated by single spaces,
/// where a field that begins with `"` is a quoted §4.3 value and runs to its closing quote (so it
/// may hold spaces). Decoding the values is left to `FrontmatterValue`.
enum CacheLine {
    /// The fields of `line` (without its LF), or nil when a quoted field is not closed or two
    /// fields are not separated by exactly one space.
    static func fields(_ line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>]? {
        var fields: [ArraySlice<UInt8>] = []
        var index = line.startIndex
        while index < line.endIndex {
            let start = index
            if line[index] == UInt8(ascii: "\"") {
                index += 1
                while index < line.endIndex && line[index] != UInt8(ascii: "\"") {
                    index += line[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard index < line.endIndex else { return nil }
                index += 1
            } else {
                while index < line.endIndex && line[index] != UInt8(ascii: " ") { index += 1 }
                guard index > start else { return nil }
            }
            fields.append(line[start..<index])
            guard index < line.endIndex else { break }
            guard line[index] == UInt8(ascii: " "), index + 1 < line.endIndex else { return nil }
            index += 1
        }
        return fields
    }

    /// The §4.3 value written in `field`, or nil when it is not the canonical form of any string.
    static func value(_ field: ArraySlice<UInt8>) -> String? {
        // A field that does not decode makes the whole file unusable, which is what nil says.
        field.withUnsafeBufferPointer { try? FrontmatterValue.decode($0) }
    }

    /// The text of a field that is not a quoted value (a number, a date, a keyword).
    static func text(_ field: ArraySlice<UInt8>) -> String {
        String(decoding: field, as: UTF8.self)
    }

    /// The lines of `body`, each without its LF (a body always ends with one).
    static func lines(_ body: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        body.split(separator: 0x0a, omittingEmptySubsequences: false).dropLast()
    }
}
