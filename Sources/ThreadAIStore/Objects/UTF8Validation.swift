/// The whole-object byte rules of docs/FORMAT.md §4.1: valid UTF-8 and no NUL byte.
enum UTF8Validation {
    /// The offset and kind of the first byte that breaks the rules, or nil when there is none.
    ///
    /// Rejects what RFC 3629 excludes: stray continuation bytes, overlong forms, surrogates (U+D800–U+DFFF)
    /// and code points past U+10FFFF.
    static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, reason: MessageFormatError.Reason)? {
        let raw = UnsafeRawBufferPointer(bytes)
        var index = 0
        let count = bytes.count
        while index < count {
            // Most messages are mostly ASCII: skip eight bytes at a time while they hold no high bit and no zero.
            if index + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let highBits: UInt64 = 0x8080_8080_8080_8080
                let hasZeroByte = (word &- 0x0101_0101_0101_0101) & ~word & highBits != 0
                if word & highBits == 0 && !hasZeroByte {
                    index += 8
                    continue
                }
            }
            let lead = bytes[index]
            if lead == 0 { return (index, .nulByte) }
            if lead < 0x80 {
                index += 1
                continue
            }
            let length = sequenceLength(startingWith: lead)
            guard length > 1, index + length <= count, isValidSecondByte(bytes[index + 1], lead: lead) else {
                return (index, .invalidUTF8)
            }
            for offset in 2..<length where bytes[index + offset] & 0xc0 != 0x80 {
                return (index, .invalidUTF8)
            }
            index += length
        }
        return nil
    }

    /// The number of bytes of the sequence a lead byte starts: 1 for ASCII, 2–4 for a valid lead,
    /// and 0 for a byte that cannot start a sequence.
    static func sequenceLength(startingWith lead: UInt8) -> Int {
        switch lead {
        case 0x00...0x7f: 1
        case 0xc2...0xdf: 2
        case 0xe0...0xef: 3
        case 0xf0...0xf4: 4
        default: 0
        }
    }

    /// The second byte is a continuation byte, narrowed after the leads whose full range would allow
    /// overlong forms (E0, F0), surrogates (ED) or code points past U+10FFFF (F4).
    private static func isValidSecondByte(_ byte: UInt8, lead: UInt8) -> Bool {
        switch lead {
        case 0xe0: (0xa0...0xbf).contains(byte)
        case 0xed: (0x80...0x9f).contains(byte)
        case 0xf0: (0x90...0xbf).contains(byte)
        case 0xf4: (0x80...0x8f).contains(byte)
        default: (0x80...0xbf).contains(byte)
        }
    }
}
