extension RefStore {
    /// A digest of the thread refs exactly as stored (docs/FORMAT.md §12.5, REFS): each ref file's
    /// name and bytes in name order, then `.packed`'s bytes. Equal digests mean equal refs, so a cache
    /// keyed by the heads can be found current without parsing and sorting every ref; nil when a ref
    /// could not be read whole (the caller reads the heads instead).
    public func fingerprint() -> ObjectID? {
        var reader = RefTreeReader(root: threadsDirectory)
        guard (try? reader.read()) != nil, let packed = try? packed.rawBytes() else { return nil }
        var hashed: [UInt8] = []
        for (name, content) in reader.sorted() {
            guard case .bytes(let bytes) = content else { return nil }
            hashed += name.rawValue.utf8
            hashed.append(0)
            hashed += bytes
            hashed.append(0)
        }
        hashed += packed
        return ObjectID.of(hashed)
    }
}
