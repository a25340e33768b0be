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
/// heads and the messages it was computed from. Opened by mapping the file and checking it whole with
/// the CHECK of §12.3; SEEN (8 bytes a message: 8 MB at a million) is read in place, and only when the
/// heads changed, so a blame of a current cache decodes the heads and the small evidence alone.
struct WrittenIndex: Equatable {
    static let kind = "written"
    static let header = CacheFrame.header(kind: kind, version: 1)
    static let entrySize = 56
    static let countsSize = 24

    /// The refs as read when it was written (`RefStore.fingerprint`); nil (zeros in the file) when unknown.
    var refs: ObjectID?
    /// Sorted and distinct.
    var heads: [ObjectID]
    var entries: [WrittenEntry]
    /// Each seen message's first 64 bits, sorted and distinct: in `mapped` at `seenOffset` for a file
    /// read, in `built` for one computed.
    private var built: [UInt64]
    private let mapped: MappedFile?
    private let seenOffset: Int
    let seenCount: Int

    init(refs: ObjectID?, heads: [ObjectID], seen: [UInt64], entries: [WrittenEntry]) {
        self.refs = refs
        self.heads = heads
        self.entries = entries
        built = seen
        mapped = nil
        seenOffset = 0
        seenCount = seen.count
    }

    private init(refs: ObjectID?, heads: [ObjectID], entries: [WrittenEntry], mapped: MappedFile, seenOffset: Int, seenCount: Int) {
        self.refs = refs
        self.heads = heads
        self.entries = entries
        built = []
        self.mapped = mapped
        self.seenOffset = seenOffset
        self.seenCount = seenCount
    }

    private func seenWord(_ number: Int) -> UInt64 {
        guard let mapped else { return built[number] }
        return mapped.withBytes((seenOffset + number * 8)..<(seenOffset + number * 8 + 8)) { Self.word(in: $0, at: 0) }
    }

    /// The little-endian word at `offset` of `bytes`, 0 past their end (a mapping's bytes, bounded by its range).
    private static func word(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        guard offset >= 0, offset + 8 <= bytes.count else { return 0 }
        return UInt64(littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Every seen message's first 64 bits, ascending.
    var seen: [UInt64] { mapped == nil ? built : (0..<seenCount).map(seenWord) }

    /// Whether a message whose first 64 bits are `word` was looked at.
    func hasSeen(_ word: UInt64) -> Bool {
        var (low, high) = (0, seenCount)
        while low < high {
            let middle = (low + high) / 2
            let found = seenWord(middle)
            if found == word { return true }
            if found < word { low = middle + 1 } else { high = middle }
        }
        return false
    }

    /// This index with `words` seen too (sorted or not), under `heads`.
    func adding(_ words: [UInt64], refs: ObjectID?, heads: [ObjectID], entries added: [WrittenEntry]) -> WrittenIndex {
        let old = seen
        var merged: [UInt64] = []
        merged.reserveCapacity(old.count + words.count)
        var (a, b) = (0, 0)
        let new = Array(Set(words)).sorted()
        while a < old.count || b < new.count {
            if b == new.count || (a < old.count && old[a] < new[b]) {
                merged.append(old[a])
                a += 1
            } else {
                if a < old.count && old[a] == new[b] { a += 1 }
                merged.append(new[b])
                b += 1
            }
        }
        return WrittenIndex(refs: refs, heads: heads, seen: merged, entries: entries + added)
    }

    static func == (a: WrittenIndex, b: WrittenIndex) -> Bool {
        a.refs == b.refs && a.heads == b.heads && a.entries == b.entries && a.seen == b.seen
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
        if let refs { refs.appendDigest(to: &bytes) } else { bytes += [UInt8](repeating: 0, count: 32) }
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
        for count in [heads.count, seenCount, entries.count, keyCount, paths.count, pathBytes] {
            bytes.appendLittleEndian(UInt32(count))
        }
        bytes.append(0x0a)
        let check = bytes.withUnsafeBytes { SearchCheck.of($0) }
        return bytes + CacheFrame.checkLine(check)
    }

    // MARK: reading

    /// The file at `path`, or nil when it is absent or fails any check (§12 rule 3).
    static func open(_ path: String) -> WrittenIndex? {
        guard let file = try? FileDescriptor(opening: path, flags: FilePaths.replacedFileFlags), let size = try? file.size(),
              let mapped = try? MappedFile(file, count: size) else { return nil }
        return decode(mapped)
    }

    static func decode(_ bytes: [UInt8]) -> WrittenIndex? {
        (try? MappedFile(copying: bytes)).flatMap(decode)
    }

    static func decode(_ mapped: MappedFile) -> WrittenIndex? {
        let size = mapped.count
        let trailer = CacheFrame.checkTrailerSize
        guard size >= header.count + countsSize + trailer, mapped.bytes(0..<header.count) == header else { return nil }
        let checkedEnd = size - trailer + 1  // the LF that ends the checked bytes is theirs
        let check = mapped.withBytes(0..<checkedEnd) { SearchCheck.of(UnsafeRawBufferPointer($0)) }
        guard mapped.bytes(checkedEnd..<size) == CacheFrame.checkLine(check), mapped.bytes((checkedEnd - 1)..<checkedEnd) == [0x0a] else {
            return nil
        }
        let countsAt = checkedEnd - 1 - countsSize
        let counts = LittleEndianBytes(mapped.bytes(countsAt..<(countsAt + countsSize)))
        let numbers = (0..<6).map { Int(counts.uint32(at: 4 * $0) ?? 0) }
        let (headCount, seenCount, entryCount, keyCount, pathCount, pathBytes) = (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
        let sizes = [headCount * 32, seenCount * 8, entryCount * entrySize, keyCount * 8, pathBytes]
        let headsOffset = header.count + 32
        guard headsOffset + sizes.reduce(0, +) == countsAt else { return nil }
        let seenOffset = headsOffset + sizes[0]
        // Everything after SEEN, small: the entries, their keys and paths.
        let rest = mapped.bytes((seenOffset + sizes[1])..<countsAt)
        let reader = LittleEndianBytes(rest)
        let refBytes = mapped.bytes(header.count..<headsOffset)
        let refs = refBytes.allSatisfy { $0 == 0 } ? nil : ObjectID(digest: refBytes)
        let headBytes = mapped.bytes(headsOffset..<seenOffset)
        let heads = (0..<headCount).map { ObjectID(digest: headBytes[($0 * 32)..<($0 * 32 + 32)]) }
        let keysAt = sizes[2]
        var offset = keysAt + sizes[3]
        var paths: [String] = []
        while paths.count < pathCount {
            guard let length = reader.uint32(at: offset).map(Int.init), let slice = reader.slice(at: offset + 4, length: length) else { return nil }
            paths.append(String(decoding: slice, as: UTF8.self))
            offset += 4 + length
        }
        guard offset == rest.count, zip(heads, heads.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        var entries: [WrittenEntry] = []
        entries.reserveCapacity(entryCount)
        for number in 0..<entryCount {
            let at = number * entrySize
            guard let seconds = reader.uint64(at: at + 32), let path = reader.uint32(at: at + 40).map(Int.init), path < pathCount,
                  let kind = reader.uint8(at: at + 44).flatMap(WrittenKind.init(rawValue:)),
                  let first = reader.uint32(at: at + 48).map(Int.init), let count = reader.uint32(at: at + 52).map(Int.init),
                  first <= keyCount, count <= keyCount - first
            else { return nil }
            let keys = (first..<(first + count)).map { reader.uint64(at: keysAt + $0 * 8) ?? 0 }
            let lines = WrittenLines(path: paths[path], kind: kind, keys: keys)
            entries.append(WrittenEntry(id: ObjectID(digest: rest[at..<(at + 32)]), seconds: Int64(bitPattern: seconds), lines: lines))
        }
        let index = WrittenIndex(refs: refs, heads: heads, entries: entries, mapped: mapped, seenOffset: seenOffset, seenCount: seenCount)
        // SEEN ascending and distinct, checked in place: a pass over 8 bytes a message, without a copy.
        let ascending = mapped.withBytes(seenOffset..<(seenOffset + sizes[1])) { bytes in
            var previous: UInt64?
            for number in 0..<seenCount {
                let word = Self.word(in: bytes, at: number * 8)
                if let previous, previous >= word { return false }
                previous = word
            }
            return true
        }
        return ascending ? index : nil
    }
}
