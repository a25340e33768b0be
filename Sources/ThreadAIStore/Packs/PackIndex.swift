import ThreadAISupport

/// `cache/packs/H.idx` (docs/FORMAT.md §15.2): where each object of pack `H` lies, mapped and
/// searched in place, so opening a pack and finding an object cost the same whatever the pack's
/// size. Derived and never trusted over the pack: every entry used is checked against the pack's
/// framing (`Pack`), and the checksum is verified, once, before the index may say an id is absent.
enum PackIndex {
    static let header = CacheFrame.header(kind: "pack-index", version: 2)
    /// `checksum ` + 64 hex digits + LF.
    static let trailerLength = CacheFrame.checksumLineSize
    /// The bytes of one entry across the three columns: an id, an offset, a length.
    static let entryBytes = 32 + 8 + 8

    /// The index file's bytes for pack `name` of `size` bytes holding `entries` (ascending ids).
    static func encode(name: String, size: Int, entries: [PackFraming.Entry]) -> [UInt8] {
        var body = Array("pack \(name) \(size)\n".utf8)
        body.reserveCapacity(body.count + entries.count * entryBytes + 9)
        for entry in entries { entry.id.appendDigest(to: &body) }
        for entry in entries { body.appendLittleEndian(UInt64(entry.offset)) }
        for entry in entries { body.appendLittleEndian(UInt64(entry.length)) }
        body.appendLittleEndian(UInt64(entries.count))
        body.append(0x0a)
        return CacheFrame.seal(kind: "pack-index", version: 2, body: body)
    }

    /// Every entry of the index `bytes` for pack `name` of `size` bytes, when its frame and checksum
    /// check and every entry lies inside the pack; else nil (tests and fuzzing read it whole).
    static func decode(_ bytes: [UInt8], name: String, size: Int) -> [PackFraming.Entry]? {
        guard let file = try? MappedFile(copying: bytes), let index = Mapped(file, name: name, packSize: size),
              index.isSound else { return nil }
        let entries = (0..<index.count).compactMap(index.entry(at:))
        return entries.count == index.count ? entries : nil
    }

    /// An index file mapped, its frame checked (not its checksum: `isSound`).
    struct Mapped: Sendable {
        let file: MappedFile
        let count: Int
        /// Where IDS begins.
        let base: Int
        let packSize: Int
        /// Whether the checksum holds, computed on first use.
        private let soundness = Locked<Bool?>(nil)

        /// The index in `file` for pack `name` of `packSize` bytes; nil when its frame does not check.
        init?(_ file: MappedFile, name: String, packSize: Int) {
            let packLine = Array("pack \(name) \(packSize)\n".utf8)
            let fixed = PackIndex.header.count + packLine.count + 8 + 1 + PackIndex.trailerLength
            guard file.count >= fixed else { return nil }
            let countAt = file.count - PackIndex.trailerLength - 1 - 8
            let framed = file.withBytes(0..<file.count) { bytes -> Int? in
                guard bytes.starts(with: PackIndex.header),
                      bytes[PackIndex.header.count...].starts(with: packLine),
                      bytes[countAt + 8] == 0x0a, bytes[file.count - 1] == 0x0a,
                      bytes[(countAt + 9)...].starts(with: "checksum ".utf8)
                else { return nil }
                let count = Self.uint64(bytes, at: countAt)
                guard count <= UInt64(file.count / PackIndex.entryBytes),
                      fixed + Int(count) * PackIndex.entryBytes == file.count else { return nil }
                return Int(count)
            }
            guard let framed else { return nil }
            self.file = file
            self.count = framed
            self.base = PackIndex.header.count + packLine.count
            self.packSize = packSize
        }

        private static func uint64(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
            (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
        }

        func id(at position: Int) -> ObjectID {
            file.withBytes((base + position * 32)..<(base + position * 32 + 32)) { ObjectID(digestBytes: $0) }
        }

        /// The entry at `position`, or nil when its numbers lie outside the pack (a damaged index).
        func entry(at position: Int) -> PackFraming.Entry? {
            let offsets = base + count * 32
            let (offset, length) = file.withBytes(0..<file.count) { bytes in
                (Self.uint64(bytes, at: offsets + position * 8), Self.uint64(bytes, at: offsets + count * 8 + position * 8))
            }
            guard offset <= UInt64(packSize), length <= UInt64(packSize) - offset else { return nil }
            return PackFraming.Entry(id: id(at: position), offset: Int(offset), length: Int(length))
        }

        /// Whether the `checksum` line is the SHA-256 of every byte before it (§15.2): checked once.
        var isSound: Bool {
            soundness.withLock { known in
                if let known { return known }
                let sound = CacheFrame.checksumHolds(in: file)
                known = sound
                return sound
            }
        }
    }
}
