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

    public struct Entry: Sendable, Equatable {
        public var old: ObjectID?
        public var new: ObjectID?
        public var date: Timestamp
        public var message: String
    }

    static let none = String(repeating: "0", count: 64)

    public init(path: String) {
        self.path = path
    }

    /// Appends one entry. Line ends and tabs in `message` become spaces so the line stays one line.
    func append(old: ObjectID?, new: ObjectID?, message: String, date: Timestamp = .now()) throws(FileSystemError) {
        let oneLine = String(message.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        let line = "\(old?.hex ?? Self.none) \(new?.hex ?? Self.none) \(date.rfc3339)\t\(oneLine)\n"
        try FilePaths.makeDirectories(FilePaths.directoryName(of: path))
        let file = try FileDescriptor(opening: path, flags: O_WRONLY | O_CREAT | O_APPEND)
        try file.writeAll(Array(line.utf8))
    }

    /// The entries, oldest first. Lines that do not parse are skipped: a reflog is advisory.
    public func entries() throws(FileSystemError) -> [Entry] {
        let bytes: [UInt8]
        do {
            bytes = try FilePaths.read(path)
        } catch {
            if error.isNotFound { return [] }
            throw error
        }
        return String(decoding: bytes, as: UTF8.self).linesAtLineFeeds().compactMap(Self.parse)
    }

    private static func parse(_ line: Substring) -> Entry? {
        let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
        let fields = parts[0].split(separator: " ")
        guard parts.count == 2, fields.count == 3, let date = try? Timestamp(rfc3339: String(fields[2])) else {
            return nil
        }
        func id(_ text: Substring) -> ObjectID? { text == none ? nil : try? ObjectID(hex: String(text)) }
        return Entry(old: id(fields[0]), new: id(fields[1]), date: date, message: String(parts[1]))
    }
}
