#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The local history of a ref: one line per change, appended (docs/FORMAT.md §7).
///
/// `OLD SP NEW SP DATE TAB MESSAGE LF`, with 64 zeros for "none". Reflogs are local, so a lost
/// reflog loses no conversation, but they are what still finds the messages of a deleted thread.
public struct Reflog: Sendable {
    public let path: String
    /// Where a `gc` may have moved the older lines of a thread's reflog (§7.1); none for `logs/HEAD`.
    let packed: PackedReflogs?

    public struct Entry: Sendable, Equatable {
        public var old: ObjectID?
        public var new: ObjectID?
        public var date: Timestamp
        public var message: String
    }

    static let none = String(repeating: "0", count: 64)

    public init(path: String) {
        self.init(path: path, packed: nil)
    }

    init(path: String, packed: PackedReflogs?) {
        self.path = path
        self.packed = packed
    }

    /// The reflog's name in `logs/threads/` and in `logs/packed`: its file's name.
    var file: String { String(path.split(separator: "/").last ?? "") }

    /// Appends one entry. Line ends and tabs in `message` become spaces so the line stays one line.
    /// A write that fails part way is taken back, so the next entry starts a line of its own.
    /// - Returns: the reflog's size before the entry, for `undoAppend(to:)`.
    @discardableResult
    func append(old: ObjectID?, new: ObjectID?, message: String, date: Timestamp = .now()) throws(FileSystemError) -> Int {
        let oneLine = String(message.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        let line = "\(old?.hex ?? Self.none) \(new?.hex ?? Self.none) \(date.rfc3339)\t\(oneLine)\n"
        try FilePaths.makeDirectories(FilePaths.directoryName(of: path))
        let file = try FileDescriptor(opening: path, flags: O_WRONLY | O_CREAT | O_APPEND)
        let before = try file.size()
        do {
            try file.writeAll(Array(line.utf8))
        } catch {
            // Best effort: the write's own failure is what the caller must hear of.
            try? undoAppend(to: before)
            throw error
        }
        return before
    }

    /// Takes back what was appended since the reflog was `size` bytes long: the entry of a change
    /// that was logged and then not made (its ref could not be written). A reflog line for a move
    /// that never happened would read as git having moved the thread back (`Repository.rewind`).
    /// Under the ref's lock, as every append is, so no other entry follows it.
    func undoAppend(to size: Int) throws(FileSystemError) {
        guard truncate(path, off_t(size)) == 0 else { throw .last("truncate", path: path) }
    }

    /// The entries, oldest first. Lines that do not parse are skipped: a reflog is advisory.
    public func entries() throws(FileSystemError) -> [Entry] {
        try lines().compactMap { Self.parse($0[...]) }
    }

    /// Whether there is any line of this reflog, packed or in its file.
    func exists() -> Bool {
        FilePaths.exists(path) || !((try? packed?.lines(of: file)) ?? []).isEmpty
    }

    /// The reflog's lines, oldest first, without their LF, as §7.1 reads them: the packed lines,
    /// then those of the file that a stopped `gc` did not leave in both places.
    func lines() throws(FileSystemError) -> [String] {
        let loose = try looseLines()
        guard let packed else { return loose }
        let packedLines = try packed.lines(of: file)
        guard !packedLines.isEmpty else { return loose }
        return packedLines + PackedReflogs.kept(loose, after: packedLines)
    }

    /// The lines of the reflog's file (none when there is no file), and its bytes.
    func looseFile() throws(FileSystemError) -> (lines: [String], bytes: [UInt8]) {
        let bytes: [UInt8]
        do {
            bytes = try FilePaths.read(path)
        } catch {
            if error.isNotFound { return ([], []) }
            throw error
        }
        return (String(decoding: bytes, as: UTF8.self).linesAtLineFeeds().map(String.init), bytes)
    }

    private func looseLines() throws(FileSystemError) -> [String] {
        try looseFile().lines
    }

    static func parse(_ line: Substring) -> Entry? {
        let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
        let fields = parts[0].split(separator: " ")
        guard parts.count == 2, fields.count == 3, let date = try? Timestamp(rfc3339: String(fields[2])) else {
            return nil
        }
        func id(_ text: Substring) -> ObjectID? { text == none ? nil : try? ObjectID(hex: String(text)) }
        return Entry(old: id(fields[0]), new: id(fields[1]), date: date, message: String(parts[1]))
    }
}
