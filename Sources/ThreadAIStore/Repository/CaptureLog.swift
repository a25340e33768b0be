#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `threadai capture` did and what went wrong, in `logs/capture.log` (docs/FORMAT.md §16): a
/// hook must never fail its agent, so a capture says it here instead. Local, one line per entry,
/// appended with `O_APPEND` (an entry is one `write`, so two captures at once never mix their
/// lines), and bounded: past `limit` bytes the older half is dropped under the file's lock.
public struct CaptureLog: Sendable {
    public static let limit = 256 * 1024
    public let path: String
    let limit: Int

    public init(repository: Repository, limit: Int = CaptureLog.limit) {
        self.init(path: repository.directory + "/logs/capture.log", limit: limit)
    }

    init(path: String, limit: Int) {
        self.path = path
        self.limit = max(1024, limit)
    }

    /// Appends `text` (its line feeds written as `\n`) after the date; a failure is swallowed, as
    /// the log is the last place a capture can tell anything.
    public func append(_ text: String, date: Timestamp = .now()) {
        let line = Array("\(date.rfc3339) \(ChatHistory.escaped(text))\n".utf8)
        do {
            try FilePaths.makeDirectories(FilePaths.directoryName(of: path))
            let file = try FileDescriptor(opening: path, flags: O_WRONLY | O_CREAT | O_APPEND, mode: 0o600)
            try file.writeAll(line)
        } catch {
            return
        }
        if let size = FilePaths.fileSize(path), size > limit { trim() }
    }

    /// The log's lines, oldest first; none when there is no log.
    public func lines() -> [String] {
        guard let bytes = try? FilePaths.read(path) else { return [] }
        return ChatHistory.entries(in: bytes)
    }

    /// Keeps the newest half of the log, whole lines, replacing the file under its lock.
    private func trim() {
        guard let lock = try? LockFile.acquire(for: path, timeout: .milliseconds(200), mode: 0o600),
              let bytes = try? FilePaths.read(path), bytes.count > limit else { return }
        var start = bytes.count - limit / 2
        while start < bytes.count, bytes[start - 1] != UInt8(ascii: "\n") { start += 1 }
        // Entries appended between the read and the rename are lost: a log, bounded, not a record.
        try? lock.commit(bytes[start...])
    }
}
