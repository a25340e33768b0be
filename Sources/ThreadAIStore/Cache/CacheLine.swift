/// Splits one line of a text cache file into its fields: runs of bytes separated by single spaces,
/// where a field that begins with `"` is a quoted §4.3 value and runs to its closing quote (so it
/// may hold spaces). Decoding the values is left to `FrontmatterValue`.
enum CacheLine {
    /// The fields of `line` (without its LF), or nil when a quoted field is not closed or two
    /// fields are not separated by exactly one space.
    static func fields(_ line: ArraySlice<UInt8>) -> [String]? {
        var fields: [String] = []
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
            }
            fields.append(String(decoding: line[start..<index], as: UTF8.self))
            guard index < line.endIndex else { break }
            guard line[index] == UInt8(ascii: " "), index + 1 < line.endIndex else { return nil }
            index += 1
        }
        return fields
    }

    /// The lines of `body`, each without its LF (a body always ends with one).
    static func lines(_ body: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        body.split(separator: 0x0a, omittingEmptySubsequences: false).dropLast()
    }
}
