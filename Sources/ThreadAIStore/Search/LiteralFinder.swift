#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds a byte string in a buffer 16 bytes at a time: it compares each 16 bytes at once against the
/// needle's rarest byte and, 16 bytes at once too, the bytes that lie where its second rarest would
/// (at its distance from the first), and compares the whole needle only where both agree. Ignoring
/// case, a letter is compared with its small-letter bit set on both sides. A needle of one byte is
/// looked for with `memchr` (both cases of it, ignoring case).
///
/// Why two bytes: a needle whose rarest byte is common (`retr` has `r`, every 16 bytes of English)
/// stopped `memchr` at every one of them, a call and a comparison each: a digest's two stems over
/// the developer-year's 1.1 GB took 1.2 s. Two bytes at their distance agree a few hundred bytes
/// apart: 0.3 s. Everything is worked out once, so a search over a quarter of a million messages
/// allocates nothing per message.
struct LiteralFinder: Sendable {
    /// The needle, ASCII-lowercased when ignoring case.
    let needle: [UInt8]
    let ignoringCase: Bool
    /// Where in the needle its rarest byte is, and that byte in both cases (equal when it has none).
    private let pivot: Int
    private let pivotByte: UInt8
    private let pivotOtherCase: UInt8
    /// Where its second rarest byte is (another place than `pivot`; `pivot` for a needle of one byte).
    private let partner: Int
    /// The small-letter bit (0x20) for the byte at `pivot` and at `partner` when ignoring the case
    /// of a letter, else 0: OR-ed into the text before comparing.
    private let pivotFold: UInt8
    private let partnerFold: UInt8

    /// - Parameter frequent: bytes the text is known to be full of, never chosen to stop at while
    ///   another byte of the needle would do: the hex digits of a file of ids, which English prose,
    ///   the default ranking, seldom holds.
    init(_ needle: [UInt8], ignoringCase: Bool, frequent: [UInt8] = []) {
        let folded = ignoringCase ? needle.map(Self.lowercased) : needle
        self.needle = folded
        self.ignoringCase = ignoringCase
        func rarity(_ byte: UInt8) -> Int { frequent.contains(byte) ? -1 : Self.rarity(byte) }
        let byRarity = folded.indices.sorted { rarity(folded[$0]) > rarity(folded[$1]) }
        let pivot = byRarity.first ?? 0
        self.pivot = pivot
        partner = byRarity.dropFirst().first ?? pivot
        pivotByte = folded.isEmpty ? 0 : folded[pivot]
        pivotOtherCase = ignoringCase && (0x61...0x7a).contains(pivotByte) ? pivotByte - 0x20 : pivotByte
        func fold(_ place: Int) -> UInt8 { ignoringCase && !folded.isEmpty && (0x61...0x7a).contains(folded[place]) ? 0x20 : 0 }
        pivotFold = fold(pivot)
        partnerFold = fold(partner)
    }

    var isEmpty: Bool { needle.isEmpty }
    var count: Int { needle.count }

    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// How many times the needle occurs in `bytes`, not overlapping (0 for an empty needle).
    func occurrences(in bytes: UnsafeRawBufferPointer) -> Int {
        guard !needle.isEmpty else { return 0 }
        var position = 0, found = 0
        while let at = find(in: bytes, from: position) {
            found += 1
            position = at + needle.count
        }
        return found
    }

    /// Where the needle next occurs in `bytes` at or after `position`; `position` itself for an empty needle.
    func find(in bytes: UnsafeRawBufferPointer, from position: Int) -> Int? {
        guard !needle.isEmpty else { return position <= bytes.count ? position : nil }
        guard let base = bytes.baseAddress, position >= 0, position + needle.count <= bytes.count else { return nil }
        let last = bytes.count - needle.count
        guard needle.count > 1 else { return findByte(in: base, from: position, through: last) }
        var start = position
        let pivotBytes = SIMD16<UInt8>(repeating: pivotByte), partnerBytes = SIMD16<UInt8>(repeating: needle[partner])
        let pivotFolds = SIMD16<UInt8>(repeating: pivotFold), partnerFolds = SIMD16<UInt8>(repeating: partnerFold)
        // Each load ends at most at `last + needle.count - 1`, the buffer's last byte.
        while start + 15 <= last {
            let atPivot = (base + start + pivot).loadUnaligned(as: SIMD16<UInt8>.self) | pivotFolds
            let atPartner = (base + start + partner).loadUnaligned(as: SIMD16<UInt8>.self) | partnerFolds
            // Each lane all ones where both agree; read as two words, 8 lanes of 8 bits each.
            let lanes = unsafeBitCast((atPivot .== pivotBytes) .& (atPartner .== partnerBytes), to: SIMD2<UInt64>.self)
            if let found = firstMatch(in: lanes[0], at: start, in: base) ?? firstMatch(in: lanes[1], at: start + 8, in: base) {
                return found
            }
            start += 16
        }
        while start <= last {
            if matches(at: start, in: base) { return start }
            start += 1
        }
        return nil
    }

    /// The first place of the 8 starting at `start` whose lane of `lanes` is set and where the
    /// needle is.
    @inline(__always)
    private func firstMatch(in lanes: UInt64, at start: Int, in base: UnsafeRawPointer) -> Int? {
        var lanes = lanes
        while lanes != 0 {
            let lane = lanes.trailingZeroBitCount / 8
            if matches(at: start + lane, in: base) { return start + lane }
            lanes &= ~(0xff << UInt64(lane * 8))
        }
        return nil
    }

    /// `find` of a needle of one byte: `memchr` of each case of it.
    private func findByte(in base: UnsafeRawPointer, from position: Int, through last: Int) -> Int? {
        // The next place of each case of the pivot byte, at or after the start searched (reused
        // while still ahead, so no stretch of the buffer is scanned twice for the same byte).
        var nextOne = -1, nextOther = pivotByte == pivotOtherCase ? Int.max : -1
        var start = position
        while start <= last {
            if nextOne < start { nextOne = Self.next(pivotByte, in: base, from: start + pivot, through: last + pivot) - pivot }
            if nextOther < start { nextOther = Self.next(pivotOtherCase, in: base, from: start + pivot, through: last + pivot) - pivot }
            let candidate = min(nextOne, nextOther)
            guard candidate <= last else { return nil }
            if matches(at: candidate, in: base) { return candidate }
            start = candidate + 1
        }
        return nil
    }

    /// The offset of the next `byte` in `base[from...through]`, or `Int.max` when there is none.
    @inline(__always)
    private static func next(_ byte: UInt8, in base: UnsafeRawPointer, from: Int, through: Int) -> Int {
        guard from <= through, let hit = memchr(base + from, Int32(byte), through - from + 1) else { return Int.max }
        return base.distance(to: UnsafeRawPointer(hit))
    }

    @inline(__always)
    private func matches(at offset: Int, in base: UnsafeRawPointer) -> Bool {
        needle.withUnsafeBytes { needleBytes in
            guard !ignoringCase, let needleBase = needleBytes.baseAddress else { return matchesIgnoringCase(at: offset, in: base) }
            return memcmp(base + offset, needleBase, needle.count) == 0
        }
    }

    private func matchesIgnoringCase(at offset: Int, in base: UnsafeRawPointer) -> Bool {
        needle.withUnsafeBytes { needleBytes in
            for index in 0..<needleBytes.count where Self.lowercased(base.load(fromByteOffset: offset + index, as: UInt8.self)) != needleBytes[index] {
                return false
            }
            return true
        }
    }

    /// How rare a byte is in English prose, roughly: letters by their frequency, capitals rarer than
    /// small letters, spaces and vowels the most common.
    private static func rarity(_ byte: UInt8) -> Int {
        let common: StaticString = " etaoinshrdlcumwfgypbvkjxqz"
        let lower = lowercased(byte)
        let rank = common.withUTF8Buffer { $0.firstIndex(of: lower) }
        if let rank { return (0x41...0x5a).contains(byte) ? rank + 30 : rank }
        return byte >= 0x80 ? 20 : 25
    }
}
