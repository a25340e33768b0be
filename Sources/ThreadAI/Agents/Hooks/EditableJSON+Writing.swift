import ThreadAISupport

extension EditableJSON {
    /// How a document is laid out, read from the file it came from so that writing it back keeps
    /// its look: the indentation of one level, and whether it ends with a line feed. Agents write
    /// their settings as `JSON.stringify(value, null, 2)` does (each member on its own line, two
    /// spaces a level, `": "`), which is the layout written here, so such a file edited and edited
    /// back is byte for byte the one it was. Lines end as its first line does (CR LF, from an
    /// editor on Windows, or LF).
    struct Layout: Sendable, Equatable {
        var indent: String
        var finalNewline: Bool
        var byteOrderMark: Bool
        var lineBreak = "\n"

        /// What a new file gets.
        static let standard = Layout(indent: "  ", finalNewline: true, byteOrderMark: false)

        /// The layout of `bytes`: the white space that begins its second line is one level.
        init(of bytes: [UInt8]) {
            self = .standard
            byteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
            finalNewline = bytes.last == UInt8(ascii: "\n")
            guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return }
            if newline > 0, bytes[newline - 1] == UInt8(ascii: "\r") { lineBreak = "\r\n" }
            let run = bytes[(newline + 1)...].prefix { $0 == 0x20 || $0 == 0x09 }
            if !run.isEmpty { indent = String(decoding: run, as: UTF8.self) }
        }

        init(indent: String, finalNewline: Bool, byteOrderMark: Bool) {
            self.indent = indent
            self.finalNewline = finalNewline
            self.byteOrderMark = byteOrderMark
        }
    }

    /// The document's bytes in `layout`.
    func written(_ layout: Layout) -> [UInt8] {
        var text = layout.byteOrderMark ? "\u{FEFF}" : ""
        write(into: &text, level: 0, indent: layout.indent)
        if layout.finalNewline { text += "\n" }
        if layout.lineBreak != "\n" { text = text.replacingEvery("\n", with: layout.lineBreak) }
        return Array(text.utf8)
    }

    private func write(into text: inout String, level: Int, indent: String) {
        let inner = String(repeating: indent, count: level + 1)
        switch self {
        case .scalar(let raw):
            text += raw
        case .object(let members):
            guard !members.isEmpty else { return text += "{}" }
            text += "{\n"
            for (index, member) in members.enumerated() {
                text += inner + member.rawKey + ": "
                member.value.write(into: &text, level: level + 1, indent: indent)
                text += index == members.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: indent, count: level) + "}"
        case .array(let elements):
            guard !elements.isEmpty else { return text += "[]" }
            text += "[\n"
            for (index, element) in elements.enumerated() {
                text += inner
                element.write(into: &text, level: level + 1, indent: indent)
                text += index == elements.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: indent, count: level) + "]"
        }
    }
}
