/// Where the sections of a `cache/search` file begin (docs/FORMAT.md §12.3): the content first, so
/// a writer streams it as it reads messages, then the fixed-size columns, the blocks, the two string
/// tables, and the counts at a fixed distance from the end.
struct SearchIndexLayout {
    static let header = CacheFrame.header(kind: SearchIndex.kind, version: 1)
    /// u32 N, u32 B, u64 C, u32 K, u32 M, u32 T.
    static let countsSize = 28
    static let trailerSize = CacheFrame.checkTrailerSize
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
        let reader = LittleEndianBytes(bytes)
        var position = 0
        func strings(_ count: Int) -> [String]? {
            var result: [String] = []
            result.reserveCapacity(count)
            for _ in 0..<count {
                guard let length = reader.uint32(at: position),
                      let string = reader.slice(at: position + 4, length: Int(length)) else { return nil }
                result.append(String(decoding: string, as: UTF8.self))
                position += 4 + Int(length)
            }
            return result
        }
        guard let names = strings(nameCount), let commits = strings(commitCount), position == reader.count else { return nil }
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
