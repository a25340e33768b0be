/// `cache/objects` (docs/FORMAT.md §12.4): opened for `log`'s long walks, written when one read
/// many loose messages the file lacked, rewritten by `cache rebuild` and checked by `cache verify`.
/// Records are kept for loose objects only: a pack (§15) is already one mapped file read by offset,
/// which a long `log` reads at most about a tenth slower than records, so a record of a packed object
/// would only copy the pack and cost its write.
extension Repository {
    /// How many messages a walk must have read from their objects, for lack of records, before it
    /// rewrites the file (§12.4): a rewrite copies the whole file, so it waits for enough to add.
    static let packingThreshold = 1_000

    /// The open `cache/objects`, or nil when caches are off or it is absent or damaged.
    func packedObjects() -> PackedObjects? {
        guard cache.isEnabled else { return nil }
        return PackedObjects.open(cache.path(of: PackedObjects.kind))
    }

    /// After a walk read `chain` with `packed` open: when at least `packingThreshold` of its messages
    /// are loose and had no record, writes the file again with them added, and without the records
    /// of objects packed since. Failing to write changes nothing the
    /// user sees (§12 rule 6): the next long walk reads the objects again.
    func pack(_ chain: [ObjectID], besides packed: PackedObjects?) {
        guard cache.isEnabled else { return }
        let inPacks = objects.packs.allIDs()
        let lacking = chain.filter { packed?.contains($0) != true && !inPacks.contains($0) }
        guard lacking.count >= Self.packingThreshold else { return }
        _ = try? writePackedObjects((packed?.ids ?? []).filter { !inPacks.contains($0) } + lacking, old: packed)
    }

    private func writePackedObjects(_ ids: [ObjectID], old: PackedObjects?) throws(FileSystemError) -> Int {
        try FilePaths.makeDirectories(cache.directory)
        return try PackedObjectsWriter(objects: objects, old: old).write(ids, to: cache.path(of: PackedObjects.kind))
    }

    /// `cache rebuild`'s part: the records the file holds, each read again from its object (a damaged
    /// record, one whose object is gone, or one whose object a pack now holds, is dropped); an absent file stays absent, since only a long
    /// walk says which messages are worth a record.
    func rebuildPackedObjects() throws(ThreadError) {
        guard let path = cache.existingFile(PackedObjects.kind) else { return }
        guard let old = PackedObjects.open(path) else {
            do {
                try FilePaths.remove(path)
            } catch {
                throw .repository(.fileSystem(error))
            }
            return
        }
        do {
            let inPacks = objects.packs.allIDs()
            _ = try PackedObjectsWriter(objects: objects, old: nil).write(old.ids.filter { !inPacks.contains($0) }, to: path)
        } catch {
            throw .repository(.fileSystem(error))
        }
    }

    /// `cache verify`'s part: every record checked against its id; changes nothing.
    func verifyPackedObjects(into report: inout CacheVerification) {
        guard let path = cache.existingFile(PackedObjects.kind) else { return }
        guard let packed = PackedObjects.open(path) else {
            report.objectsFile = .damaged
            return
        }
        report.objectsFile = .readable
        report.objectRecords = packed.count
        report.wrongObjectRecords = (0..<packed.count).filter { !packed.isSound($0) }.map(packed.id)
    }
}
