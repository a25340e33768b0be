/// The two written forms of a frontmatter value (docs/FORMAT.md §4.3): plain, or quoted with escapes.
///
/// Each string has exactly one form, so `encode` is the only spelling `decode` accepts.
public enum FrontmatterValue {
    /// Whether `value` is written plain: non-empty, only `A–Z a–z 0–9 . _ / + @ : -`, and beginning
    /// with a letter, a digit, `_`, `.` or `/`.
    public static func isPlain(_ value: String) -> Bool {
        isPlain(bytes: value.utf8)
    }

    /// The canonical text of `value`: itself when plain, otherwise quoted with escapes.
    public static func encode(_ value: String) -> String {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads the canonical text of a value back.
    /// - Throws: `MessageFormatError` (with no line) when `text` is not the canonical form of any string.
    public static func decode(_ text: String) throws(MessageFormatError) -> String {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(MessageFormatError) in try decode(buffer) }
    }

    /// Appends the canonical text of `value` to `bytes`.
    static func append(_ value: String, to bytes: inout [UInt8]) {
        if isPlain(bytes: value.utf8) {
            bytes.append(contentsOf: value.utf8)
            return
        }
        bytes.append(quote)
        for byte in value.utf8 {
            switch byte {
            case backslash, quote:
                bytes.append(backslash)
                bytes.append(byte)
            case lineFeed: bytes.append(contentsOf: [backslash, UInt8(ascii: "n")])
            case carriageReturn: bytes.append(contentsOf: [backslash, UInt8(ascii: "r")])
            case tab: bytes.append(contentsOf: [backslash, UInt8(ascii: "t")])
            case 0..<0x20, 0x7f:
                bytes.append(contentsOf: [backslash, UInt8(ascii: "u"), zero, zero])
                bytes.append(LowercaseHex.digits[Int(byte >> 4)])
                bytes.append(LowercaseHex.digits[Int(byte & 0xf)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(quote)
    }

    /// Reads the canonical text of a value from valid UTF-8 that holds no line end.
    /// - Throws: `MessageFormatError` with no line; the caller places it.
    static func decode(_ text: UnsafeBufferPointer<UInt8>) throws(MessageFormatError) -> String {
        guard text.first == quote else {
            let value = String(decoding: text, as: UTF8.self)
            guard isPlain(bytes: text) else { throw error(.valueMustBeQuoted(value)) }
            return value
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var index = 1
        while index < text.count {
            let byte = text[index]
            switch byte {
            case quote:
                guard index == text.count - 1 else { throw error(.textAfterClosingQuote) }
                let value = String(decoding: bytes, as: UTF8.self)
                guard !isPlain(bytes: bytes) else { throw error(.quotedValueCouldBePlain(value)) }
                return value
            case backslash:
                let (unescaped, length) = try unescape(text, at: index)
                bytes.append(unescaped)
                index += length
                continue
            case 0..<0x20, 0x7f:
                throw error(.unescapedControlCharacter(byte))
            default:
                bytes.append(byte)
            }
            index += 1
        }
        throw error(.unterminatedQuotedValue)
    }

    /// The byte that the escape starting at `start` (a backslash) stands for, and the escape's length.
    private static func unescape(
        _ text: UnsafeBufferPointer<UInt8>, at start: Int
    ) throws(MessageFormatError) -> (UInt8, Int) {
        guard start + 1 < text.count else { throw error(.unterminatedQuotedValue) }
        switch text[start + 1] {
        case backslash: return (backslash, 2)
        case quote: return (quote, 2)
        case UInt8(ascii: "n"): return (lineFeed, 2)
        case UInt8(ascii: "r"): return (carriageReturn, 2)
        case UInt8(ascii: "t"): return (tab, 2)
        case UInt8(ascii: "u"):
            let digits = text[(start + 2)..<min(start + 6, text.count)]
            let escape = "\\u" + String(decoding: digits.prefix { $0 < 0x80 }, as: UTF8.self)
            guard digits.count == 4, let value = LowercaseHex.value(of: digits), value <= 0xff else {
                throw error(.badEscape(escape))
            }
            let byte = UInt8(value)
            // Only characters without a short escape, below U+0020 or U+007F, are written with \u.
            guard (byte < 0x20 && byte != lineFeed && byte != carriageReturn && byte != tab) || byte == 0x7f else {
                throw error(.badEscape(escape))
            }
            return (byte, 6)
        default:
            let next = text[(start + 1)...].prefix(max(1, UTF8Validation.sequenceLength(startingWith: text[start + 1])))
            throw error(.badEscape("\\" + String(decoding: next, as: UTF8.self)))
        }
    }

    private static func isPlain(bytes: some Collection<UInt8>) -> Bool {
        guard let first = bytes.first, isPlainStart(first) else { return false }
        // Every value of every message read passes here: one table look-up per byte.
        let table = plainCharacterTable
        return bytes.allSatisfy { table[Int($0)] }
    }

    /// `isPlainCharacter` of every byte value, by value.
    private static let plainCharacterTable: [Bool] = (0...255).map { isPlainCharacter(UInt8($0)) }

    private static func isPlainStart(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/")
    }

    private static func isPlainCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "/"), UInt8(ascii: "+"), UInt8(ascii: "@"),
            UInt8(ascii: ":"), UInt8(ascii: "-"):
            true
        default:
            isAlphanumeric(byte)
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func error(_ reason: MessageFormatError.Reason) -> MessageFormatError {
        MessageFormatError(line: nil, reason: reason)
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    private static let lineFeed: UInt8 = 0x0a
    private static let carriageReturn: UInt8 = 0x0d
    private static let tab: UInt8 = 0x09
    private static let zero = UInt8(ascii: "0")
}
