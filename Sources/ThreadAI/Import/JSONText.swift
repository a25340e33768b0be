import ThreadAISupport

/// JSON text of a value, byte for byte as Foundation's `JSONSerialization` wrote it with
/// `.sortedKeys` and `.withoutEscapingSlashes` (docs/FORMAT.md §4.6, "Compact JSON"): structured
/// parts are written compactly, the `threadai-json` export pretty-printed. Both are content that
/// users and ids depend on, so the form is fixed here, not left to a library.
///
/// Numbers are written as their text: the caller puts them in the form it wants first
/// (`JSONNumberForm`). Keys are in `JSONKeyOrder`. Strings escape `"` and `\`, U+0008, U+000C,
/// U+000A, U+000D and U+0009 as `\b`, `\f`, `\n`, `\r`, `\t`, the other characters below U+0020
/// as `\u00xx` (lowercase hex), and nothing else: `/`, U+007F and all other characters are written
/// as they are, in UTF-8.
enum JSONText {
    /// No white space at all.
    static func compact(_ value: JSONReader.Value) -> String {
        var bytes: [UInt8] = []
        write(value, into: &bytes, indent: nil)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Each member and element on its own line, indented two spaces a level, keys followed by
    /// ` : `; an empty object or array still opens a line (`{` LF LF indent `}`).
    /// - Parameter indent: the level the value stands at, for a value written inside a larger
    ///   document (its closing bracket is indented by it; its first line is the caller's).
    static func pretty(_ value: JSONReader.Value, indent: Int = 0) -> [UInt8] {
        var bytes: [UInt8] = []
        write(value, into: &bytes, indent: indent)
        return bytes
    }

    private static func write(_ value: JSONReader.Value, into bytes: inout [UInt8], indent: Int?) {
        switch value {
        case .string(let text): JSONStringText.append(text, to: &bytes)
        case .number(let text): bytes.append(contentsOf: text.utf8)
        case .bool(let truth): bytes.append(contentsOf: (truth ? "true" : "false").utf8)
        case .null: bytes.append(contentsOf: "null".utf8)
        case .array(let elements):
            writeContainer(elements, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), into: &bytes, indent: indent) {
                write($0, into: &$1, indent: $2)
            }
        case .object(let members):
            let keys = JSONKeyOrder.sorted(members.keys)
            writeContainer(keys, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), into: &bytes, indent: indent) { key, bytes, inner in
                JSONStringText.append(key, to: &bytes)
                bytes.append(contentsOf: inner == nil ? Array(":".utf8) : Array(" : ".utf8))
                if let member = members[key] { write(member, into: &bytes, indent: inner) }
            }
        }
    }

    private static func writeContainer<Item>(
        _ items: [Item], open: UInt8, close: UInt8, into bytes: inout [UInt8], indent: Int?,
        item: (Item, inout [UInt8], Int?) -> Void
    ) {
        bytes.append(open)
        guard let indent else {
            for (index, each) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                item(each, &bytes, nil)
            }
            bytes.append(close)
            return
        }
        bytes.append(UInt8(ascii: "\n"))
        for (index, each) in items.enumerated() {
            if index > 0 { bytes.append(contentsOf: ",\n".utf8) }
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * (indent + 1)))
            item(each, &bytes, indent + 1)
        }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
        bytes.append(close)
    }
}
