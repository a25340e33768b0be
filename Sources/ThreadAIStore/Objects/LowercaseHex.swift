/// The lowercase hexadecimal digits that ids and `\u` escapes are written with; uppercase is not accepted,
/// so every number has one spelling.
package enum LowercaseHex {
    /// `0123456789abcdef` as UTF-8, indexed by digit value.
    static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// The value of one digit, or nil when `byte` is not `0-9` or `a-f`.
    package static func digitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// The value of up to 8 digits, or nil when one of them is not a lowercase hexadecimal digit.
    static func value(of digits: some Collection<UInt8>) -> UInt32? {
        var value: UInt32 = 0
        for byte in digits.prefix(8) {
            guard let digit = digitValue(byte) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
