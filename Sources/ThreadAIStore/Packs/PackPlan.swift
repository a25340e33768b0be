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
    /// What the new packs hold, ascending by id, each once: where each object's bytes come from
    /// (`loose`, or the rewritten pack at that position).
    let sources: [(id: ObjectID, source: Int)]
    static let loose = -1
    /// What a dry run says.
    private(set) var report = Repository.PackReport()
    private let objects: ObjectStore

    init(_ repository: Repository, keptLoose: Set<ObjectID>, keptPacks: Set<String>) throws(PackingError) {
        objects = repository.objects
        let listed = try Self.looseIDs(in: objects)
        let ids = listed.filter { !keptLoose.contains($0) }
        let packs = objects.packs.trusted()
        // One search of the packs per id, not one for each side.
        var alreadyPacked: [ObjectID] = []
        var looseToPack: [ObjectID] = []
        for id in ids {
            if packs.contains(where: { $0.contains(id) }) { alreadyPacked.append(id) } else { looseToPack.append(id) }
        }
        self.alreadyPacked = alreadyPacked
        self.looseToPack = looseToPack
        let looseBytes = looseToPack.reduce(0) { $0 + (FilePaths.fileSize(repository.objects.path(of: $1)) ?? 0) }
        let small = packs.filter { $0.size < PackRollup.largeSize && !keptPacks.contains($0.name) }
        let chosen = Set(PackRollup.chosen(smallPacks: small.map { ($0.name, $0.size) }, looseBytes: looseBytes))
        rewritten = packs.filter { chosen.contains($0.name) }
        kept = packs.filter { !chosen.contains($0.name) }
        var sources = looseToPack.map { (id: $0, source: Self.loose) }
        for (position, pack) in rewritten.enumerated() {
            for entry in pack.entries where !kept.contains(where: { $0.contains(entry.id) }) {
                sources.append((entry.id, position))
            }
        }
        // Each id once: from its loose file when there is one, else from the first pack holding it.
        sources.sort { $0.id == $1.id ? $0.source < $1.source : $0.id < $1.id }
        var unique: [(id: ObjectID, source: Int)] = []
        unique.reserveCapacity(sources.count)
        for source in sources where unique.last?.id != source.id { unique.append(source) }
        self.sources = unique

        report.looseObjects = listed.count
        report.keptLoose = listed.count - ids.count
        report.alreadyPacked = alreadyPacked.count
        report.packedObjects = looseToPack.count
        report.bytes = looseBytes
        report.rewrittenPacks = rewritten.map(\.path)
        do {
            let format = try RepositoryFormat.read(in: repository.directory)
            report.announcedPacks = !unique.isEmpty && !format.features.contains(RepositoryFormat.packs)
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

    /// Reads each object of `sources` for `PackWriter`, which asks in ascending order (an id again
    /// when it begins the next pack): its bytes when they hash to its id, else nil (left out: it
    /// stays where it is, for `fsck` to name).
    /// The pages of the rewritten packs read are dropped every `releaseEvery` bytes, so memory
    /// stays bounded however much is rewritten (a gc's reads are in id order, all over every pack).
    func reader() -> (ObjectID) -> [UInt8]? {
        var position = 0
        var release = Pack.PageRelease()
        return { id in
            while position < sources.count, sources[position].id < id { position += 1 }
            guard position < sources.count, sources[position].id == id else { return nil }
            let source = sources[position].source
            guard source != Self.loose else { return PackWriter.looseBytes(of: id, in: objects) }
            guard case .bytes(let bytes) = rewritten[source].lookup(id), ObjectID.of(bytes) == id else { return nil }
            release.read(bytes.count, from: rewritten)
            return bytes
        }
    }

    static let releaseEvery = 32 << 20
}
