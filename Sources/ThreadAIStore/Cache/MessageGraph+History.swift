extension MessageGraph {
    /// The records of message `id`'s history, newest first, at most `limit`, read from the parent
    /// column alone. Nil when the graph lacks `id`, or when its links do not end at a root (a damaged
    /// file that passed its checks): the caller then walks the objects.
    func history(from id: ObjectID, limit: Int?) -> [Int]? {
        guard let start = record(of: id) else { return nil }
        var records: [Int] = []
        var next: Int? = start
        while let record = next, records.count < (limit ?? Int.max) {
            guard records.count < count else { return nil }
            records.append(record)
            next = parent(record)
        }
        return records
    }
}
