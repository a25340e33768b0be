/// One piece of evidence of §4.9: what a message wrote to a path, and when.
public struct WrittenEntry: Sendable, Hashable {
    public let id: ObjectID
    /// The message's date, in seconds since 1970.
    public let seconds: Int64
    public let lines: WrittenLines

    public init(id: ObjectID, seconds: Int64, lines: WrittenLines) {
        self.id = id
        self.seconds = seconds
        self.lines = lines
    }
}

/// `cache/written` (docs/FORMAT.md §12.5): the evidence of every message the heads reach, with the
/// heads and the messages it was computed from. Read whole and checked with the CHECK of §12.3.
struct WrittenIndex: Equatable {
    static let kind = "written"
    static let header = CacheFrame.header(kind: kind, version: 1)
    static let entrySize = 56
    static let countsSize = 24

    /// Sorted and distinct.
    var heads: [ObjectID]
    /// Each seen message's first 64 bits; sorted and distinct.
    var seen: [UInt64]
    var entries: [WrittenEntry]

    /// Whether a message whose first 64 bits are `word` was looked at.
    func hasSeen(_ word: UInt64) -> Bool {
        var (low, high) = (0, seen.count)
        while low < high {
            let middle = (low + high) / 2
            if seen[middle] == word { return true }
            if seen[middle] < word { low = middle + 1 } else { high = middle }
        }
        return false
    }

    // MARK: writing

    func encoded() -> [UInt8] {
        var paths: [String] = []
        var pathNumbers: [String: UInt32] = [:]
        for entry in entries where pathNumbers[entry.lines.path] == nil {
            pathNumbers[entry.lines.path] = UInt32(paths.count)
            paths.append(entry.lines.path)
        }
        var bytes = Self.header
        for head in heads { head.appendDigest(to: &bytes) }
        for word in seen { bytes.appendLittleEndian(word) }
        var keyCount = 0
        for entry in entries {
            entry.id.appendDigest(to: &bytes)
            bytes.appendLittleEndian(UInt64(bitPattern: entry.seconds))
            bytes.appendLittleEndian(pathNumbers[entry.lines.path] ?? 0)
            bytes += [entry.lines.kind.rawValue, 0, 0, 0]
            bytes.appendLittleEndian(UInt32(keyCount))
            bytes.appendLittleEndian(UInt32(entry.lines.keys.count))
            keyCount += entry.lines.keys.count
        }
        for entry in entries {
            for key in entry.lines.keys { bytes.appendLittleEndian(key) }
        }
        var pathBytes = 0
        for path in paths {
            bytes.appendLittleEndian(UInt32(path.utf8.count))
            bytes += path.utf8
            pathBytes += 4 + path.utf8.count
        }
        for count in [heads.count, seen.count, entries.count, keyCount, paths.count, pathBytes] {
            bytes.appendLittleEndian(UInt32(count))
        }
        bytes.append(0x0a)
        let check = bytes.withUnsafeBytes { SearchCheck.of($0) }
        return bytes + CacheFrame.checkLine(check)
    }

    // MARK: reading

    /// The file at `path`, or nil when it is absent or fails any check (§12 rule 3).
    static func open(_ path: String) -> WrittenIndex? {
        guard let bytes = try? FilePaths.readReplacedFile(path) else { return nil }
        return decode(bytes)
    }

    static func decode(_ bytes: [UInt8]) -> WrittenIndex? {
        let trailer = CacheFrame.checkTrailerSize
        guard bytes.count >= header.count + countsSize + trailer, bytes.starts(with: header) else { return nil }
        let checkedEnd = bytes.count - trailer + 1  // the LF that ends the checked bytes is theirs
        let check = bytes.withUnsafeBytes { SearchCheck.of(UnsafeRawBufferPointer(rebasing: $0[..<checkedEnd])) }
        guard bytes[checkedEnd...].elementsEqual(CacheFrame.checkLine(check)), bytes[checkedEnd - 1] == 0x0a else { return nil }
        let reader = LittleEndianBytes(bytes)
        let countsAt = checkedEnd - 1 - countsSize
        let counts = (0..<6).map { Int(reader.uint32(at: countsAt + 4 * $0) ?? 0) }
        let (headCount, seenCount, entryCount, keyCount, pathCount, pathBytes) = (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
        let sizes = [headCount * 32, seenCount * 8, entryCount * entrySize, keyCount * 8, pathBytes]
        guard header.count + sizes.reduce(0, +) == countsAt else { return nil }
        var offset = header.count
        let heads = (0..<headCount).map { ObjectID(digest: bytes[(offset + $0 * 32)..<(offset + $0 * 32 + 32)]) }
        offset += sizes[0]
        let seen = (0..<seenCount).map { reader.uint64(at: offset + $0 * 8) ?? 0 }
        offset += sizes[1]
        let entriesAt = offset
        offset += sizes[2]
        let keys = (0..<keyCount).map { reader.uint64(at: offset + $0 * 8) ?? 0 }
        offset += sizes[3]
        var paths: [String] = []
        while paths.count < pathCount {
            guard let length = reader.uint32(at: offset).map(Int.init), let slice = reader.slice(at: offset + 4, length: length) else { return nil }
            paths.append(String(decoding: slice, as: UTF8.self))
            offset += 4 + length
        }
        guard offset == countsAt, zip(heads, heads.dropFirst()).allSatisfy({ $0 < $1 }),
              zip(seen, seen.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        var entries: [WrittenEntry] = []
        entries.reserveCapacity(entryCount)
        for number in 0..<entryCount {
            let at = entriesAt + number * entrySize
            guard let seconds = reader.uint64(at: at + 32), let path = reader.uint32(at: at + 40).map(Int.init), path < pathCount,
                  let kind = reader.uint8(at: at + 44).flatMap(WrittenKind.init(rawValue:)),
                  let first = reader.uint32(at: at + 48).map(Int.init), let count = reader.uint32(at: at + 52).map(Int.init),
                  first <= keyCount, count <= keyCount - first
            else { return nil }
            let lines = WrittenLines(path: paths[path], kind: kind, keys: Array(keys[first..<(first + count)]))
            entries.append(WrittenEntry(id: ObjectID(digest: bytes[at..<(at + 32)]), seconds: Int64(bitPattern: seconds), lines: lines))
        }
        return WrittenIndex(heads: heads, seen: seen, entries: entries)
    }
}
