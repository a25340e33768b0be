#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds a byte string in a buffer at the speed of `memchr` (vectorised by the C library): it looks
/// for the needle's rarest byte, then compares the whole needle there. Ignoring case, it looks for
/// both cases of that byte and compares ASCII letters without case. Everything is worked out once,
/// so a search over a quarter of a million messages allocates nothing per message.
struct LiteralFinder: Sendable {
    /// The needle, ASCII-lowercased when ignoring case.
    let needle: [UInt8]
    let ignoringCase: Bool
    /// Where in the needle its rarest byte is, and that byte in both cases (equal when it has none).
    private let pivot: Int
    private let pivotByte: UInt8
    private let pivotOtherCase: UInt8

    init(_ needle: [UInt8], ignoringCase: Bool) {
        let folded = ignoringCase ? needle.map(Self.lowercased) : needle
        self.needle = folded
        self.ignoringCase = ignoringCase
        let pivot = folded.indices.max { Self.rarity(folded[$0]) < Self.rarity(folded[$1]) } ?? 0
        self.pivot = pivot
        pivotByte = folded.isEmpty ? 0 : folded[pivot]
        pivotOtherCase = ignoringCase && (0x61...0x7a).contains(pivotByte) ? pivotByte - 0x20 : pivotByte
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
