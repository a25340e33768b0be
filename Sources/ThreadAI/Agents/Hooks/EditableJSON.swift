import ThreadAISupport

/// A JSON document read so that it can be edited and written back without changing what was not
/// edited: objects keep their members in the file's order (duplicates included), and every string
/// and number keeps its spelling (`1.50`, `"\u00e9"`), so an agent's settings file that ThreadAI
/// adds its hooks to, or removes them from, keeps everything else as it was (docs/CLI.md, `hooks`).
/// `JSONReader` checks the grammar first; this only splits a document known to be valid.
indirect enum EditableJSON: Sendable, Equatable {
    case object([Member])
    case array([EditableJSON])
    /// A string (with its quotes), a number, `true`, `false` or `null`, exactly as written.
    case scalar(String)

    struct Member: Sendable, Equatable {
        /// The key as written, quotes and escapes included.
        var rawKey: String
        var value: EditableJSON

        /// The member `key: value`, its key written as ThreadAI writes a new one.
        init(_ key: String, _ value: EditableJSON) {
            rawKey = EditableJSON.quoted(key)
            self.value = value
        }

        init(rawKey: String, value: EditableJSON) {
            self.rawKey = rawKey
            self.value = value
        }

        /// The key, its escapes decoded.
        var key: String { EditableJSON.decodedString(rawKey) ?? rawKey }
    }

    /// The string `text`, as ThreadAI writes one.
    static func string(_ text: String) -> EditableJSON { .scalar(quoted(text)) }

    /// `text` as a JSON string, quotes included.
    static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONStringText.append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text of a string value, its escapes decoded; nil for any other value.
    var string: String? {
        guard case .scalar(let raw) = self, raw.hasPrefix("\"") else { return nil }
        return Self.decodedString(raw)
    }

    var members: [Member]? { if case .object(let members) = self { members } else { nil } }
    var elements: [EditableJSON]? { if case .array(let elements) = self { elements } else { nil } }

    /// The value of the first member named `key` of an object.
    subscript(key: String) -> EditableJSON? {
        members?.first { $0.key == key }?.value
    }

    private static func decodedString(_ raw: String) -> String? {
        var reader = JSONReader(bytes: Array(raw.utf8))
        return (try? reader.readValue())?.string
    }

    /// Reads `bytes`, a whole JSON document (a UTF-8 byte order mark before it is allowed).
    /// - Throws: `JSONReader.Failure` naming the byte where it is not valid JSON.
    static func parse(_ bytes: [UInt8]) throws(JSONReader.Failure) -> EditableJSON {
        do {
            var reader = JSONReader(bytes: bytes)
            _ = try reader.readValue()
            try reader.end()
        } catch let failure as JSONReader.Failure {
            throw failure
        } catch {
            throw JSONReader.Failure(offset: 0, reason: "\(error)")
        }
        var splitter = Splitter(bytes: bytes)
        splitter.skipByteOrderMarkAndSpace()
        return splitter.value()
    }

    /// Splits a document already checked by `JSONReader`, so it meets no error.
    private struct Splitter {
        let bytes: [UInt8]
        var position = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipByteOrderMarkAndSpace() {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
            skipSpace()
        }

        mutating func skipSpace() {
            while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
        }

        mutating func value() -> EditableJSON {
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                var members: [Member] = []
                skipSpace()
                while bytes[position] != UInt8(ascii: "}") {
                    let key = stringText()
                    skipSpace()
                    position += 1  // The colon.
                    skipSpace()
                    members.append(Member(rawKey: key, value: value()))
                    skipSeparator()
                }
                position += 1
                return .object(members)
            case UInt8(ascii: "["):
                position += 1
                var elements: [EditableJSON] = []
                skipSpace()
                while bytes[position] != UInt8(ascii: "]") {
                    elements.append(value())
                    skipSeparator()
                }
                position += 1
                return .array(elements)
            case UInt8(ascii: "\""):
                return .scalar(stringText())
            default:
                let start = position
                while position < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09]
                    .contains(bytes[position])
                {
                    position += 1
                }
                return .scalar(String(decoding: bytes[start..<position], as: UTF8.self))
            }
        }

        /// White space, and a comma with the white space after it.
        mutating func skipSeparator() {
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: ",") { position += 1 }
            skipSpace()
        }

        /// A string from its opening quote to its closing one, as written.
        mutating func stringText() -> String {
            let start = position
            position += 1
            while bytes[position] != UInt8(ascii: "\"") {
                position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
            }
            position += 1
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }
    }
}
