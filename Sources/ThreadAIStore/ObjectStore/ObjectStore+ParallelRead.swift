extension ObjectStore {
    /// How many objects one task of `messageResults` reads: enough to make a task worth handing to
    /// another core, few enough to share a short list between cores.
    static let parallelReadBatch = 32

    /// The messages `ids`, in order, each verified and parsed as `message(_:)` does it; read on every
    /// core at once when there are more than one batch of them. The first failure in order is thrown,
    /// as a loop over `message(_:)` would throw it.
    public func messages(_ ids: [ObjectID]) throws(ObjectError) -> [Message] {
        try messageResults(ids).map { result throws(ObjectError) in try result.get() }
    }

    /// What `message(_:)` gives for each of `ids`, in order, read `parallelReadBatch` at a time on
    /// every core, each batch's files opened relative to the `objects` folder (`ObjectFolder`).
    /// With `packed`, a message recorded there is taken from its record when the record's bytes
    /// hash to its id, which makes them the object's bytes (docs/FORMAT.md §12.4); any other is
    /// read from its object, so the results are the same.
    func messageResults(_ ids: [ObjectID], packed: PackedObjects? = nil) -> [Result<Message, ObjectError>] {
        let size = Self.parallelReadBatch
        let batchCount = (ids.count + size - 1) / size
        // One batch or none is read here: no thread to start, no parallel machinery to set up.
        guard batchCount > 1 else { return messageResults(ids[...], packed: packed) }
        var results: [Result<Message, ObjectError>] = []
        results.reserveCapacity(ids.count)
        OrderedParallel.forEach(count: batchCount, window: batchCount) { [self] batch in
            messageResults(ids[(batch * size)..<min(ids.count, (batch + 1) * size)], packed: packed)
        } consume: { batch in
            results.append(contentsOf: batch)
        }
        return results
    }

    private func messageResults(_ ids: ArraySlice<ObjectID>, packed: PackedObjects?) -> [Result<Message, ObjectError>] {
        guard !ids.isEmpty else { return [] }
        let folder = ObjectFolder(wholeStoreOf: self)
        return ids.map { id in
            if let message = packed?.message(id) { return .success(message) }
            return Result { () throws(ObjectError) in try message(id, fromUnverified: folder.unverifiedBytes(of: id)) }
        }
    }
}
