#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An open `cache/search` file (docs/FORMAT.md §12.3): its small sections in memory, checked whole
/// when opened, and its content read block by block from the open file, each block checked as it is
/// read. Holding the descriptor keeps reading the same file when another process renames a new one
/// over it.
final class SearchIndex: Sendable {
    static let kind = "search"

    let layout: SearchIndexLayout
    /// The file from IDS to the end. Its sizes are checked when the file is opened, so the columns'
    /// reads fall inside it: their nil (past the end) only stands in for a trap.
    private let tail: LittleEndianBytes<[UInt8]>
    let names: [String]
    let commits: [String]
    private let file: FileDescriptor

    /// The index at `path`, or nil when it is absent or fails any check (§12 rule 3).
    static func open(_ path: String) -> SearchIndex? {
        guard let file = try? FileDescriptor(opening: path, flags: FilePaths.replacedFileFlags) else { return nil }
        return try? SearchIndex(file: file)
    }

    private init(file: consuming FileDescriptor) throws {
        let size = try file.size()
        let header = SearchIndexLayout.header
        let fixedTail = SearchIndexLayout.countsSize + SearchIndexLayout.trailerSize
        guard size >= header.count + fixedTail else { throw SearchIndexDamage() }
        guard CacheFrame.begins(file, with: header) else { throw SearchIndexDamage() }
        var bytes: [UInt8] = []
        try file.readExactly(at: size - fixedTail, count: fixedTail, into: &bytes)
        let counts = LittleEndianBytes(bytes.prefix(fixedTail))
        // Counts from a damaged file can be anything: each is bounded by the size before any is
        // multiplied, so the layout's arithmetic cannot overflow.
        guard let count = counts.uint32(at: 0).map(UInt64.init), let blockCount = counts.uint32(at: 4).map(UInt64.init),
              let contentBytes = counts.uint64(at: 8), let tableBytes = counts.uint32(at: 24).map(UInt64.init),
              let nameCount = counts.uint32(at: 16).map(UInt64.init), let commitCount = counts.uint32(at: 20).map(UInt64.init)
        else { throw SearchIndexDamage() }
        let bound = UInt64(size)
        guard count <= bound / 32, blockCount <= bound / 12, contentBytes <= bound, tableBytes <= bound,
              nameCount <= bound / 4, commitCount <= bound / 4 else { throw SearchIndexDamage() }
        let layout = SearchIndexLayout(
            count: Int(count), blockCount: Int(blockCount), contentBytes: Int(contentBytes),
            nameCount: Int(nameCount), commitCount: Int(commitCount), tableBytes: Int(tableBytes))
        guard layout.totalSize == size else { throw SearchIndexDamage() }
        var tail: [UInt8] = []
        try file.readExactly(at: layout.ids, count: size - layout.ids, into: &tail)
        guard CacheFrame.verifiesCheck(header: header, tail: tail) else { throw SearchIndexDamage() }
        self.layout = layout
        self.tail = LittleEndianBytes(tail)
        guard let tables = SearchIndexLayout.tables(in: tail[(layout.tables - layout.ids)..<(layout.counts - layout.ids)],
                                                    nameCount: layout.nameCount, commitCount: layout.commitCount)
        else { throw SearchIndexDamage() }
        (names, commits) = tables
        self.file = file
        guard isConsistent() else { throw SearchIndexDamage() }
    }

    var count: Int { layout.count }
    var blockCount: Int { layout.blockCount }

    func id(_ record: Int) -> ObjectID {
        let start = layout.ids - layout.ids + record * 32
        return ObjectID(digest: tail.bytes[start..<(start + 32)])
    }

    func parent(_ record: Int) -> Int? {
        let value = Int(tail.uint32(at: layout.parents - layout.ids + record * 4) ?? 0)
        return value == 0 ? nil : value - 1
    }

    /// The PARENTS column as stored (0 for none, else 1 + a record) and the THREADS column, whole:
    /// for the walks that read them a million times (`SearchMembership`).
    var parentColumn: [UInt32] { column32(at: layout.parents - layout.ids) }
    var threadColumn: [UInt32] { column32(at: layout.threads - layout.ids) }

    /// The column of `count` 32-bit numbers at `offset` into the tail (its size was checked at open,
    /// so the zeros of a short read only stand in for a trap, as the columns' nil does).
    private func column32(at offset: Int) -> [UInt32] {
        tail.uint32s(at: offset, count: layout.count) ?? [UInt32](repeating: 0, count: layout.count)
    }

    func seconds(_ record: Int) -> Int64 { Int64(bitPattern: tail.uint64(at: layout.dates - layout.ids + record * 8) ?? 0) }

    func role(_ record: Int) -> Role { RecordColumns.role(tail.uint8(at: layout.flags - layout.ids + record) ?? 0) }

    func threadNumber(_ record: Int) -> Int { Int(tail.uint32(at: layout.threads - layout.ids + record * 4) ?? 0) }

    /// 0 for none, else 1 + a number in `commits`.
    func codeNumber(_ record: Int) -> Int { Int(tail.uint32(at: layout.codes - layout.ids + record * 4) ?? 0) }

    /// Where record `record`'s content lies in CONTENT.
    func contentRange(_ record: Int) -> Range<Int> {
        let start = record == 0 ? 0 : Int(tail.uint64(at: layout.ends - layout.ids + (record - 1) * 8) ?? 0)
        return start..<max(start, Int(tail.uint64(at: layout.ends - layout.ids + record * 8) ?? 0))
    }

    /// The records of block `block`.
    func records(ofBlock block: Int) -> Range<Int> {
        let first = Int(tail.uint32(at: layout.blocks - layout.ids + block * 12) ?? 0)
        let end = block + 1 < layout.blockCount ? Int(tail.uint32(at: layout.blocks - layout.ids + (block + 1) * 12) ?? 0) : layout.count
        return first..<max(first, end)
    }

    private func blockCheck(_ block: Int) -> UInt64 { tail.uint64(at: layout.blocks - layout.ids + block * 12 + 4) ?? 0 }

    func record(of id: ObjectID) -> Int? {
        ObjectID.position(of: id, count: layout.count, idAt: self.id)
    }

    /// Reads block `block`'s content into `buffer` (from its start); false when the block fails its check.
    func readBlock(_ block: Int, into buffer: inout [UInt8]) -> Bool {
        let records = records(ofBlock: block)
        guard let first = records.first, let last = records.last else { return true }
        let start = contentRange(first).lowerBound, end = contentRange(last).upperBound
        do {
            try file.readExactly(at: layout.content + start, count: end - start, into: &buffer)
        } catch {
            return false
        }
        let check = buffer.withUnsafeBytes { SearchCheck.of(UnsafeRawBufferPointer(rebasing: $0[..<(end - start)])) }
        return check == blockCheck(block)
    }

    /// Reads record `record`'s content (no check: for copying a block already checked).
    func readContent(_ record: Int, into buffer: inout [UInt8]) throws(FileSystemError) -> Int {
        let range = contentRange(record)
        try file.readExactly(at: layout.content + range.lowerBound, count: range.count, into: &buffer)
        return range.count
    }

    /// The checks of §12.3 "Reading" that the sizes alone do not make.
    private func isConsistent() -> Bool {
        let count = layout.count
        var previousEnd: UInt64 = 0
        var previousID: ObjectID?
        for record in 0..<count {
            // Compared as stored, before `contentRange` makes an `Int` of it.
            guard let end = tail.uint64(at: layout.ends - layout.ids + record * 8) else { return false }
            // Ids strictly ascending: lookups are binary searches, which ids out of order would mislead.
            let id = id(record)
            guard (parent(record) ?? 0) < count, parent(record) != record, threadNumber(record) < names.count,
                  codeNumber(record) <= commits.count, (tail.uint8(at: layout.flags - layout.ids + record) ?? 3) < 3, end >= previousEnd,
                  previousID.map({ $0 < id }) ?? true else { return false }
            previousEnd = end
            previousID = id
        }
        guard previousEnd == UInt64(layout.contentBytes), (count == 0) == (layout.blockCount == 0) else { return false }
        var previousFirst = -1
        for block in 0..<layout.blockCount {
            guard let first = tail.uint32(at: layout.blocks - layout.ids + block * 12).map(Int.init),
                  first > previousFirst, first < count, block > 0 || first == 0 else { return false }
            previousFirst = first
        }
        return true
    }
}

/// A `cache/search` file that fails a check: treated as absent.
struct SearchIndexDamage: Error {}
