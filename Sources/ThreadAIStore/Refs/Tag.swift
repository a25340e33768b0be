/// A tag (bookmark): a name for one message, with when it was made and an optional note
/// (docs/FORMAT.md §5.6). Tag names follow the rules of thread names, so they share `ThreadName`.
public struct Tag: Sendable, Equatable {
    public var name: ThreadName
    public var target: ObjectID
    public var date: Timestamp?
    public var note: String?
    /// Keys this version does not know, kept so that a rewrite would not drop them.
    public var otherFields: [(key: String, value: String)] = []

    public init(name: ThreadName, target: ObjectID, date: Timestamp?, note: String?) {
        self.name = name
        self.target = target
        self.date = date
        self.note = note
    }

    public static func == (lhs: Tag, rhs: Tag) -> Bool {
        lhs.name == rhs.name && lhs.target == rhs.target && lhs.date == rhs.date && lhs.note == rhs.note
            && lhs.otherFields.elementsEqual(rhs.otherFields) { $0 == $1 }
    }

    /// The file's bytes: the id, then `key: value` lines in ascending order of their keys.
    public var encoded: [UInt8] {
        var fields = otherFields
        if let date { fields.append(("date", date.rfc3339)) }
        if let note { fields.append(("note", note)) }
        var text = target.hex + "\n"
        for field in fields.sorted(by: { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }) {
            text += field.key + ": " + FrontmatterValue.encode(field.value) + "\n"
        }
        return Array(text.utf8)
    }

    /// Reads a tag file.
    /// - Throws: the reason it is malformed (a git conflict leaves markers that land here).
    public init(name: ThreadName, parsing bytes: [UInt8]) throws(TagFormatProblem) {
        guard bytes.last == UInt8(ascii: "\n") else { throw TagFormatProblem(line: 1, reason: "it does not end with a line end") }
        let lines = bytes.dropLast().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard let first = lines.first, let target = try? ObjectID(hex: String(decoding: first, as: UTF8.self)) else {
            throw TagFormatProblem(line: 1, reason: "the first line is not a 64-digit lowercase hex id")
        }
        self.init(name: name, target: target, date: nil, note: nil)
        var previousKey: [UInt8]?
        for (offset, line) in lines.dropFirst().enumerated() {
            let number = offset + 2
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")),
                  line[colon...].starts(with: Array(": ".utf8)),
                  FrontmatterKey.isValid(line[..<colon]) else {
                throw TagFormatProblem(line: number, reason: "expected 'key: value'")
            }
            let key = Array(line[..<colon])
            if let previousKey, !previousKey.lexicographicallyPrecedes(key) {
                throw TagFormatProblem(line: number, reason: "keys must appear once each, in ascending order")
            }
            previousKey = key
            let value: String
            do {
                value = try FrontmatterValue.decode(String(decoding: line[(colon + 2)...], as: UTF8.self))
            } catch {
                throw TagFormatProblem(line: number, reason: error.description)
            }
            switch String(decoding: key, as: UTF8.self) {
            case "date":
                guard let date = try? Timestamp(rfc3339: value) else {
                    throw TagFormatProblem(line: number, reason: "'date' is not a date like 2026-11-21T09:00:05Z")
                }
                self.date = date
            case "note":
                self.note = value
            case let other:
                otherFields.append((other, value))
            }
        }
    }
}

/// Where and why a tag file is malformed.
public struct TagFormatProblem: Error, Sendable, Equatable {
    public let line: Int
    public let reason: String
}
