/// Writes packs (docs/FORMAT.md §15.1, §15.3): of loose objects, their bytes copied from their
/// files in id order, each checked against its id as it is copied (one that fails, or is gone, is
/// left out: it stays loose, for `fsck` to name); of objects given as bytes (an import's); or of
/// runs of objects from any source, each run its own packs (`gc` rewriting small packs). Each file is written to
/// `packs/.tmp-*`, hashed as it is written, flushed, renamed to `packs/H.pack` and the folder flushed
/// (`TempFile`), so a pack stands at its name only once it is whole and durable. A new pack is begun
/// before the objects' bytes would pass `limit`. Streaming: memory holds about one MiB of output and
/// the entries of one pack, never a pack.
public struct PackWriter: Sendable {
    public let objects: ObjectStore

    /// The most bytes of objects one pack holds (framing not counted), §15.3: the bytes an
    /// `ObjectBatch` or an import's chunk holds, so a chunk is one pack. An object larger than that
    /// is a pack of its own.
    public static let sizeLimit = ObjectBatch.byteLimit

    /// This writer's limit: `sizeLimit`, or smaller in tests.
    let limit: Int

    public init(objects: ObjectStore) {
        self.init(objects: objects, limit: Self.sizeLimit)
    }

    init(objects: ObjectStore, limit: Int) {
        self.objects = objects
        self.limit = limit
    }

    /// A pack as written.
    public struct Written: Sendable, Equatable {
        /// `H`: the SHA-256 of the file.
        public let name: String
        public let path: String
        public let size: Int
        /// The ids it holds, ascending; none from `gc`'s rewrite, which would keep them all (a
        /// million at a developer-year) to report only how many packs it wrote.
        public let ids: [ObjectID]
    }

    /// Writes the packs of the loose objects `ids` (any order, repeats allowed).
    /// - Returns: the packs, none when none of `ids` could be read and verified (no file is written).
    public func write(_ ids: some Sequence<ObjectID>) throws(FileSystemError) -> [Written] {
        try write(sorted: Set(ids).sorted(), bytes: { Self.looseBytes(of: $0, in: objects) })
    }

    /// Writes the packs of `objects`, each given as its id and exact bytes, the id the caller's
    /// `ObjectID.of(bytes)` (repeats allowed).
    /// - Returns: the packs, none when `objects` is empty (no file is written).
    public func write(objects given: [(id: ObjectID, bytes: [UInt8])]) throws(FileSystemError) -> [Written] {
        let byID = Dictionary(given.map { ($0.id, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        return try write(sorted: byID.keys.sorted(), bytes: { byID[$0] })
    }

    /// The packs of `sorted` (strictly ascending ids), each entry's bytes from `bytes` (nil leaves
    /// it out; the caller checks them against the id), cut at `limit`.
    func write(sorted: [ObjectID], bytes source: (ObjectID) -> [UInt8]?) throws(FileSystemError) -> [Written] {
        try write(runs: [sorted[...]], bytes: source)
    }

    /// The packs of each of `runs` (each strictly ascending) in turn, a run never sharing a pack
    /// with another, and `bytes` asked in that order.
    /// With `keepingIDs` false, each `Written` lists no ids.
    func write(runs: [ArraySlice<ObjectID>], keepingIDs: Bool = true, bytes source: (ObjectID) -> [UInt8]?) throws(FileSystemError) -> [Written] {
        var written: [Written] = []
        for run in runs {
            var next = run.startIndex
            while next < run.endIndex {
                guard let pack = try writeOne(run, from: &next, bytes: source) else { continue }
                written.append(keepingIDs ? pack : Written(name: pack.name, path: pack.path, size: pack.size, ids: []))
            }
        }
        return written
    }

    /// One pack of the entries of `sorted` from `next` on, up to `limit` bytes of objects; `next`
    /// moves past what it took. Nil when none of them could be read (no file is written).
    private func writeOne(
        _ sorted: ArraySlice<ObjectID>, from next: inout Int, bytes source: (ObjectID) -> [UInt8]?
    ) throws(FileSystemError) -> Written? {
        let packs = objects.packs
        try FilePaths.makeDirectories(packs.directory)
        var output = HashedOutput()
        var entries: [PackFraming.Entry] = []
        var objectBytes = 0
        let temporary = try TempFile.writeTemporary(beside: packs.path(of: "new"), mode: 0o444, flushed: true) {
            file throws(FileSystemError) in
            try output.append(PackFraming.header, to: file)
            while next < sorted.endIndex {
                let id = sorted[next]
                guard let bytes = source(id) else {
                    next += 1
                    continue
                }
                // The object that would pass the limit begins the next pack, unless it is the first.
                guard entries.isEmpty || objectBytes + bytes.count <= limit else { break }
                next += 1
                objectBytes += bytes.count
                try output.append(PackFraming.entryLine(id, length: bytes.count), to: file)
                entries.append(PackFraming.Entry(id: id, offset: output.size, length: bytes.count))
                try output.append(bytes, to: file)
                try output.append([0x0a], to: file)
            }
            try output.append(PackFraming.endLine(count: entries.count), to: file)
            try output.flush(to: file)
        }
        guard !entries.isEmpty else {
            temporary.remove()
            return nil
        }
        let name = ObjectID(digest: output.hash.finalize()).hex
        let size = output.size
        let path = packs.path(of: name)
        do {
            try temporary.rename(to: path)
        } catch {
            temporary.remove()  // Best effort: the write already failed with `error`.
            throw error
        }
        try FilePaths.synchronizeDirectory(packs.directory)
        if packs.cache.isEnabled {
            // Its index, known already; failing to write it only means a scan later (§12 rule 6).
            try? FilePaths.makeDirectories(packs.cache.path(of: PackSet.indexFolder))
            packs.cache.writeIfPossible(PackSet.indexKind(name), PackIndex.encode(name: name, size: size, entries: entries))
        }
        return Written(name: name, path: path, size: size, ids: entries.map(\.id))
    }

    /// The bytes of the loose file of `id` in `objects`, when it is there and they hash to `id`.
    static func looseBytes(of id: ObjectID, in objects: ObjectStore) -> [UInt8]? {
        guard let bytes = try? FilePaths.readReplacedFile(objects.path(of: id)), ObjectID.of(bytes) == id else { return nil }
        return bytes
    }
}

/// Bytes gathered into large writes and hashed as they go: the pack's name is known when its last
/// byte is written, without reading the file again.
private struct HashedOutput {
    var hash = SHA256()
    var size = 0
    private var pending: [UInt8] = []

    mutating func append(_ bytes: [UInt8], to file: borrowing FileDescriptor) throws(FileSystemError) {
        hash.update(bytes)
        size += bytes.count
        pending += bytes
        if pending.count >= 1 << 20 { try flush(to: file) }
    }

    mutating func flush(to file: borrowing FileDescriptor) throws(FileSystemError) {
        try file.writeAll(pending)
        pending.removeAll(keepingCapacity: true)
    }
}
