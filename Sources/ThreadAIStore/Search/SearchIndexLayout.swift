/// Where the sections of a `cache/search` file begin (docs/FORMAT.md §12.3): the content first, so
/// a writer streams it as it reads messages, then the fixed-size columns, the blocks, the two string
/// tables, and the counts at a fixed distance from the end.
struct SearchIndexLayout {
    static let header = Array("threadai-cache search 1\n".utf8)
    /// u32 N, u32 B, u64 C, u32 K, u32 M, u32 T.
    static let countsSize = 28
    static let trailerSize = SearchCheck.trailerSize
    /// A writer closes a block when it holds this much content.
    static let blockTarget = 1 << 20

    let count: Int
    let blockCount: Int
    let contentBytes: Int
    let nameCount: Int
    let commitCount: Int
    let tableBytes: Int

    var content: Int { Self.header.count }
    var columns: RecordColumns { RecordColumns(start: content + contentBytes, count: count) }
    var ids: Int { columns.ids }
    var parents: Int { columns.parents }
    var dates: Int { columns.dates }
    var flags: Int { columns.flags }
    var threads: Int { columns.end }
    var codes: Int { threads + count * 4 }
    var ends: Int { codes + count * 4 }
    var blocks: Int { ends + count * 8 }
    var tables: Int { blocks + blockCount * 12 }
    var counts: Int { tables + tableBytes }
    var totalSize: Int { counts + Self.countsSize + Self.trailerSize }

    static func hex(_ value: UInt64) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return (0..<16).map { digits[Int((value >> (60 - 4 * UInt64($0))) & 0xf)] }
    }

    /// NAMES then COMMITS: `(u32 length, bytes)` entries filling `bytes` exactly; nil otherwise.
    static func tables(in bytes: ArraySlice<UInt8>, nameCount: Int, commitCount: Int) -> ([String], [String])? {
        var position = bytes.startIndex
        func strings(_ count: Int) -> [String]? {
            var result: [String] = []
            result.reserveCapacity(count)
            for _ in 0..<count {
                guard position + 4 <= bytes.endIndex else { return nil }
                let length = Int(bytes.uint32(at: position))
                guard length <= bytes.endIndex - position - 4 else { return nil }
                result.append(String(decoding: bytes[(position + 4)..<(position + 4 + length)], as: UTF8.self))
                position += 4 + length
            }
            return result
        }
        guard let names = strings(nameCount), let commits = strings(commitCount), position == bytes.endIndex else { return nil }
        return (names, commits)
    }

    static func table(_ strings: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for string in strings {
            bytes.appendLittleEndian(UInt32(string.utf8.count))
            bytes += string.utf8
        }
        return bytes
    }
}

extension Collection<UInt8> where Index == Int {
    func uint32(at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(self[offset + $1]) << (8 * $1) }
    }

    func uint64(at offset: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(self[offset + $1]) << (8 * $1) }
    }
}

extension [UInt8] {
    // Loads straight from the storage: a search reads a few columns of every record.
    @inline(__always)
    func uint32(at offset: Int) -> UInt32 {
        withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    }

    @inline(__always)
    func uint64(at offset: Int) -> UInt64 {
        withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    }

    mutating func appendLittleEndian(_ value: UInt32) {
        for shift in 0..<4 { append(UInt8(truncatingIfNeeded: value >> (8 * shift))) }
    }

    mutating func appendLittleEndian(_ value: UInt64) {
        for shift in 0..<8 { append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(shift)))) }
    }
}
