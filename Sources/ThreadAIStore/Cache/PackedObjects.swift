#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An open `cache/objects` file (docs/FORMAT.md §12.4): the ids and ends in memory, checked whole
/// when opened, and the records read from a mapping of the file (`MappedFile`), so that several
/// threads read at once and a record costs no system call. A record is only bytes that claim an id:
/// the caller verifies them against it, as it verifies an object file. The mapping keeps reading the
/// same file when another process renames a new one over it.
final class PackedObjects: Sendable {
    static let kind = "objects"
    static let header = CacheFrame.header(kind: kind, version: 1)
    /// u32 N, u64 C.
    static let countsSize = 12
    static let trailerSize = CacheFrame.checkTrailerSize

    /// Every id the file records, ascending: record `i` is `ids[i]`.
    let ids: [ObjectID]
    /// Where each record ends in OBJECTS.
    private let ends: [Int]
    private let mapping: MappedFile

    var count: Int { ids.count }

    /// The file at `path`, or nil when it is absent or fails any check (§12 rule 3).
    static func open(_ path: String) -> PackedObjects? {
        guard let file = try? FileDescriptor(opening: path, flags: FilePaths.replacedFileFlags) else { return nil }
        return try? PackedObjects(file: file)
    }

    private init(file: consuming FileDescriptor) throws {
        let size = try file.size()
        let fixed = Self.header.count + Self.countsSize + Self.trailerSize
        guard size >= fixed else { throw PackDamage() }
        guard CacheFrame.begins(file, with: Self.header) else { throw PackDamage() }
        var bytes: [UInt8] = []
        try file.readExactly(at: size - Self.countsSize - Self.trailerSize, count: Self.countsSize, into: &bytes)
        // Counts from a damaged file can be anything: each is bounded by the size before any is multiplied.
        let counts = LittleEndianBytes(bytes.prefix(Self.countsSize))
        guard let count = counts.uint32(at: 0).map(UInt64.init), let objectBytes = counts.uint64(at: 4),
              count <= UInt64(size) / 40, objectBytes <= UInt64(size),
              UInt64(fixed) + objectBytes + count * 40 == UInt64(size) else { throw PackDamage() }
        let objectsEnd = Self.header.count + Int(objectBytes)
        var tail: [UInt8] = []
        try file.readExactly(at: objectsEnd, count: size - objectsEnd, into: &tail)
        guard CacheFrame.verifiesCheck(header: Self.header, tail: tail) else { throw PackDamage() }
        let records = Int(count)
        let ids = (0..<records).map { ObjectID(digest: tail[($0 * 32)..<($0 * 32 + 32)]) }
        let columns = LittleEndianBytes(tail)
        let ends = (0..<records).map { columns.uint64(at: records * 32 + $0 * 8) ?? .max }
        guard zip(ids, ids.dropFirst()).allSatisfy({ $0 < $1 }), zip(ends, ends.dropFirst()).allSatisfy({ $0 <= $1 }),
              (ends.last ?? 0) == objectBytes
        else { throw PackDamage() }
        self.ids = ids
        self.ends = ends.map { Int($0) }
        mapping = try MappedFile(file, count: objectsEnd)
    }

    func id(_ record: Int) -> ObjectID { ids[record] }

    private func start(of record: Int) -> Int { record == 0 ? 0 : ends[record - 1] }

    /// The record of `id`, by binary search over the ascending ids.
    func record(of id: ObjectID) -> Int? {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            let found = ids[middle]
            if found == id { return middle }
            if found < id { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    func contains(_ id: ObjectID) -> Bool { record(of: id) != nil }

    /// Gives back the memory of the records read so far (`MappedFile.releaseMemory`) when the file
    /// is over 64 MiB; below that, mapping the pages again would cost more than keeping them. Call
    /// it only while no other thread reads records.
    func releaseMemory() {
        if mapping.count > 64 << 20 { mapping.releaseMemory() }
    }

    /// Whether the bytes of record `record` hash to its id, checked in place.
    func isSound(_ record: Int) -> Bool {
        mapping.withBytes(range(of: record)) { ObjectID.of($0) == ids[record] }
    }

    /// Where record `record` lies in the file.
    private func range(of record: Int) -> Range<Int> {
        (Self.header.count + start(of: record))..<(Self.header.count + ends[record])
    }

    /// The bytes record `record` holds, unverified.
    func bytes(_ record: Int) -> [UInt8] {
        mapping.bytes(range(of: record))
    }

    /// The bytes recorded for `id`, unverified; nil when there is no such record.
    func bytes(of id: ObjectID) -> [UInt8]? {
        record(of: id).map(bytes)
    }

    /// The message recorded for `id`, when there is a record, its bytes hash to `id` (so they are
    /// the object's, FORMAT.md §12.4) and they parse; read in place, without a copy. Nil otherwise:
    /// the caller reads the object, which says what is true.
    func message(_ id: ObjectID) -> Message? {
        guard let record = record(of: id) else { return nil }
        return mapping.withBytes(range(of: record)) { bytes in
            guard ObjectID.of(bytes) == id else { return nil }
            return try? MessageCodec.decode(bytes)
        }
    }
}

private struct PackDamage: Error {}
