#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Anchor notes (docs/FORMAT.md §4.7.1): code anchors attached to imported messages without
/// changing their ids, as git notes attach data to commits. One file per conversation,
/// `anchors/FORMAT/ID`, named by the `source` of its messages; lines appended under the file's lock.
/// `Repository.anchors()` is how commands read them (`MessageAnchors`); this type reads and writes one file.
public struct AnchorNotes: Sendable {
    /// The `anchors` folder of the repository.
    public let directory: String

    public init(repository: Repository) {
        directory = repository.directory + "/anchors"
    }

    /// A note file's lines, read.
    public struct Contents: Sendable, Equatable {
        /// Each message's anchor: the first line that names it.
        public var anchors: [ObjectID: CodeAnchor] = [:]
        /// The malformed lines: their number (from 1) and why.
        public var malformed: [Malformed] = []
        /// The last line had no LF (a writer stopped part way): it was ignored.
        public var cutShort = false

        public struct Malformed: Sendable, Equatable {
            public var line: Int
            public var reason: String
        }
    }

    /// The note of the conversation a message's `source` (§4.6, `FORMAT:CONVERSATION/ITEM`) names, as
    /// the path `FORMAT/ID` below `anchors/`; nil for a value of another form.
    public static func name(ofSource source: String) -> String? {
        guard let colon = source.firstIndex(of: ":"), let slash = source.lastIndex(of: "/"), colon < slash else { return nil }
        let format = source[..<colon], conversation = source[source.index(after: colon)..<slash]
        guard !format.isEmpty, !conversation.isEmpty else { return nil }
        return fileName(format) + "/" + fileName(conversation)
    }

    /// `text` as one file name: characters other than ASCII letters, digits, `.`, `_`, `-` as `_`, the
    /// first 120 kept; `_` before a leading `.` (never `.` or `..`, nor hidden); a final `.lock` as
    /// `_lock` (a lock file's name, which `.gitignore` keeps out of git).
    static func fileName(_ text: some StringProtocol) -> String {
        let name = SafeFileName.of(String(text))
        return name.hasSuffix(".lock") ? String(name.dropLast(5)) + "_lock" : name
    }

    /// The path of the note `name` (`FORMAT/ID`).
    public func path(of name: String) -> String {
        directory + "/" + name
    }

    /// The note `name`'s anchors; an absent note has none.
    public func read(_ name: String) throws(FileSystemError) -> Contents {
        do {
            return Self.parse(try FilePaths.read(path(of: name)))
        } catch where error.meansNoFile {
            return Contents()
        }
    }

    /// Reads a note's bytes: each line ending in LF; a malformed one is named and skipped, a last one
    /// without LF ignored, and a later line for an id already anchored ignored.
    static func parse(_ bytes: [UInt8]) -> Contents {
        var contents = Contents()
        var start = bytes.startIndex, number = 0
        while start < bytes.endIndex {
            number += 1
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                contents.cutShort = true
                break
            }
            switch AnchorNoteLine.parse(bytes[start..<end]) {
            case .anchor(let id, let anchor):
                if contents.anchors[id] == nil { contents.anchors[id] = anchor }
            case .malformed(let reason):
                contents.malformed.append(.init(line: number, reason: reason))
            }
            start = end + 1
        }
        return contents
    }

    /// Appends a line anchoring each of `ids` at `anchor` to the note `name`, under its lock
    /// (`anchors/FORMAT/ID.lock`), so two writers' lines never interleave. A last line without its LF
    /// (its writer stopped part way; readers ignore it) is cut off first: ended with an LF, the part a
    /// crash left could read as another anchor (`main` cut to `ma`). Flushed before the lock goes; a
    /// write that fails part way is taken back.
    public func append(_ anchor: CodeAnchor, to ids: [ObjectID], note name: String, timeout: Duration = .milliseconds(1500)) throws(LockError) {
        let lines = ids.compactMap { AnchorNoteLine.encode(id: $0, anchor: anchor) }
        guard !lines.isEmpty else { return }
        let path = path(of: name)
        do {
            try FilePaths.makeDirectories(FilePaths.directoryName(of: path))
        } catch {
            throw .fileSystem(error)
        }
        let lock = try LockFile.acquire(for: path, timeout: timeout)
        do throws(FileSystemError) {
            let file = try FileDescriptor(opening: path, flags: O_RDWR | O_CREAT | O_APPEND)
            var size = try file.size()
            if size > 0 {
                var last: [UInt8] = []
                try file.readExactly(at: size - 1, count: 1, into: &last)
                if last[0] != UInt8(ascii: "\n") {
                    // Rare (a crash mid-write), so the whole file is read to find the last whole line.
                    size = try FilePaths.read(path).lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
                    guard ftruncate(file.raw, off_t(size)) == 0 else { throw FileSystemError.last("truncate", path: path) }
                }
            }
            let bytes = lines.flatMap { $0 }
            do {
                try file.writeAll(bytes)
                try file.synchronize()
                // A new note's name is durable only once its folder is flushed.
                if size == 0 { try FilePaths.synchronizeDirectory(FilePaths.directoryName(of: path)) }
            } catch {
                // Best effort: the write's own failure is what the caller must hear of.
                _ = ftruncate(file.raw, off_t(size))
                throw error
            }
        } catch {
            throw .fileSystem(error)
        }
        _ = consume lock  // Released once the lines are flushed: the lock file goes.
    }

    /// The messages every note anchors at one of `commits` (`grep --at-code`, which searches every
    /// message); a note that cannot be read anchors none (`fsck` names it).
    func messages(at commits: Set<String>) -> Set<ObjectID> {
        var found = Set<ObjectID>()
        for name in (try? names()) ?? [] {
            for (id, anchor) in (try? read(name).anchors) ?? [:] where anchor.commit.map(commits.contains) == true { found.insert(id) }
        }
        return found
    }

    /// Every note's name (`FORMAT/ID`), sorted; none when there is no `anchors` folder. Lock and
    /// temporary files are not notes.
    public func names() throws(FileSystemError) -> [String] {
        var names: [String] = []
        for format in try FilePaths.entries(of: directory) where format.isDirectory ?? FilePaths.isDirectory(directory + "/" + format.name) {
            for entry in try FilePaths.entries(of: directory + "/" + format.name)
            where !entry.name.hasSuffix(".lock") && !entry.name.hasPrefix(".tmp-") && entry.isDirectory != true {
                names.append(format.name + "/" + entry.name)
            }
        }
        return names.sorted()
    }
}
