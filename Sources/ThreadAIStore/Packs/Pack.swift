/// One open pack file (docs/FORMAT.md §15): mapped into memory (`MappedFile`), so reading one object
/// copies that object's bytes and nothing else. Its entries, sorted by id for a binary search, come
/// from its index (`cache/packs/H.idx`), mapped and searched in place, when the index's frame checks
/// and names this pack; else from a scan of the framing, after which the index is written again.
/// Opening a pack so costs the same whatever its size. The mapping keeps the file's bytes for as long
/// as the pack is open, whatever is renamed or removed meanwhile.
final class Pack: Sendable {
    /// `H`, the name of the file without `.pack`: the SHA-256 of its bytes, unless it is damaged.
    let name: String
    let path: String
    private let table: Table
    let mapping: MappedFile
    /// The file kept open for `pread` (`open(keepingFile:)`), by the lookups of a few objects: one
    /// object read (`framedBytes`) costs one call, where a read through the mapping faulted its page
    /// in with the fifteen around it (the kernel's fault-around), all of them then mapped until
    /// exit: 13 MB and a millisecond of a one-thread command's 201 messages spread over a 17 MB
    /// pack. Only a few packs keep it (`QuickPacks.keptFiles`): a reader of every pack would hold a
    /// descriptor for each.
    private let reader: OpenFile?

    /// A descriptor shared by reference.
    private final class OpenFile: Sendable {
        let file: FileDescriptor
        init(_ file: consuming FileDescriptor) { self.file = file }
    }

    /// Where the entries come from.
    private enum Table: Sendable {
        /// Read from the framing: checked.
        case scanned([PackFraming.Entry])
        /// The index, each entry checked against the framing when it is used.
        case indexed(PackIndex.Mapped)
    }

    var size: Int { mapping.count }

    /// Whether the entries come from the index.
    var fromIndex: Bool {
        if case .indexed = table { return true }
        return false
    }

    /// Opens the pack at `path`, named `name`, taking its entries from its index in `cache` when
    /// `useIndex` and the index's frame checks, else scanning it and writing the index again.
    /// - Throws: `PackError.damaged` when the scan finds the framing broken (§15.1).
    static func open(
        _ path: String, name: String, cache: CacheFolder, useIndex: Bool = true, keepingFile: Bool = false
    ) throws(PackError) -> Pack {
        let file = try openFile(path)
        let mapping: MappedFile
        do {
            mapping = try MappedFile(file, count: file.size())
        } catch {
            throw .fileSystem(error)
        }
        let reader = keepingFile ? OpenFile(file) : nil
        let indexKind = PackSet.indexKind(name)
        if useIndex, let index = Self.mappedIndex(cache, indexKind, name: name, packSize: mapping.count) {
            return Pack(name: name, path: path, table: .indexed(index), mapping: mapping, reader: reader)
        }
        let scan = mapping.withBytes(0..<mapping.count) { bytes in
            Result { () throws(PackFramingError) in try PackFraming.entries(bytes) }
        }
        let entries: [PackFraming.Entry]
        switch scan {
        case .success(let found): entries = found
        case .failure(let damage): throw .damaged(path: path, damage)
        }
        // The scan read every page; a reader maps again only what it reads. Kept, the pages of
        // every pack of a clone without indexes (a fresh clone: `cache/` is not committed) would
        // stay resident: 1.3 GB at a developer-year.
        mapping.releaseMemory()
        if cache.isEnabled {
            // A cache that cannot be written only means the next command scans again (§12 rule 6).
            try? FilePaths.makeDirectories(cache.path(of: PackSet.indexFolder))
            cache.writeIfPossible(indexKind, PackIndex.encode(name: name, size: mapping.count, entries: entries))
        }
        return Pack(name: name, path: path, table: .scanned(entries), mapping: mapping, reader: reader)
    }

    private static func openFile(_ path: String) throws(PackError) -> FileDescriptor {
        do {
            return try FileDescriptor(opening: path, flags: FilePaths.replacedFileFlags)
        } catch {
            throw .fileSystem(error)
        }
    }

    /// The file at `path` (a pack, or an index in `cache/`), mapped whole.
    static func map(_ path: String) throws(FileSystemError) -> MappedFile {
        try MappedFile(wholeFileAt: path)
    }

    /// The index of pack `name`, mapped, when caches are on and its frame checks.
    private static func mappedIndex(_ cache: CacheFolder, _ kind: String, name: String, packSize: Int) -> PackIndex.Mapped? {
        // Any failure to read it means "no index": the pack is scanned instead.
        guard let path = cache.existingFile(kind), let mapped = try? map(path) else { return nil }
        return PackIndex.Mapped(mapped, name: name, packSize: packSize)
    }

    private init(name: String, path: String, table: Table, mapping: MappedFile, reader: OpenFile?) {
        self.name = name
        self.path = path
        self.table = table
        self.mapping = mapping
        self.reader = reader
    }

    /// Whether its list of ids may be trusted whole: scanned, or from an index whose checksum holds
    /// (§15.2), as listing every id, or the ids of a prefix, needs.
    var isTrusted: Bool {
        switch table {
        case .scanned: return true
        case .indexed(let index): return index.isSound
        }
    }

    /// How many objects the pack holds.
    var count: Int {
        switch table {
        case .scanned(let entries): return entries.count
        case .indexed(let index): return index.count
        }
    }

    /// The id at `position` (ascending).
    func id(at position: Int) -> ObjectID {
        switch table {
        case .scanned(let entries): return entries[position].id
        case .indexed(let index): return index.id(at: position)
        }
    }

    /// Every entry, in order: for the work that reads them all (`gc`, `fsck`). An index's entries
    /// whose numbers lie outside the pack are left out (a lookup of one finds the index stale).
    var entries: [PackFraming.Entry] {
        switch table {
        case .scanned(let entries): return entries
        case .indexed(let index): return (0..<index.count).compactMap(index.entry(at:))
        }
    }

    /// The entry at `position` (ascending by id), or nil when an index's numbers for it lie outside
    /// the pack (as `entries` leaves it out).
    func entry(at position: Int) -> PackFraming.Entry? {
        switch table {
        case .scanned(let entries): return entries[position]
        case .indexed(let index): return index.entry(at: position)
        }
    }

    /// Where `id` is, as the entries say.
    enum Found {
        case at(PackFraming.Entry)
        case absent
        /// The index named an entry the pack does not frame there, or its checksum failed before it
        /// could say the id is absent: the index is not this pack's.
        case staleIndex
    }

    /// With `verifyingAbsence` false, an index's "absent" is taken unchecked: the caller asks the
    /// other packs first, and verifies (`isTrusted`) only when none holds the id, so a lookup never
    /// hashes the indexes of the packs that merely do not hold it.
    func find(_ id: ObjectID, verifyingAbsence: Bool = true) -> Found {
        let position = ObjectID.position(of: id, count: count, idAt: self.id(at:))
        switch table {
        case .scanned(let entries):
            return position.map { .at(entries[$0]) } ?? .absent
        case .indexed(let index):
            guard let position else { return !verifyingAbsence || index.isSound ? .absent : .staleIndex }
            guard let entry = index.entry(at: position), PackFraming.frames(entry, in: mapping) else { return .staleIndex }
            return .at(entry)
        }
    }

    /// The entry the entries give for `id`, unchecked against the framing (`framedBytes` checks it).
    func uncheckedEntry(_ id: ObjectID) -> PackFraming.Entry? {
        guard let position = ObjectID.position(of: id, count: count, idAt: self.id(at:)) else { return nil }
        return entry(at: position)
    }

    /// The bytes of the object at `entry`, read with one `pread` together with the line that frames
    /// it and the line end after it, when those are as §15.1 says (what `PackFraming.frames` checks
    /// in the mapping); nil when they are not (an index that is not this pack's) or the read fails.
    /// When the file was not kept open it is opened for this read alone (two more calls, still less
    /// than a fault), and read through the mapping when it is gone (a `gc` since).
    func framedBytes(at entry: PackFraming.Entry) -> [UInt8]? {
        let line = PackFraming.entryLine(entry.id, length: entry.length)
        let start = entry.offset - line.count
        guard start >= PackFraming.header.count, entry.length >= 0, entry.length < size - entry.offset else { return nil }
        let count = line.count + entry.length + 1
        var buffer: [UInt8] = []
        if let reader {
            guard (try? reader.file.readExactly(at: start, count: count, into: &buffer)) != nil else { return nil }
        } else {
            guard let file = try? Self.openFile(path), (try? file.readExactly(at: start, count: count, into: &buffer)) != nil else {
                return PackFraming.framedBytes(entry, in: mapping)
            }
        }
        guard buffer.starts(with: line), buffer[line.count + entry.length] == 0x0a else { return nil }
        return Array(buffer[line.count..<(line.count + entry.length)])
    }

    /// What a lookup of one id finds.
    enum Lookup {
        /// The bytes the pack holds for the id, not yet checked against it.
        case bytes([UInt8])
        case absent
        case staleIndex
    }

    /// The first `count` bytes (or fewer) of the object at `entry` (one of `entries`), unverified.
    func prefix(of entry: PackFraming.Entry, count: Int) -> [UInt8] {
        mapping.bytes(entry.offset..<(entry.offset + min(count, entry.length)))
    }

    /// The bytes of `entry`, found by `find` (so inside the file), unverified.
    func bytes(at entry: PackFraming.Entry) -> [UInt8] {
        mapping.bytes(entry.offset..<(entry.offset + entry.length))
    }

    /// The bytes this pack holds for `id`, unverified (the caller checks them against `id`).
    func lookup(_ id: ObjectID, verifyingAbsence: Bool = true) -> Lookup {
        switch find(id, verifyingAbsence: verifyingAbsence) {
        case .at(let entry): return .bytes(bytes(at: entry))
        case .absent: return .absent
        case .staleIndex: return .staleIndex
        }
    }

    /// Whether the entries name `id` (an index's word, unchecked against the framing, is taken:
    /// a reader of the bytes checks them; `find` says more).
    func contains(_ id: ObjectID) -> Bool {
        ObjectID.position(of: id, count: count, idAt: self.id(at:)) != nil
    }

    /// Counts the bytes read from some packs and drops their pages every `PackPlan.releaseEvery`
    /// bytes (`releaseMemory`): what `gc` does while it reads every object of many packs.
    struct PageRelease {
        private var sinceRelease = 0

        mutating func read(_ count: Int, from packs: [Pack]) {
            sinceRelease += count
            guard sinceRelease >= PackPlan.releaseEvery else { return }
            packs.forEach { $0.releaseMemory() }
            sinceRelease = 0
        }
    }

    /// Drops the pages of the pack and its index read so far from this process's memory (`MappedFile`): work that
    /// reads every object of many packs (`gc`) stays bounded by what it holds, not by what it read.
    /// Only while no other thread reads this pack.
    func releaseMemory() {
        mapping.releaseMemory()
        // The index's pages too: a reader of every entry touches all of them (48 bytes an object).
        if case .indexed(let index) = table { index.file.releaseMemory() }
    }

    /// The SHA-256 of the whole file, which its name should be (`fsck`, §15.1).
    func digest() -> ObjectID {
        mapping.withBytes(0..<mapping.count) { ObjectID.of($0) }
    }
}

/// Why a pack could not be read.
public enum PackError: Error, Sendable, CustomStringConvertible {
    /// The file breaks a rule of its framing (docs/FORMAT.md §15.1).
    case damaged(path: String, PackFramingError)
    case fileSystem(FileSystemError)

    public var description: String {
        switch self {
        case .damaged(let path, let damage): return "pack \(path) is damaged: \(damage)"
        case .fileSystem(let error): return error.description
        }
    }
}
