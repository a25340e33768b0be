/// `logs/packed` (docs/FORMAT.md §7.1): the reflogs of many threads in one file, `FILE SP LINE`
/// per line, grouped by `FILE` and sorted, so that a developer-year of threads does not keep ten
/// thousand reflog files. Local, like every reflog, so only this section's writer ever writes it:
/// a reader may rely on the order and finds one thread's lines by binary search, a few pages of the
/// mapped file, not a scan of its megabytes.
struct PackedReflogs: Sendable {
    /// The file's path.
    let path: String

    /// The packed lines of `file` (a name in `logs/threads/`), oldest first, each a reflog line of
    /// §7 without its LF; none when nothing of it is packed or there is no file.
    func lines(of file: String) throws(FileSystemError) -> [String] {
        guard let mapped = try map(), mapped.count > 0 else { return [] }
        let key = Array(file.utf8)
        return mapped.withBytes(0..<mapped.count) { bytes in
            var lines: [String] = []
            var start = Self.firstLine(atOrAfter: key, in: bytes)
            while start < bytes.count {
                let end = Self.lineEnd(from: start, in: bytes)
                guard let space = Self.space(from: start, to: end, in: bytes), Self.equal(bytes, start..<space, key) else { break }
                lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[(space + 1)..<end]), as: UTF8.self))
                start = end + 1
            }
            return lines
        }
    }

    /// Every packed `FILE` with its lines, in file order, and the numbers of the lines that are not
    /// `FILE SP LINE` or stand out of order (for `fsck`, §7.1).
    func groups() throws(FileSystemError) -> (groups: [String: [String]], unreadable: [Int], outOfOrder: [Int]) {
        guard let mapped = try map(), mapped.count > 0 else { return ([:], [], []) }
        var groups: [String: [String]] = [:]
        var unreadable: [Int] = []
        var outOfOrder: [Int] = []
        var previous: [UInt8] = []
        let text = mapped.bytes(0..<mapped.count)
        let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where !(line.isEmpty && index == lines.count - 1) {
            guard let space = line.firstIndex(of: UInt8(ascii: " ")), space > line.startIndex else {
                unreadable.append(index + 1)
                continue
            }
            let file = Array(line[..<space])
            if file.lexicographicallyPrecedes(previous) { outOfOrder.append(index + 1) }
            previous = file
            groups[String(decoding: file, as: UTF8.self), default: []].append(String(decoding: line[(space + 1)...], as: UTF8.self))
        }
        return (groups, unreadable, outOfOrder)
    }

    /// The lines of a thread's file in `logs/threads/` that its reflog reads after `packed`: all but
    /// the longest run of its first lines equal to a run of `packed`'s last lines, which a `gc` or an
    /// unpacking that stopped before its last step left in both places.
    static func kept(_ loose: [String], after packed: [String]) -> ArraySlice<String> {
        var overlap = min(loose.count, packed.count)
        while overlap > 0 && loose[..<overlap] != packed[(packed.count - overlap)...] { overlap -= 1 }
        return loose[overlap...]
    }

    /// The bytes a writer writes for `groups`: each `FILE`'s lines together and in order, the
    /// groups sorted by the bytes of `FILE`.
    static func bytes(of groups: [String: [String]]) -> [UInt8] {
        var bytes: [UInt8] = []
        for file in groups.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            for line in groups[file] ?? [] {
                bytes += file.utf8
                bytes.append(UInt8(ascii: " "))
                bytes += line.utf8
                bytes.append(UInt8(ascii: "\n"))
            }
        }
        return bytes
    }

    /// Takes the file's lock and reads what it holds, for a rewrite. Waited for longer than a ref's
    /// lock: a `gc` holds it while it reads every thread's reflog file (a second or two at ten
    /// thousand threads), and a rename that unpacks a name should wait that out, not fail.
    /// - Throws: `RefError.lock` when the lock is held; the read's errors.
    func beginRewrite() throws(RefError) -> LockedRewrite<[String: [String]]> {
        let lock: LockFile
        do {
            lock = try LockFile.acquire(for: path, timeout: .seconds(10))
        } catch {
            throw .lock(error)
        }
        do {
            let groups = try groups().groups
            return LockedRewrite(lock: lock, original: groups, entries: groups, encode: Self.bytes(of:))
        } catch {
            throw .fileSystem(error)
        }
    }

    private func map() throws(FileSystemError) -> MappedFile? {
        try MappedFile.ifPresent(at: path)
    }

    /// Where the first line whose `FILE` is not below `key` starts (the end when there is none):
    /// a binary search over byte offsets, each probe backing up to the start of its line.
    private static func firstLine(atOrAfter key: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var (low, high) = (0, bytes.count)  // Both line starts (or the end); the answer lies between.
        while low < high {
            var probe = low + (high - low) / 2
            while probe > low && bytes[probe - 1] != UInt8(ascii: "\n") { probe -= 1 }
            let end = lineEnd(from: probe, in: bytes)
            let fileEnd = space(from: probe, to: end, in: bytes) ?? end
            let below = UnsafeBufferPointer(rebasing: bytes[probe..<fileEnd]).lexicographicallyPrecedes(key)
            if below { low = min(end + 1, bytes.count) } else { high = probe }
        }
        return low
    }

    /// The index of the LF ending the line at `start`, or the end of the bytes.
    private static func lineEnd(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var end = start
        while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return end
    }

    /// The index of the first space of the line `start..<end`, if it has one.
    private static func space(from start: Int, to end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = start
        while index < end {
            if bytes[index] == UInt8(ascii: " ") { return index }
            index += 1
        }
        return nil
    }

    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ key: [UInt8]) -> Bool {
        range.count == key.count && zip(bytes[range], key).allSatisfy { $0 == $1 }
    }
}
