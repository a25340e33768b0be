#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAI

/// Writes values as JSON: pretty, keys sorted, so output is stable for scripts and tests.
enum JSONOutput {
    static func write(_ value: some Encodable, to output: any TextOutput) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        output.write(bytes: closingEmptyContainers(try encoder.encode(value)) + [0x0A])
    }

    /// Pretty JSON with each empty array or object as `[]` or `{}`, where the encoder writes it open,
    /// a blank line, then closed. Only an empty container makes a blank line: pretty JSON escapes every
    /// line break inside a string. One pass over the bytes: a `log --json` of ten thousand messages
    /// is megabytes.
    static func closingEmptyContainers(_ json: some Collection<UInt8>) -> [UInt8] {
        let bytes = Array(json)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            result.append(byte)
            index += 1
            let close: UInt8 = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
            guard byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{"),
                  index + 1 < bytes.count, bytes[index] == 0x0A, bytes[index + 1] == 0x0A else { continue }
            var next = index + 2
            while next < bytes.count && bytes[next] == UInt8(ascii: " ") { next += 1 }
            if next < bytes.count && bytes[next] == close { index = next }
        }
        return result
    }
}

/// A message as `log --json`, `show --json` and `context --json` print it.
struct MessageJSON: Encodable {
    var id: String
    var parent: String?
    var thread: String
    var role: String
    var date: String
    var content: String
    /// Every other frontmatter key, as written.
    var fields: [String: String]
    /// Threads forked at this message.
    var forks: [String]?
    /// Tags on this message (docs/FORMAT.md §5.6).
    var tags: [String]?

    init(id: ObjectID, message: Message, forks: [String]? = nil, tags: [String]? = nil) {
        self.id = id.hex
        self.parent = message.parent?.hex
        self.thread = message.thread.rawValue
        self.role = message.role.rawValue
        self.date = message.date.rfc3339
        self.content = message.content
        self.fields = message.fields
        self.forks = forks
        self.tags = tags
    }

    func encode(to encoder: any Encoder) throws {
        // `parent: null` for a root, rather than a missing key, so every item has the same shape.
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(parent, forKey: .parent)
        try container.encode(thread, forKey: .thread)
        try container.encode(role, forKey: .role)
        try container.encode(date, forKey: .date)
        try container.encode(content, forKey: .content)
        try container.encode(fields, forKey: .fields)
        try container.encodeIfPresent(forks, forKey: .forks)
        try container.encodeIfPresent(tags, forKey: .tags)
    }

    enum CodingKeys: String, CodingKey {
        case id, parent, thread, role, date, content, fields, forks, tags
    }
}

/// A JSON array written one element at a time, shaped as `JSONOutput.write` shapes a whole array,
/// so a listing of a whole repository never sits in memory.
struct JSONArrayWriter {
    private let output: any TextOutput
    private let encoder = JSONEncoder()
    private var count = 0

    init(to output: any TextOutput) {
        self.output = output
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    }

    mutating func append(_ value: some Encodable) throws {
        try append(contentsOf: [value])
    }

    /// Appends every value of `values` at once: encoded as one array, whose elements are already
    /// indented as this array's, less its brackets (one encoder call for a part of a history).
    mutating func append(contentsOf values: [some Encodable]) throws {
        guard !values.isEmpty else { return }
        let array = JSONOutput.closingEmptyContainers(try encoder.encode(values))
        // The encoder writes "[\n", the elements, "\n]".
        output.write(bytes: Array((count == 0 ? "[\n" : ",\n").utf8) + array.dropFirst(2).dropLast(2))
        count += values.count
    }

    /// Closes the array (an empty one as the encoder writes it).
    func finish() throws {
        if count == 0 { return try JSONOutput.write([String](), to: output) }
        output.line("\n]")
    }
}
