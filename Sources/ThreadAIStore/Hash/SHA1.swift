/// SHA-1 as specified in FIPS 180-4, for one purpose only: computing git's blob ids of attached files
/// (docs/FORMAT.md §4.7), which git itself names by SHA-1 in most repositories. It is not used to
/// name ThreadAI's own objects (SHA-256, `SHA256`) and must not be used where collisions matter.
///
/// One-shot: attached files are small (their size is limited before they are read).
public enum SHA1 {
    /// Size in bytes of the digest `hash` returns.
    public static let digestByteCount = 20

    /// The 20-byte SHA-1 digest of `bytes`.
    public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var message = Array(bytes)
        let bitLength = UInt64(message.count) &* 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
        var schedule = [UInt32](repeating: 0, count: 80)
        for blockStart in stride(from: 0, to: message.count, by: 64) {
            for index in 0..<16 {
                let byte = blockStart + index * 4
                schedule[index] = UInt32(message[byte]) << 24 | UInt32(message[byte + 1]) << 16
                    | UInt32(message[byte + 2]) << 8 | UInt32(message[byte + 3])
            }
            for index in 16..<80 {
                schedule[index] = rotateLeft(schedule[index - 3] ^ schedule[index - 8] ^ schedule[index - 14] ^ schedule[index - 16], 1)
            }
            var (a, b, c, d, e) = state
            for index in 0..<80 {
                let (mix, constant): (UInt32, UInt32) = switch index {
                case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (b ^ c ^ d, 0xCA62_C1D6)
                }
                let next = rotateLeft(a, 5) &+ mix &+ e &+ constant &+ schedule[index]
                (e, d, c, b, a) = (d, c, rotateLeft(b, 30), a, next)
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
        }
        var digest: [UInt8] = []
        for word in [state.0, state.1, state.2, state.3, state.4] {
            for shift in [24, 16, 8, 0] { digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
        }
        return digest
    }

    private static func rotateLeft(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value << count | value >> (32 - count)
    }
}
