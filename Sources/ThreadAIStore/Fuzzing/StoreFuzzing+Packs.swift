/// The fuzz target of pack files and their index (docs/FORMAT.md §15.1, §15.2): any bytes as a pack,
/// and as an index of a pack of their size.
extension StoreFuzzing {
    /// Properties: a pack that reads has entries inside the file, in strictly ascending id order,
    /// each framed where it says (what an index is checked against); its index, written and read
    /// back, gives the same entries; an index read from any bytes names only ranges inside the pack.
    package static func packs(_ bytes: [UInt8]) -> String? {
        let name = String(repeating: "0", count: ObjectID.hexDigitCount)
        if let entries = try? bytes.withUnsafeBufferPointer({ buffer throws(PackFramingError) in try PackFraming.entries(buffer) }) {
            for (index, entry) in entries.enumerated() {
                guard entry.offset >= 0, entry.length >= 0, entry.offset + entry.length < bytes.count else {
                    return "an entry outside the pack"
                }
                guard bytes.withUnsafeBufferPointer({ PackFraming.frames(entry, in: $0) }) else { return "an entry not framed where it says" }
                if index > 0, !(entries[index - 1].id < entry.id) { return "ids not strictly ascending" }
            }
            let index = PackIndex.encode(name: name, size: bytes.count, entries: entries)
            guard PackIndex.decode(index, name: name, size: bytes.count) == entries else { return "the index does not read back" }
        }
        if let entries = PackIndex.decode(bytes, name: name, size: bytes.count) {
            guard entries.allSatisfy({ $0.offset + $0.length <= bytes.count }) else { return "an index entry outside the pack" }
        }
        return nil
    }
}
