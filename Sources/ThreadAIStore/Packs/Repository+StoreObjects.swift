extension Repository {
    /// How many new objects one store of many makes a pack rather than loose files: git's
    /// `fetch.unpackLimit` and `transfer.unpackLimit` default, which keeps a fetch of fewer objects
    /// loose and of more as a pack (docs/FORMAT.md §15.3).
    public static let packThreshold = 100

    /// Stores `objects` (each its exact bytes; repeats and objects the store holds already are
    /// skipped), durable when this returns: the new ones as one pack when they are `packThreshold` or
    /// more (an import's conversation of a long agent session is then one file, not hundreds), else
    /// loose through an `ObjectBatch`. A pack is announced in `format` before it is written (§15.4).
    /// - Returns: how many objects were new, and the packs written (one, unless the objects pass
    ///   `PackWriter.sizeLimit`; none when they stayed loose), and the new objects' ids in the order given.
    public func store(_ objects: [[UInt8]]) throws(PackingError) -> (new: Int, packs: [PackWriter.Written], ids: [ObjectID]) {
        var seen = Set<ObjectID>()
        // Each object hashed once. As `ObjectBatch.add` counts them: one the store holds counts only if it verifies.
        // A loose copy counts when it verifies; a packed one as the packs listed once here say (not
        // a listing of `packs/` per new object, which made an import's cost grow with the number of
        // packs: a pack another process writes meanwhile only means an object stored twice).
        _ = self.objects.packs.current(relisting: true)
        let new = objects.map { (id: ObjectID.of($0), bytes: $0) }.filter { object in
            guard seen.insert(object.id).inserted else { return false }
            if FilePaths.exists(self.objects.path(of: object.id)) { return (try? self.objects.bytes(of: object.id)) == nil }
            return !self.objects.packs.containsListed(object.id)
        }
        // A damaged loose copy, found first, would hide a packed one: it is replaced where it lies.
        let loose = new.count >= Self.packThreshold ? new.filter { FilePaths.exists(self.objects.path(of: $0.id)) } : new
        let batch = ObjectBatch(store: self.objects)
        do {
            for object in loose { try batch.add(object.bytes) }
            try batch.flush()
        } catch {
            throw .object(error)
        }
        guard new.count >= Self.packThreshold else { return (new.count, [], new.map(\.id)) }
        do {
            _ = try RepositoryFormat.announce(RepositoryFormat.packs, in: directory)
        } catch {
            throw .format(error)
        }
        do {
            return (new.count, try PackWriter(objects: self.objects).write(objects: new), new.map(\.id))
        } catch {
            throw .fileSystem(error)
        }
    }
}
