import ThreadAISupport

/// `cache/packs/multi-pack.idx` (docs/FORMAT.md §15.2, "The multi-pack index"): which pack holds
/// each object of many packs, and where, in one mapped file, so that a command that reads a few
/// objects opens the packs that hold them and no other. Derived and never trusted over the packs:
/// each entry used is checked against its pack's framing, and an id it lacks is looked up as if it
/// were absent.
enum MultiPackIndex {
    static let kind = PackSet.indexFolder + "/multi-pack.idx"
    static let header = CacheFrame.header(kind: "multi-pack-index", version: 1)
    /// The bytes of one entry across the four columns: an id, a pack's position, an offset, a length.
    static let entryBytes = 32 + 4 + 8 + 8

    /// The file's bytes for `packs` (ascending names, each trusted whole): their entries merged by
    /// id, each id once (the first pack that holds it). Written into one buffer reserved to the
    /// file's size from a merge of the packs' sorted entries (`PackMerge`), so that a million objects
    /// cost the file's bytes and 8 bytes each, not a sorted table of every entry beside the file.
    static func encode(_ packs: [Pack]) -> [UInt8] {
        var lines = Array("packs \(packs.count)\n".utf8)
        for pack in packs { lines += Array("\(pack.name) \(pack.size)\n".utf8) }
        let most = packs.reduce(0) { $0 + $1.count }
        var bytes = header
        bytes.reserveCapacity(header.count + lines.count + most * entryBytes + 9 + CacheFrame.checksumLineSize)
        bytes += lines
        // IDS as the merge finds them; the other columns from the places it keeps.
        var order: [PackMerge.Place] = []
        order.reserveCapacity(most)
        PackMerge.forEach(packs) { place, id in
            id.appendDigest(to: &bytes)
            order.append(place)
        }
        for place in order { bytes.appendLittleEndian(place.pack) }
        for place in order { bytes.appendLittleEndian(UInt64(place.offset)) }
        for place in order { bytes.appendLittleEndian(UInt64(place.length)) }
        bytes.appendLittleEndian(UInt64(order.count))
        bytes.append(0x0a)
        CacheFrame.appendChecksumLine(to: &bytes)
        return bytes
    }

    /// A multi-pack index mapped, its frame checked (its checksum is not: every entry used is
    /// checked against its pack).
    struct Mapped: Sendable {
        let file: MappedFile
        /// The packs it covers, by position: name and size.
        let packs: [(name: String, size: Int)]
        let count: Int
        /// Where IDS begins.
        let base: Int

        init?(_ file: MappedFile) {
            let parsed = file.withBytes(0..<file.count) { bytes -> (packs: [(String, Int)], base: Int, count: Int)? in
                guard bytes.starts(with: MultiPackIndex.header) else { return nil }
                var cursor = MultiPackIndex.header.count
                // Read as bytes, not as strings: a command that reads one message pays for this list of
                // every pack (74 at a developer-year) before its one lookup.
                func line() -> Range<Int>? {
                    guard let end = bytes[cursor...].prefix(200).firstIndex(of: 0x0a) else { return nil }
                    defer { cursor = end + 1 }
                    return cursor..<end
                }
                func number(_ range: Range<Int>) -> Int? {
                    guard !range.isEmpty, range.count <= 18, bytes[range].allSatisfy({ $0 &- 0x30 < 10 }) else { return nil }
                    return bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) }
                }
                let prefix = Array("packs ".utf8)
                guard let first = line(), bytes[first].starts(with: prefix),
                      let packCount = number((first.lowerBound + prefix.count)..<first.upperBound),
                      packCount <= bytes.count / 66 else { return nil }
                var packs: [(String, Int)] = []
                packs.reserveCapacity(packCount)
                var previous: Range<Int>?
                for _ in 0..<packCount {
                    // `NAME SP SIZE`: NAME 64 lowercase hex digits, in ascending order.
                    guard let text = line(), text.count > 65, bytes[text.lowerBound + 64] == 0x20 else { return nil }
                    let name = text.lowerBound..<(text.lowerBound + 64)
                    guard ObjectID(hexDigits: bytes[name]) != nil, let size = number((name.upperBound + 1)..<text.upperBound),
                          previous.map({ bytes[$0].lexicographicallyPrecedes(bytes[name]) }) ?? true else { return nil }
                    previous = name
                    packs.append((String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self), size))
                }
                let fixed = 8 + 1 + CacheFrame.checksumLineSize
                let countAt = bytes.count - CacheFrame.checksumLineSize - 1 - 8
                guard bytes.count >= cursor + fixed, bytes[countAt + 8] == 0x0a, bytes[bytes.count - 1] == 0x0a,
                      bytes[(countAt + 9)...].starts(with: "checksum ".utf8) else { return nil }
                let count = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[countAt + $1]) << (8 * UInt64($1)) }
                guard count <= UInt64(bytes.count / MultiPackIndex.entryBytes),
                      cursor + Int(count) * MultiPackIndex.entryBytes + fixed == bytes.count else { return nil }
                return (packs, cursor, Int(count))
            }
            guard let parsed else { return nil }
            self.file = file
            self.packs = parsed.packs
            self.base = parsed.base
            self.count = parsed.count
        }

        func id(at position: Int) -> ObjectID {
            file.withBytes((base + position * 32)..<(base + position * 32 + 32)) { ObjectID(digestBytes: $0) }
        }

        /// Whether the `checksum` line is the SHA-256 of every byte before it: for `cache verify`
        /// (a lookup checks each entry it uses against its pack instead).
        var isSound: Bool { CacheFrame.checksumHolds(in: file) }

        /// The pack (its position in `packs`) and the entry the index gives for `id`; nil when it has
        /// none, or names a pack it does not list, or an entry outside that pack's size.
        func find(_ id: ObjectID) -> (pack: Int, entry: PackFraming.Entry)? {
            guard let position = ObjectID.position(of: id, count: count, idAt: self.id(at:)) else { return nil }
            let columns = base + count * 32
            let (pack, offset, length) = file.withBytes(0..<file.count) { bytes in
                (Self.uint(bytes, at: columns + position * 4, width: 4),
                 Self.uint(bytes, at: columns + count * 4 + position * 8, width: 8),
                 Self.uint(bytes, at: columns + count * 12 + position * 8, width: 8))
            }
            guard pack < UInt64(packs.count) else { return nil }
            let size = UInt64(packs[Int(pack)].size)
            guard offset <= size, length <= size - offset else { return nil }
            return (Int(pack), PackFraming.Entry(id: id, offset: Int(offset), length: Int(length)))
        }

        private static func uint(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, width: Int) -> UInt64 {
            (0..<width).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
        }
    }
}
