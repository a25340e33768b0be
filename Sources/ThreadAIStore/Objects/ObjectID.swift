/// The name of a stored object: the SHA-256 of its exact bytes (docs/FORMAT.md §3).
///
/// The 32 digest bytes are kept as four big-endian words, so hashing, equality and ordering cost a few
/// integer operations; ordering by the words is the same as ordering by the hexadecimal text.
public struct ObjectID: Hashable, Comparable, Sendable {
    /// Number of hexadecimal digits in an id's text.
    public static let hexDigitCount = 64

    /// The digest, most significant word first.
    private let words: (UInt64, UInt64, UInt64, UInt64)

    /// Reads an id written as 64 lowercase hexadecimal digits.
    /// - Throws: `ObjectIDError` when `hex` is not exactly 64 characters of `0-9a-f`.
    public init(hex: String) throws(ObjectIDError) {
        guard let id = ObjectID(hexDigits: hex.utf8) else {
            throw ObjectIDError(text: hex)
        }
        self = id
    }

    /// Parses 64 lowercase hexadecimal digits given as UTF-8 bytes; nil when they are anything else.
    init?(hexDigits: some Collection<UInt8>) {
        // Digits in contiguous memory (a frontmatter line, a ref's bytes, a native string) are read
        // 16 to a word; other collections a digit at a time.
        if let words = hexDigits.withContiguousStorageIfAvailable(Self.words(fromHexDigits:)) {
            guard let words else { return nil }
            self.words = words
            return
        }
        guard hexDigits.count == Self.hexDigitCount else { return nil }
        var packer = WordPacker()
        for byte in hexDigits {
            guard let nibble = LowercaseHex.digitValue(byte) else { return nil }
            packer.append(nibble, bits: 4)
        }
        self.words = packer.words
    }

    /// The four words of 64 lowercase hexadecimal digits, or nil when `digits` are not that.
    private static func words(fromHexDigits digits: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64, UInt64, UInt64)? {
        guard digits.count == hexDigitCount else { return nil }
        func word(at start: Int) -> UInt64? {
            var value: UInt64 = 0
            for index in start..<(start + 16) {
                guard let nibble = LowercaseHex.digitValue(digits[index]) else { return nil }
                value = value << 4 | UInt64(nibble)
            }
            return value
        }
        guard let first = word(at: 0), let second = word(at: 16), let third = word(at: 32), let fourth = word(at: 48) else {
            return nil
        }
        return (first, second, third, fourth)
    }

    /// Builds an id from the 32 digest bytes at the start of `digest` (which holds at least 32),
    /// a word at a time: what a binary search over a mapped column of ids reads at every step.
    init(digestBytes digest: UnsafeBufferPointer<UInt8>) {
        func word(_ start: Int) -> UInt64 {
            (start..<(start + 8)).reduce(0) { $0 << 8 | UInt64(digest[$1]) }
        }
        guard digest.count >= 32 else {
            self = ObjectID(digest: digest)
            return
        }
        self.words = (word(0), word(8), word(16), word(24))
    }

    /// Builds an id from a 32-byte digest.
    init(digest: some Sequence<UInt8>) {
        var packer = WordPacker()
        for byte in digest.prefix(32) {
            packer.append(byte, bits: 8)
        }
        self.words = packer.words
    }

    /// Where `id` is among `count` ids in ascending order, read through `idAt`; nil when absent:
    /// for sorted columns too large for a hash table.
    static func position(of id: ObjectID, count: Int, idAt: (Int) -> ObjectID) -> Int? {
        // Ids are SHA-256 digests, spread evenly: the first probes go where the id's leading word
        // says it lies among the bounds' (an interpolation search), so a lookup in a million ids
        // touches three or four places of a mapped table, not twenty (each a page the reader maps);
        // then halving, so no table, however its ids fall, costs more than a binary search's steps.
        var (low, high) = (0, count)
        var (lowKey, highKey) = (UInt64.min, UInt64.max)
        let key = id.leadingWord
        // Six guesses at most, then halving: never more than six probes beyond a binary search's,
        // whatever the column holds.
        var guesses = 0
        while low < high {
            let middle: Int
            if guesses < 6, highKey > lowKey, key >= lowKey, key <= highKey {
                let fraction = Double(key - lowKey) / Double(highKey - lowKey)
                middle = min(high - 1, low + Int(fraction * Double(high - low)))
            } else {
                middle = (low + high) / 2
            }
            guesses += 1
            let found = idAt(middle)
            if found == id { return middle }
            if found < id {
                (low, lowKey) = (middle + 1, found.leadingWord)
            } else {
                (high, highKey) = (middle, found.leadingWord)
            }
        }
        return nil
    }

    /// The first 64 bits of the digest: a small key for tables that then compare whole ids.
    var leadingWord: UInt64 { words.0 }

    /// The first byte of the digest: which folder of `objects/` holds the object.
    var leadingByte: UInt8 { UInt8(truncatingIfNeeded: words.0 >> 56) }

    /// Appends the 32 digest bytes, as `init(digest:)` reads them.
    func appendDigest(to bytes: inout [UInt8]) {
        for word in [words.0, words.1, words.2, words.3] {
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
    }

    /// The id of an object whose exact bytes are `bytes`: their SHA-256.
    public static func of(_ bytes: some Collection<UInt8>) -> ObjectID {
        ObjectID(digest: SHA256.hash(bytes))
    }

    /// The 64 lowercase hexadecimal digits.
    public var hex: String {
        String(unsafeUninitializedCapacity: Self.hexDigitCount) { buffer in
            writeHex(into: buffer, at: 0)
            return Self.hexDigitCount
        }
    }

    /// Calls `body` with the object's path inside the objects folder, `XX/` + the other 62 digits +
    /// `.md`, as a C string built on the stack: for system calls relative to that folder.
    func withRelativePath<R>(_ body: (UnsafeBufferPointer<CChar>) -> R) -> R {
        let length = 3 + Self.hexDigitCount - 2 + 3
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length + 1) { buffer in
            writeHex(into: buffer, at: 1)
            buffer[0] = buffer[1]
            buffer[1] = buffer[2]
            buffer[2] = UInt8(ascii: "/")
            for (offset, byte) in ".md\0".utf8.enumerated() { buffer[Self.hexDigitCount + 1 + offset] = byte }
            return buffer.withMemoryRebound(to: CChar.self) { body(UnsafeBufferPointer($0)) }
        }
    }

    /// Writes the 64 digits of `hex` into `buffer` from `start`.
    private func writeHex(into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        var position = start
        for word in 0..<4 {
            let value = word == 0 ? words.0 : word == 1 ? words.1 : word == 2 ? words.2 : words.3
            var shift = 60
            while shift >= 0 {
                buffer[position] = LowercaseHex.digits[Int((value >> UInt64(shift)) & 0xf)]
                position += 1
                shift -= 4
            }
        }
    }

    /// The first 8 hexadecimal digits, as shown to people (from the first word alone: `threads`
    /// and `log` print one per line).
    public var short: String {
        String(unsafeUninitializedCapacity: 8) { buffer in
            for position in 0..<8 {
                buffer[position] = LowercaseHex.digits[Int((words.0 >> UInt64(60 - 4 * position)) & 0xf)]
            }
            return 8
        }
    }

    /// The object's path below `objects/`: the first two digits as a folder, the other 62 plus `.md`
    /// as the file name, for example `fb/93e7…58.md`.
    public var fanOutPath: String {
        // `XX/` + 62 digits + `.md`, written in place: the digits go one place right, then the
        // first two move back before the slash.
        String(unsafeUninitializedCapacity: Self.hexDigitCount + 4) { buffer in
            writeHex(into: buffer, at: 1)
            buffer[0] = buffer[1]
            buffer[1] = buffer[2]
            buffer[2] = UInt8(ascii: "/")
            for (offset, byte) in ".md".utf8.enumerated() { buffer[Self.hexDigitCount + 1 + offset] = byte }
            return Self.hexDigitCount + 4
        }
    }

    public static func == (lhs: ObjectID, rhs: ObjectID) -> Bool {
        lhs.words == rhs.words
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }

    public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool {
        lhs.words < rhs.words
    }
}

extension ObjectID: CustomStringConvertible {
    /// The 64 lowercase hexadecimal digits.
    public var description: String { hex }
}

extension ObjectID: Codable {
    /// Decodes an id written as its 64 hexadecimal digits.
    /// - Throws: `DecodingError.dataCorrupted` when the string is not a valid id.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = ObjectID(hexDigits: text.utf8) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: ObjectIDError(text: text).description)
        }
        self = id
    }

    /// Encodes the id as its 64 hexadecimal digits.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}

/// Fills four 64-bit words from the most significant bit down, without allocating.
private struct WordPacker {
    private(set) var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var current: UInt64 = 0
    private var bitsWritten = 0

    /// Appends the low `bits` bits of `value`; `bits` divides 64.
    mutating func append(_ value: UInt8, bits: Int) {
        current = current << UInt64(bits) | UInt64(value)
        bitsWritten += bits
        guard bitsWritten % 64 == 0 else { return }
        switch bitsWritten / 64 {
        case 1: words.0 = current
        case 2: words.1 = current
        case 3: words.2 = current
        default: words.3 = current
        }
        current = 0
    }
}
