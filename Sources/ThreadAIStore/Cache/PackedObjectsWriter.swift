/// Writes a `cache/objects` file (docs/FORMAT.md §12.4): the records of `ids`, in id order, each
/// copied from the old file or read from its object, and kept only once its SHA-256 is its id.
/// Streaming: memory holds one record and the small columns, never the bytes of the whole file.
struct PackedObjectsWriter {
    let objects: ObjectStore
    /// The file being replaced, whose records are copied rather than read from their objects.
    let old: PackedObjects?

    /// Writes the records of `ids` (in any order, repeats allowed) to `path` through a temporary
    /// file and a rename. An id whose bytes cannot be had, verified, from either source is left out.
    /// - Returns: how many records the file holds.
    @discardableResult
    func write(_ ids: some Sequence<ObjectID>, to path: String) throws(FileSystemError) -> Int {
        let sorted = Set(ids).sorted()
        var written: [ObjectID] = []
        var ends: [UInt64] = []
        try TempFile.write(to: path) { file throws(FileSystemError) in
            var output = CheckedOutput()
            output.bytes = PackedObjects.header
            var end: UInt64 = 0
            for id in sorted {
                guard let bytes = verifiedBytes(of: id) else { continue }
                try output.append(bytes, to: file)
                end += UInt64(bytes.count)
                written.append(id)
                ends.append(end)
            }
            // The small sections, checked as one run with the header (§12.4).
            var check = SearchCheck(byteCount: PackedObjects.header.count + written.count * 40 + PackedObjects.countsSize + 1)
            check.update(PackedObjects.header)
            output.check = check
            for id in written { try output.append(digestOf: id, to: file) }
            for end in ends { try output.append(uint64: end, to: file) }
            try output.append(uint32: UInt32(written.count), to: file)
            try output.append(uint64: end, to: file)
            try output.append([0x0a], to: file)
            let digest = output.check?.finish() ?? 0
            output.check = nil
            try output.append(CacheFrame.checkLine(digest), to: file)
            try output.flush(to: file)
        }
        return written.count
    }

    /// The bytes of `id` from the old file, else from its object, once they hash to `id`.
    private func verifiedBytes(of id: ObjectID) -> [UInt8]? {
        if let copied = old?.bytes(of: id), ObjectID.of(copied) == id { return copied }
        // An object that is gone or damaged has no record: a record is only ever the object's bytes.
        return try? objects.bytes(of: id)
    }
}
