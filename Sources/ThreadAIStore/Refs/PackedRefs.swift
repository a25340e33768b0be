#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `refs/threads/.packed` (docs/FORMAT.md §5.7): the refs of many threads in one file, `ID SP NAME`
/// per line, as git's `packed-refs`. Mapped, not read (a developer-year of threads is about a
/// megabyte: a copy of it was a sixth of a `show`), and never trusted to be sorted: a git merge
/// interleaves two clones' lines.
struct PackedRefs: Sendable {
    /// The file's path.
    let path: String
    /// The bytes read last, kept while the file is the same (`PackedRefsMemory`); none: read each time.
    var memory: PackedRefsMemory?

    /// The lock a rewrite holds (`.packed.lock`: a leftover name every ref lister skips).
    var lockPath: String { path + ".lock" }

    /// The ids of each name, in file order, each once per name; empty when there is no file.
    /// - Throws: `RefError.malformed` naming the first line that is neither an entry nor a marker.
    func read() throws(RefError) -> [ThreadName: [ObjectID]] {
        guard let file = try contents() else { return [:] }
        return try Self.parse(file.bytes(0..<file.count), path: path)
    }

    /// The file's bytes, empty when there is none.
    func rawBytes() throws(RefError) -> [UInt8] {
        guard let file = try contents() else { return [] }
        return file.bytes(0..<file.count)
    }

    /// The file mapped, from `memory` while the file is the one it mapped (nil: no file).
    private func contents() throws(RefError) -> MappedFile? {
        guard let memory else { return try Self.map(path) }
        return try memory.contents(of: path)
    }

    /// The file at `path` mapped, or nil when there is none.
    static func map(_ path: String) throws(RefError) -> MappedFile? {
        do {
            return try MappedFile.ifPresent(at: path)
        } catch {
            throw .fileSystem(error)
        }
    }

    static func parse(_ bytes: [UInt8], path: String) throws(RefError) -> [ThreadName: [ObjectID]] {
        var entries: [ThreadName: [ObjectID]] = [:]
        guard !bytes.isEmpty else { return entries }
        guard bytes.last == UInt8(ascii: "\n") else {
            throw .malformedPackedRefs(path: path, line: 1, reason: "it does not end with a line end")
        }
        for (index, line) in bytes.dropLast().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            if GitConflictMarker.isMarker(line) { continue }
            let space = line.index(line.startIndex, offsetBy: 64, limitedBy: line.endIndex)
            guard let space, space < line.endIndex, line[space] == UInt8(ascii: " "),
                  let id = ObjectID(hexDigits: line[..<space]),
                  let name = Array(line[line.index(after: space)...]).withUnsafeBufferPointer(ThreadName.validated)
            else {
                throw .malformedPackedRefs(path: path, line: index + 1, reason: "expected a 64-digit lowercase hex id, a space and a thread name")
            }
            if !(entries[name]?.contains(id) ?? false) { entries[name, default: []].append(id) }
        }
        return entries
    }

    /// The bytes a writer writes for `entries`: one line per id, sorted by name's bytes.
    static func bytes(of entries: [ThreadName: [ObjectID]]) -> [UInt8] {
        var bytes: [UInt8] = []
        for name in entries.keys.sorted(by: { $0.rawValue.utf8.lexicographicallyPrecedes($1.rawValue.utf8) }) {
            for id in entries[name] ?? [] {
                bytes += id.hex.utf8
                bytes.append(UInt8(ascii: " "))
                bytes += name.rawValue.utf8
                bytes.append(UInt8(ascii: "\n"))
            }
        }
        return bytes
    }

    /// The ids of `name`, in file order, each once: the lines ending in `SP NAME`, found without
    /// reading the other lines' names (one thread of ten thousand costs a scan, not a parse).
    /// - Throws: `RefError.malformedPackedRefs` when such a line's id is not an id, or the file does
    ///   not end with a line end.
    func ids(of name: ThreadName) throws(RefError) -> [ObjectID] {
        guard let file = try contents(), file.count > 0 else { return [] }
        if let known = memory?.ids(of: name.rawValue, in: file) { return known }
        let ids = try Self.ids(of: name, in: file, path: path)
        memory?.remember(ids, of: name.rawValue, in: file)
        return ids
    }

    private static func ids(of name: ThreadName, in file: MappedFile, path: String) throws(RefError) -> [ObjectID] {
        try file.withBytes(0..<file.count) { bytes throws(RefError) -> [ObjectID] in
            guard bytes.last == UInt8(ascii: "\n") else {
                throw .malformedPackedRefs(path: path, line: 1, reason: "it does not end with a line end")
            }
            // ` NAME` LF at the end of a line of 65 + its length bytes.
            var ids: [ObjectID] = []
            try Self.idStarts(in: bytes, before: Array(" \(name.rawValue)\n".utf8)) { (start: Int, found: Int) throws(RefError) -> Bool in
                guard let id = ObjectID(hexDigits: bytes[start..<found]) else {
                    let line = bytes[..<start].count { $0 == UInt8(ascii: "\n") } + 1
                    throw .malformedPackedRefs(path: path, line: line, reason: "expected a 64-digit lowercase hex id")
                }
                if !ids.contains(id) { ids.append(id) }
                return true
            }
            return ids
        }
    }

    /// Whether a line's name begins with `prefix`: found as ` PREFIX` right after a line's id, by
    /// `LiteralFinder`, without parsing the other lines (`ids(of:)` does the same for one name).
    func holdsName(withPrefix prefix: String) throws(RefError) -> Bool {
        guard let file = try contents() else { return false }
        return file.withBytes(0..<file.count) { bytes in
            var held = false
            Self.idStarts(in: bytes, before: Array(" \(prefix)".utf8)) { _, _ in
                held = true
                return false
            }
            return held
        }
    }

    /// For each place `target` follows a line's 64-digit id (found by `LiteralFinder`, the
    /// other lines not parsed), `body` with where the id starts and where `target` is, until it
    /// returns false.
    private static func idStarts<Failure: Error>(
        in bytes: UnsafeBufferPointer<UInt8>, before target: [UInt8], _ body: (Int, Int) throws(Failure) -> Bool
    ) throws(Failure) {
        // Most of the file is hex ids: stop at the name's other bytes.
        let finder = LiteralFinder(target, ignoringCase: false, frequent: Array("0123456789abcdef \n".utf8))
        var from = 0
        while let found = finder.find(in: UnsafeRawBufferPointer(bytes), from: from) {
            from = found + 1
            let start = found - 64
            guard start >= 0, start == 0 || bytes[start - 1] == UInt8(ascii: "\n") else { continue }
            guard try body(start, found) else { return }
        }
    }

    /// Takes the file's lock and reads what it holds, for a rewrite. The lock is waited for as any
    /// ref's: a rewrite is short, and a lock held for a second is a crashed writer's (`fsck` names it).
    /// - Throws: `RefError.lock` when the lock is held; the read's errors.
    func beginRewrite() throws(RefError) -> LockedRewrite<[ThreadName: [ObjectID]]> {
        let lock: LockFile
        do {
            lock = try LockFile.acquire(for: path)
        } catch {
            throw .lock(error)
        }
        let entries = try read()
        return LockedRewrite(lock: lock, original: entries, entries: entries, encode: Self.bytes(of:))
    }
}

/// `.packed` as one process mapped it last, kept while the file is the same one: a command
/// asks for several threads' heads (the current thread, a revision, a check), and a developer-year's
/// file is a megabyte. Same means the same device, inode, size and modification time: a writer
/// replaces the file by a rename (§5.7), which gives it a new inode. The ids found for a name in
/// that mapping are kept with it: one command asks for the current thread's three or four times
/// (its head, whether it exists, whether it was renamed), each a scan of the megabyte.
final class PackedRefsMemory: Sendable {
    private struct Kept: Sendable {
        var identity: [Int64]
        var file: MappedFile?
        var ids: [String: [ObjectID]] = [:]
    }
    private let kept = Locked<Kept?>(nil)

    init() {}

    func contents(of path: String) throws(RefError) -> MappedFile? {
        let before = Self.identity(of: path)
        if let before, let known = kept.withLock({ $0 }), known.identity == before { return known.file }
        let file = try PackedRefs.map(path)
        // Kept only when the file did not change while it was mapped.
        if let before, Self.identity(of: path) == before { kept.withLock { $0 = Kept(identity: before, file: file) } }
        return file
    }

    /// The ids found before for `name` in `file`, when `file` is the mapping kept.
    func ids(of name: String, in file: MappedFile) -> [ObjectID]? {
        kept.withLock { $0?.file === file ? $0?.ids[name] : nil }
    }

    /// Keeps the ids found for `name` in `file`, when `file` is the mapping kept.
    func remember(_ ids: [ObjectID], of name: String, in file: MappedFile) {
        kept.withLock { known in
            if known?.file === file { known?.ids[name] = ids }
        }
    }

    private static func identity(of path: String) -> [Int64]? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = status.st_mtimespec
        #else
        let modified = status.st_mtim
        #endif
        return [Int64(status.st_dev), Int64(status.st_ino), Int64(status.st_size), Int64(modified.tv_sec), Int64(modified.tv_nsec)]
    }
}
