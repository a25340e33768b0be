import ThreadAIStore

/// A JSON document (RFC 8259) read as it streams in, so that a file of hundreds of megabytes (a
/// `threadai-json` export of a whole repository) is read in bounded memory: the caller walks the
/// outer object and arrays key by key and element by element, and takes each small inner value
/// whole (`readValue`) or passes over it without building it (`skipValue`).
///
/// The grammar is checked as it goes; a document that ends early, or holds anything but one value
/// and white space, is a `JSONReader.Failure` naming the byte offset.
struct JSONReader {
    indirect enum Value {
        case string(String)
        case number(String)
        case bool(Bool)
        case null
        case array([Value])
        case object([String: Value])

        var string: String? { if case .string(let text) = self { text } else { nil } }
        var object: [String: Value]? { if case .object(let members) = self { members } else { nil } }
        var array: [Value]? { if case .array(let elements) = self { elements } else { nil } }
    }

    struct Failure: Error, CustomStringConvertible {
        var offset: Int
        var reason: String
        var description: String { "not valid JSON at byte \(offset): \(reason)" }
    }

    /// What a failure to read a whole export says: the error, and that a cut file is a likely cause
    /// unless it says so already.
    static func reasonMentioningTruncation(_ error: any Error) -> String {
        let text = "\(error)"
        return text.hasSuffix("(truncated?)") ? text : text + " (truncated?)"
    }

    private let nextChunk: () throws -> [UInt8]?
    private var buffer: [UInt8] = []
    private var position = 0
    /// Bytes of the document before `buffer`.
    private var consumed = 0
    /// How many ill-formed UTF-8 sequences in strings read so far were read as U+FFFD, for the summary.
    private(set) var replacedInvalidUTF8 = 0
    /// Whether a piece that was not empty was read: a byte order mark can only begin the first.
    private var readAny = false
    /// For each open object or array, whether its next member is its first (no comma before it).
    private var atFirstMember: [Bool] = []
    /// What the document may hold beyond RFC 8259, and how deep its containers may nest.
    var leniency = Leniency.strict

    /// Both read at most 512 containers one inside the other, and refuse a deeper document with an
    /// error that says so (RFC 8259 §9 lets a reader set that limit): the reader recurses once per
    /// level, as does the value it builds when it is freed, and a document of `[` fifty thousand deep
    /// exhausted the stack. No export or log nests a tenth as deep.
    /// `strict` reads RFC 8259. `foundation` reads what Foundation's
    /// `JSONSerialization` read, which the llm and Claude Code importers once used: a comma before an
    /// object's or array's end. And it
    /// reads strings as Foundation did: a U+FEFF (byte order mark) that begins a string, or follows
    /// an escape in it, is dropped (it decoded each run between escapes with `String(bytes:encoding:)`,
    /// which takes a leading U+FEFF for a byte order mark), and refuses a surrogate escape that is not
    /// half of a pair, as it did, where `strict` reads it as U+FFFD (RFC 8259 §8.2 allows it).
    struct Leniency {
        var trailingCommas: Bool
        var maximumDepth: Int
        var dropsRunLeadingByteOrderMarks: Bool
        var replacesLoneSurrogates: Bool

        static let strict = Leniency(
            trailingCommas: false, maximumDepth: 512, dropsRunLeadingByteOrderMarks: false, replacesLoneSurrogates: true)
        static let foundation = Leniency(
            trailingCommas: true, maximumDepth: 512, dropsRunLeadingByteOrderMarks: true, replacesLoneSurrogates: false)
    }

    /// Reads the document from `nextChunk`, which returns its bytes piece by piece and nil at the end.
    init(nextChunk: @escaping () throws -> [UInt8]?) {
        self.nextChunk = nextChunk
    }

    /// Reads the file at `path` in pieces of 1 MiB.
    init(path: String) throws(FileSystemError) {
        let chunks = try FileChunks(path: path)
        self.init(nextChunk: { try chunks.next() })
    }

    /// Reads a document held whole in memory.
    init(bytes: [UInt8]) {
        var given: [UInt8]? = bytes
        self.init(nextChunk: { defer { given = nil }; return given })
    }

    // MARK: Walking containers

    mutating func beginObject() throws { try begin(UInt8(ascii: "{")) }
    mutating func beginArray() throws { try begin(UInt8(ascii: "[")) }

    private mutating func begin(_ opening: UInt8) throws {
        if atFirstMember.count >= leniency.maximumDepth {
            throw failure("more than \(leniency.maximumDepth) objects and arrays one inside the other")
        }
        try expect(opening)
        atFirstMember.append(true)
    }

    /// The next key of the innermost object (its value comes next), or nil at its end.
    mutating func nextKey() throws -> String? {
        guard try nextMember(closing: UInt8(ascii: "}")) else { return nil }
        guard try peek() == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
        let key = try readString()
        try expect(UInt8(ascii: ":"))
        return key
    }

    /// Whether the innermost array has another element (which comes next).
    mutating func nextElement() throws -> Bool {
        try nextMember(closing: UInt8(ascii: "]"))
    }

    /// Whether the next value is an array (it is not consumed).
    mutating func nextIsArray() throws -> Bool {
        try peek() == UInt8(ascii: "[")
    }

    /// Whether the next value is an object (it is not consumed).
    mutating func peekIsObject() throws -> Bool {
        try peek() == UInt8(ascii: "{")
    }

    /// Checks that nothing but white space follows the document.
    mutating func end() throws {
        if try peek() != nil { throw failure("more after the end of the document") }
    }

    private mutating func nextMember(closing: UInt8) throws -> Bool {
        guard let first = atFirstMember.last else { throw failure("not inside an object or array") }
        if try peek() == closing {
            position += 1
            atFirstMember.removeLast()
            return false
        }
        if !first {
            try expect(UInt8(ascii: ","))
            if leniency.trailingCommas, try peek() == closing {
                position += 1
                atFirstMember.removeLast()
                return false
            }
        }
        atFirstMember[atFirstMember.count - 1] = false
        return true
    }

    // MARK: Values

    /// The next value, whole.
    mutating func readValue() throws -> Value {
        switch try peek() {
        case UInt8(ascii: "{"):
            try beginObject()
            var members: [String: Value] = [:]
            while let key = try nextKey() { members[key] = try readValue() }
            return .object(members)
        case UInt8(ascii: "["):
            try beginArray()
            var elements: [Value] = []
            while try nextElement() { elements.append(try readValue()) }
            return .array(elements)
        case UInt8(ascii: "\""):
            return .string(try readString())
        default:
            return try readScalar()
        }
    }

    /// Passes over the next value without building it.
    mutating func skipValue() throws {
        switch try peek() {
        case UInt8(ascii: "{"):
            try beginObject()
            while try nextKey() != nil { try skipValue() }
        case UInt8(ascii: "["):
            try beginArray()
            while try nextElement() { try skipValue() }
        case UInt8(ascii: "\""):
            var ignored: [UInt8] = []
            try scanString(into: &ignored, keeping: false)
        default:
            _ = try readScalar()
        }
    }

    private mutating func readString() throws -> String {
        var bytes: [UInt8] = []
        try scanString(into: &bytes, keeping: true)
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        replacedInvalidUTF8 += Self.invalidSequences(in: bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// How many ill-formed sequences of `bytes` decoding replaces with U+FFFD: the replacements
    /// there are after decoding, less the U+FFFD (EF BF BD) the bytes held.
    static func invalidSequences(in bytes: [UInt8]) -> Int {
        let replaced = String(decoding: bytes, as: UTF8.self).unicodeScalars.count { $0 == "\u{FFFD}" }
        let held = bytes.indices.dropLast(2).count { bytes[$0] == 0xEF && bytes[$0 + 1] == 0xBF && bytes[$0 + 2] == 0xBD }
        return max(replaced - held, 1)
    }

    /// Reads a string from its opening quote to its closing one, decoding it into `bytes` when `keeping`.
    private mutating func scanString(into bytes: inout [UInt8], keeping: Bool) throws {
        try expect(UInt8(ascii: "\""))
        var atRunStart = true
        while true {
            if position == buffer.count, try !refill() { throw failure("the document ends inside a string") }
            if atRunStart, leniency.dropsRunLeadingByteOrderMarks, buffer[position...].starts(with: [0xEF, 0xBB, 0xBF]) {
                position += 3
            }
            atRunStart = false
            // The plain run up to the next quote, backslash or control character, taken at once.
            let start = position
            while position < buffer.count, buffer[position] != UInt8(ascii: "\""), buffer[position] != UInt8(ascii: "\\"),
                buffer[position] >= 0x20
            {
                position += 1
            }
            if keeping { bytes.append(contentsOf: buffer[start..<position]) }
            guard position < buffer.count else { continue }
            let byte = buffer[position]
            position += 1
            if byte == UInt8(ascii: "\"") { return }
            guard byte == UInt8(ascii: "\\") else { throw failure("a control character inside a string") }
            try appendEscape(into: &bytes)
            atRunStart = true
        }
    }

    private mutating func appendEscape(into bytes: inout [UInt8]) throws {
        try appendEscape(letter: try nextByte(), into: &bytes)
    }

    /// The escape whose letter (after the backslash) is `letter`.
    private mutating func appendEscape(letter: UInt8, into bytes: inout [UInt8]) throws {
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let byte = simple[letter] {
            bytes.append(byte)
            return
        }
        guard letter == UInt8(ascii: "u") else { throw failure("an unknown escape \\\(Character(Unicode.Scalar(letter)))") }
        try appendCodeUnit(try hexQuad(), into: &bytes)
    }

    /// The UTF-16 code unit of a `\uXXXX` escape, joined with the escape after it when the two make a
    /// surrogate pair. A surrogate that is not half of a pair is read as U+FFFD, the replacement
    /// character (docs/FORMAT.md §4.6), unless `leniency` refuses it: exports hold them (an emoji cut
    /// in half), and one must not refuse a whole file. What follows it is read as without it.
    private mutating func appendCodeUnit(_ code: UInt32, into bytes: inout [UInt8]) throws {
        var code = code
        if (0xD800..<0xDC00).contains(code), try peekRaw() == UInt8(ascii: "\\") {
            position += 1
            let letter = try nextByte()
            guard letter == UInt8(ascii: "u") else {
                try appendLoneSurrogate(into: &bytes)
                return try appendEscape(letter: letter, into: &bytes)
            }
            let next = try hexQuad()
            guard (0xDC00..<0xE000).contains(next) else {
                try appendLoneSurrogate(into: &bytes)
                return try appendCodeUnit(next, into: &bytes)
            }
            code = 0x10000 + ((code - 0xD800) << 10) + (next - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { return try appendLoneSurrogate(into: &bytes) }
        bytes.append(contentsOf: Character(scalar).utf8)
    }

    /// U+FFFD for a surrogate escape that is not half of a pair, unless `leniency` refuses it.
    private func appendLoneSurrogate(into bytes: inout [UInt8]) throws {
        guard leniency.replacesLoneSurrogates else { throw failure("a lone surrogate escape") }
        bytes += [0xEF, 0xBF, 0xBD]
    }

    private mutating func hexQuad() throws -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = try nextByte()
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { throw failure("a bad \\u escape") }
            code = code << 4 | UInt32(digit)
        }
        return code
    }

    /// A number, `true`, `false` or `null`.
    private mutating func readScalar() throws -> Value {
        var text: [UInt8] = []
        while let byte = try peekRaw(), byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || byte == UInt8(ascii: "E")
        {
            text.append(byte)
            position += 1
        }
        if Self.isNumber(text) { return .number(String(decoding: text, as: UTF8.self)) }
        switch String(decoding: text, as: UTF8.self) {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        case "": throw failure(try peekRaw() == nil ? "the document ends early (truncated?)" : "expected a value")
        case let other: throw failure("expected a value, found \(other)")
        }
    }

    /// Whether `text` is a number as RFC 8259 writes one: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`,
    /// checked byte by byte (a regular expression cost a seventh of an llm import).
    static func isNumber(_ text: [UInt8]) -> Bool {
        var index = 0
        func skipDigits() -> Int {
            let start = index
            while index < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) { index += 1 }
            return index - start
        }
        func skip(_ bytes: UInt8...) -> Bool {
            guard index < text.count, bytes.contains(text[index]) else { return false }
            index += 1
            return true
        }
        _ = skip(UInt8(ascii: "-"))
        if !skip(UInt8(ascii: "0")) {
            guard index < text.count, text[index] != UInt8(ascii: "0"), skipDigits() > 0 else { return false }
        }
        if skip(UInt8(ascii: ".")) { guard skipDigits() > 0 else { return false } }
        if skip(UInt8(ascii: "e"), UInt8(ascii: "E")) {
            _ = skip(UInt8(ascii: "+"), UInt8(ascii: "-"))
            guard skipDigits() > 0 else { return false }
        }
        return index == text.count
    }

    // MARK: Bytes

    private mutating func expect(_ expected: UInt8) throws {
        guard let byte = try peek() else { throw failure("the document ends early (truncated?)") }
        guard byte == expected else {
            throw failure("expected \(Character(Unicode.Scalar(expected))), found \(Character(Unicode.Scalar(byte)))")
        }
        position += 1
    }

    /// The next byte that is not white space, not consumed; nil at the end of the document.
    private mutating func peek() throws -> UInt8? {
        while let byte = try peekRaw() {
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return byte }
            position += 1
        }
        return nil
    }

    private mutating func peekRaw() throws -> UInt8? {
        if position == buffer.count, try !refill() { return nil }
        return buffer[position]
    }

    private mutating func nextByte() throws -> UInt8 {
        guard let byte = try peekRaw() else { throw failure("the document ends early (truncated?)") }
        position += 1
        return byte
    }

    /// Replaces the used-up buffer by the next piece; false at the end of the document.
    private mutating func refill() throws -> Bool {
        while let piece = try nextChunk() {
            // A UTF-8 byte order mark before the document (an editor on Windows saved the file) is
            // skipped, as Foundation skipped it: RFC 8259 §8.1 lets a parser ignore it.
            let startsDocument = consumed == 0 && buffer.isEmpty && !readAny
            readAny = readAny || !piece.isEmpty
            consumed += buffer.count
            buffer = piece
            position = startsDocument && piece.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            if position < piece.count { return true }
        }
        return false
    }

    private func failure(_ reason: String) -> Failure {
        Failure(offset: consumed + position, reason: reason)
    }
}
