/// The 64-bit CHECK of `cache/search` (docs/FORMAT.md §12.3): four multiply-rotate lanes over
/// little-endian words, fast enough to verify every byte of a 263 MiB file on each search, where
/// SHA-256 would cost more than the search itself. It detects damage, not tampering.
///
/// Bytes can be fed in pieces of any size (`update`); the result is that of the concatenation.
struct SearchCheck {
    private static let seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    private static let multiplier: UInt64 = 0xBF58_476D_1CE4_E5B9

    private var lanes: (UInt64, UInt64, UInt64, UInt64)
    /// Bytes of an unfinished word, little-endian, and how many there are.
    private var pending: UInt64 = 0
    private var pendingCount = 0
    /// Which lane the next whole word goes to.
    private var nextLane = 0

    /// A check over `byteCount` bytes, which must be exactly how many `update` will be given.
    init(byteCount: Int) {
        let start = Self.seed ^ UInt64(byteCount)
        lanes = (start, start &+ 1, start &+ 2, start &+ 3)
    }

    /// The check of `bytes`, in one call.
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var check = SearchCheck(byteCount: bytes.count)
        check.update(bytes)
        return check.finish()
    }

    @inline(__always)
    private static func mix(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        ((lane << 29 | lane >> 35) ^ word) &* multiplier
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        while pendingCount > 0 && index < bytes.count {
            takeByte(bytes[index])
            index += 1
        }
        // Whole groups of four words, one per lane, while the lanes are in step.
        if nextLane == 0 {
            var (a, b, c, d) = lanes
            while index + 32 <= bytes.count {
                a = Self.mix(a, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                b = Self.mix(b, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)))
                c = Self.mix(c, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)))
                d = Self.mix(d, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)))
                index += 32
            }
            lanes = (a, b, c, d)
        }
        while index + 8 <= bytes.count {
            takeWord(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            index += 8
        }
        while index < bytes.count {
            takeByte(bytes[index])
            index += 1
        }
    }

    mutating func update(_ bytes: some Collection<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update(UnsafeRawBufferPointer($0)) }
        if done == nil { Array(bytes).withUnsafeBytes { update($0) } }
    }

    /// The result; the last word is padded with zero bytes.
    consuming func finish() -> UInt64 {
        if pendingCount > 0 { takeWord(pending) }
        var result = lanes.0
        result = Self.mix(result, lanes.1)
        result = Self.mix(result, lanes.2)
        result = Self.mix(result, lanes.3)
        return result ^ (result >> 32)
    }

    private mutating func takeByte(_ byte: UInt8) {
        pending |= UInt64(byte) << (8 * UInt64(pendingCount))
        pendingCount += 1
        if pendingCount == 8 {
            let word = pending
            (pending, pendingCount) = (0, 0)
            takeWord(word)
        }
    }

    private mutating func takeWord(_ word: UInt64) {
        switch nextLane {
        case 0: lanes.0 = Self.mix(lanes.0, word)
        case 1: lanes.1 = Self.mix(lanes.1, word)
        case 2: lanes.2 = Self.mix(lanes.2, word)
        default: lanes.3 = Self.mix(lanes.3, word)
        }
        nextLane = (nextLane + 1) & 3
    }
}
