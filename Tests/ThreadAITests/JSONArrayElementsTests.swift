import Testing
@testable import ThreadAI

/// The rows of `sqlite3 -json` cut from its output piece by piece, wherever the pieces split it.
@Suite("JSON array elements, read as they arrive")
struct JSONArrayElementsTests {
    /// The elements of `text` fed in pieces of `size` bytes, or nil when the reader refuses it.
    static func elements(_ text: String, piecesOf size: Int) -> [String]? {
        var reader = JSONArrayElements()
        var found: [String] = []
        let bytes = Array(text.utf8)
        do {
            for start in stride(from: 0, to: bytes.count, by: size) {
                try reader.append(bytes[start..<min(bytes.count, start + size)]) { found.append(String(decoding: $0, as: UTF8.self)) }
            }
            try reader.finish()
        } catch {
            return nil
        }
        return found
    }

    @Test("objects come out whole and exact, whatever the pieces; strings may hold brackets, quotes and backslashes")
    func wholeObjects() {
        let rows = [
            #"{"id":"a","prompt":"[{ not an array }]","n":1}"#,
            #"{"id":"b","response":"a \"quoted\" } brace and a backslash \\","nested":{"x":[1,{"y":"]"}]}}"#,
            #"{"id":"c","text":"\\\"","empty":""}"#,
        ]
        let text = "[" + rows.joined(separator: ",\n") + "]\n"
        for size in [1, 2, 3, 5, 7, 16, 64, 4096] {
            #expect(Self.elements(text, piecesOf: size) == rows, "pieces of \(size)")
        }
        #expect(Self.elements("\u{FEFF}  [ \(rows[0]) , \(rows[1]) , ]  ", piecesOf: 1) == [rows[0], rows[1]], "byte order mark, spaces, comma before the end")
    }

    @Test("no output, or an empty array, is no rows")
    func noRows() {
        for text in ["", "\n", "[]", " [\n]\n", "\u{FEFF}"] {
            #expect(Self.elements(text, piecesOf: 1) == [], "\(text.debugDescription)")
        }
    }

    @Test("what is not an array of objects is refused")
    func refused() {
        for text in ["{}", "[,]", "[{},,{}]", "[{}{}]", "[{}] x", "[1]", #"["a"]"#, "[{", "[{}", #"[{"a":"}]"#, "\u{FEFF}\u{FEFF}[]", "x[]"] {
            #expect(Self.elements(text, piecesOf: 1) == nil, "\(text.debugDescription)")
            #expect(Self.elements(text, piecesOf: 64) == nil, "\(text.debugDescription)")
        }
    }
}
