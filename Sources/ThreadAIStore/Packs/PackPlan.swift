/// What a `gc` will do (docs/FORMAT.md §15.3, §15.5), read before anything is written: which loose
/// objects it packs, which small packs it rewrites with them, and, for each object to write, where
/// its bytes are. A dry run reports it; a real run writes it, under `gc.lock`.
struct PackPlan {
    /// Loose objects no pack holds: packed, then their files removed.
    let looseToPack: [ObjectID]
    /// Loose objects a pack holds already: their files are removed, not packed again.
    let alreadyPacked: [ObjectID]
    /// The small packs rewritten, and the packs kept as they are.
    let rewritten: [Pack]
    let kept: [Pack]
    /// What the new packs hold, each object once, pack by pack: `ids[run]` for each of `runs` is
    /// one new pack's objects, ascending by id, and `sources` where each one's bytes come from
    /// (`loose`, or the rewritten pack at that position). The runs follow the objects grouped by
    /// thread, so a thread's messages lie in one pack and a one-thread read maps one pack, not every pack.
    let ids: [ObjectID]
    let sources: [Int32]
    let runs: [Range<Int>]
    /// The most bytes of objects a new pack holds (`PackWriter.sizeLimit`, smaller in tests).
    let limit: Int
    static let loose = -1
    /// What a dry run says.
    private(set) var report = Repository.PackReport()
    private let objects: ObjectStore

    init(_ repository: Repository, keptLoose: Set<ObjectID>, keptPacks: Set<String>, limit: Int = PackWriter.sizeLimit) throws(PackingError) {
        objects = repository.objects
        self.limit = limit
        let listed = try Self.looseIDs(in: objects)
        let candidates = listed.filter { !keptLoose.contains($0) }.sorted()
        let packs = objects.packs.trusted()
        // One search of the packs per id, not one for each side.
        var alreadyPacked: [ObjectID] = []
        var looseToPack: [ObjectID] = []
        for id in candidates {
            if packs.contains(where: { $0.contains(id) }) { alreadyPacked.append(id) } else { looseToPack.append(id) }
        }
        self.alreadyPacked = alreadyPacked
        self.looseToPack = looseToPack
        let looseSizes = looseToPack.map { FilePaths.fileSize(repository.objects.path(of: $0)) ?? 0 }
        let looseBytes = looseSizes.reduce(0, +)
        let small = packs.filter { $0.size < PackRollup.largeSize && !keptPacks.contains($0.name) }
        let chosen = Set(PackRollup.chosen(smallPacks: small.map { ($0.name, $0.size) }, looseBytes: looseBytes))
        rewritten = packs.filter { chosen.contains($0.name) }
        kept = packs.filter { !chosen.contains($0.name) }
        // Grouped by thread, so a thread's messages land in one pack and a reader of one thread maps
        // that pack alone, whatever order the sources held them in (an import's chunks, in the
        // export's id order, hold every thread a little).
        var planned = Self.firstSources(zip(looseToPack, looseSizes), rewritten, kept, objects: objects)
        planned.sort { $0.thread == $1.thread ? $0.id < $1.id : $0.thread < $1.thread }
        var runs = PackRuns(limit: limit, count: planned.count)
        for item in planned { runs.add(item.id, source: item.source, size: item.size) }
        (ids, sources, self.runs) = runs.finished()

        report.looseObjects = listed.count
        report.keptLoose = listed.count - candidates.count
        report.alreadyPacked = alreadyPacked.count
        report.packedObjects = looseToPack.count
        report.bytes = looseBytes
        report.rewrittenPacks = rewritten.map(\.path)
        do {
            let format = try RepositoryFormat.read(in: repository.directory)
            report.announcedPacks = !ids.isEmpty && !format.features.contains(RepositoryFormat.packs)
        } catch {
            throw .format(error)
        }
    }

    /// An object to write: where its bytes come from, their size, and its thread's key.
    struct Planned {
        let id: ObjectID
        let source: Int
        let size: Int
        let thread: UInt64
    }

    /// Each object to write once, ascending by id, with the first source that has it: its loose file,
    /// else the first rewritten pack holding it; none that a kept pack holds. Sorted and compacted
    /// in one array reserved to its size, so a rewrite of a million objects holds one such list.
    /// Each one's `thread` key is read from its first bytes as its source is read in order, each
    /// pack from its start to its end, dropping the pages read as `reader` does.
    private static func firstSources(
        _ loose: some Sequence<(ObjectID, Int)>, _ rewritten: [Pack], _ kept: [Pack], objects: ObjectStore
    ) -> [Planned] {
        var all: [Planned] = []
        all.reserveCapacity(loose.underestimatedCount + rewritten.reduce(0) { $0 + $1.count })
        for (id, size) in loose {
            let prefix = (try? FilePaths.readReplacedFile(objects.path(of: id))).map { Array($0.prefix(threadKeyWindow)) } ?? []
            all.append(Planned(id: id, source: Self.loose, size: size, thread: threadKey(prefix)))
        }
        var release = Pack.PageRelease()
        for (position, pack) in rewritten.enumerated() {
            // A pack's entries are in file order (§15.1): one pass from its start to its end.
            for entry in pack.entries where !kept.contains(where: { $0.contains(entry.id) }) {
                let prefix = pack.prefix(of: entry, count: threadKeyWindow)
                release.read(entry.length, from: rewritten)
                all.append(Planned(id: entry.id, source: position, size: entry.length, thread: threadKey(prefix)))
            }
        }
        all.sort { $0.id == $1.id ? $0.source < $1.source : $0.id < $1.id }
        var unique = 0
        for index in all.indices where unique == 0 || all[unique - 1].id != all[index].id {
            all[unique] = all[index]
            unique += 1
        }
        all.removeLast(all.count - unique)
        return all
    }

    /// How far into an object its `thread` line is looked for: the frontmatter's first lines.
    static let threadKeyWindow = 1024

    static func threadKey(_ bytes: [UInt8]) -> UInt64 {
        let marker = Array("\nthread: ".utf8)
        guard let found = bytes.firstOccurrence(of: marker) else { return 0 }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes[(found + marker.count)...] {
            if byte == 0x0a { break }
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }

    private static func looseIDs(in objects: ObjectStore) throws(PackingError) -> [ObjectID] {
        // A clone made before its first message has no objects/ yet: nothing loose.
        guard FilePaths.exists(objects.directory) else { return [] }
        do {
            return try objects.looseInventory().ids
        } catch {
            throw .fileSystem(error)
        }
    }

    /// Reads each object of `ids` for `PackWriter`, which asks in that order (an id again when it
    /// begins the next pack): its bytes when they hash to its id, else nil (left out: it stays where
    /// it is, for `fsck` to name, and is added to `failed`).
    /// The pages of the rewritten packs read are dropped every `releaseEvery` bytes, so memory
    /// stays bounded however much is rewritten.
    func reader(failed: FailedObjects) -> (ObjectID) -> [UInt8]? {
        var position = 0
        var release = Pack.PageRelease()
        return { id in
            while position < ids.count, ids[position] != id { position += 1 }
            guard position < ids.count else { return nil }
            let source = Int(sources[position])
            let bytes: [UInt8]?
            if source == Self.loose {
                bytes = PackWriter.looseBytes(of: id, in: objects)
            } else if case .bytes(let packed) = rewritten[source].lookup(id), ObjectID.of(packed) == id {
                // Read in thread order, so anywhere in the packs: each read maps a page and the
                // kernel's fault-around its neighbours, however few bytes the object has.
                release.read(max(packed.count, Self.pagesMappedPerRead), from: rewritten)
                bytes = packed
            } else {
                bytes = nil
            }
            if bytes == nil { failed.ids.insert(id) }
            return bytes
        }
    }

    /// The ids of each new pack, ascending, for `PackWriter.write(runs:bytes:)`.
    var idRuns: [ArraySlice<ObjectID>] { runs.map { ids[$0] } }

    static let releaseEvery = 32 << 20
    /// What one read of a few bytes anywhere in a mapped pack adds to the resident pages: Linux maps
    /// up to 16 pages around a fault (`fault_around_bytes`, 64 KiB).
    static let pagesMappedPerRead = 64 << 10
}

/// The objects a rewrite could not copy (gone, or failing their ids): a rewritten pack that holds
/// one stays.
final class FailedObjects {
    var ids = Set<ObjectID>()
}

/// The objects of a rewrite cut into the runs that become its packs (docs/FORMAT.md §15.3): taken
/// in the order given (grouped by thread), a run closed before its objects' bytes would pass the
/// limit, then sorted by id as a pack's entries are.
struct PackRuns {
    let limit: Int
    private var ids: [ObjectID] = []
    private var sources: [Int32] = []
    private var runs: [Range<Int>] = []
    private var start = 0
    private var bytes = 0

    init(limit: Int, count: Int) {
        self.limit = limit
        ids.reserveCapacity(count)
        sources.reserveCapacity(count)
    }

    mutating func add(_ id: ObjectID, source: Int, size: Int) {
        if ids.count > start, bytes + size > limit { close() }
        ids.append(id)
        sources.append(Int32(source))
        bytes += size
    }

    private mutating func close() {
        let order = (start..<ids.count).sorted { ids[$0] < ids[$1] }
        let (sortedIDs, sortedSources) = (order.map { ids[$0] }, order.map { sources[$0] })
        ids.replaceSubrange(start..., with: sortedIDs)
        sources.replaceSubrange(start..., with: sortedSources)
        runs.append(start..<ids.count)
        start = ids.count
        bytes = 0
    }

    consuming func finished() -> (ids: [ObjectID], sources: [Int32], runs: [Range<Int>]) {
        if ids.count > start { close() }
        return (ids, sources, runs)
    }
}
