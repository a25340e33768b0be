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
    /// What the new packs hold, each object once, pack by pack: `ordered[run]` for each of `runs`
    /// is one new pack's objects, ascending by id, and where each one's bytes come from (`loose`,
    /// or the rewritten pack at that position). The runs follow the sources (the loose objects, then
    /// each rewritten pack), so what one source held together (a conversation an import or a
    /// capture packed) stays together, and a one-thread read maps one pack, not every pack.
    let ordered: [(id: ObjectID, source: Int)]
    let runs: [Range<Int>]
    static let loose = -1
    /// What a dry run says.
    private(set) var report = Repository.PackReport()
    private let objects: ObjectStore

    init(_ repository: Repository, keptLoose: Set<ObjectID>, keptPacks: Set<String>, limit: Int = PackWriter.sizeLimit) throws(PackingError) {
        objects = repository.objects
        let listed = try Self.looseIDs(in: objects)
        let ids = listed.filter { !keptLoose.contains($0) }.sorted()
        let packs = objects.packs.trusted()
        // One search of the packs per id, not one for each side.
        var alreadyPacked: [ObjectID] = []
        var looseToPack: [ObjectID] = []
        for id in ids {
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
        var runs = PackRuns(limit: limit)
        for (id, size) in zip(looseToPack, looseSizes) { runs.add(id, source: Self.loose, size: size) }
        for (position, pack) in rewritten.enumerated() {
            for entry in pack.entries where !kept.contains(where: { $0.contains(entry.id) }) {
                runs.add(entry.id, source: position, size: entry.length)
            }
        }
        (ordered, self.runs) = runs.finished()

        report.looseObjects = listed.count
        report.keptLoose = listed.count - ids.count
        report.alreadyPacked = alreadyPacked.count
        report.packedObjects = looseToPack.count
        report.bytes = looseBytes
        report.rewrittenPacks = rewritten.map(\.path)
        do {
            let format = try RepositoryFormat.read(in: repository.directory)
            report.announcedPacks = !ordered.isEmpty && !format.features.contains(RepositoryFormat.packs)
        } catch {
            throw .format(error)
        }
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

    /// Reads each object of `ordered` for `PackWriter`, which asks in that order (an id again when
    /// it begins the next pack): its bytes when they hash to its id, else nil (left out: it stays
    /// where it is, for `fsck` to name).
    /// The pages of the rewritten packs read are dropped every `releaseEvery` bytes, so memory
    /// stays bounded however much is rewritten.
    func reader() -> (ObjectID) -> [UInt8]? {
        var position = 0
        var release = Pack.PageRelease()
        return { id in
            while position < ordered.count, ordered[position].id != id { position += 1 }
            guard position < ordered.count else { return nil }
            let source = ordered[position].source
            guard source != Self.loose else { return PackWriter.looseBytes(of: id, in: objects) }
            guard case .bytes(let bytes) = rewritten[source].lookup(id), ObjectID.of(bytes) == id else { return nil }
            release.read(bytes.count, from: rewritten)
            return bytes
        }
    }

    /// The ids of each new pack, ascending, for `PackWriter.write(runs:bytes:)`.
    var idRuns: [ArraySlice<ObjectID>] {
        let ids = ordered.map(\.id)
        return runs.map { ids[$0] }
    }

    static let releaseEvery = 32 << 20
}

/// The objects of a rewrite cut into the runs that become its packs (docs/FORMAT.md §15.3): taken
/// in the order their sources give, each id once (the first source that has it), a run closed
/// before its objects' bytes would pass the limit, then sorted by id as a pack's entries are.
struct PackRuns {
    let limit: Int
    private var ordered: [(id: ObjectID, source: Int)] = []
    private var runs: [Range<Int>] = []
    private var taken = Set<ObjectID>()
    private var start = 0
    private var bytes = 0

    init(limit: Int) {
        self.limit = limit
    }

    mutating func add(_ id: ObjectID, source: Int, size: Int) {
        guard taken.insert(id).inserted else { return }
        if ordered.count > start, bytes + size > limit { close() }
        ordered.append((id, source))
        bytes += size
    }

    private mutating func close() {
        ordered[start...].sort { $0.id < $1.id }
        runs.append(start..<ordered.count)
        start = ordered.count
        bytes = 0
    }

    consuming func finished() -> (ordered: [(id: ObjectID, source: Int)], runs: [Range<Int>]) {
        if ordered.count > start { close() }
        return (ordered, runs)
    }
}
