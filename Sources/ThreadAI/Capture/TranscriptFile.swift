#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ThreadAIStore

/// The cheap look at a transcript that most hook calls end with: a `Stop` after a turn whose lines
/// a `PreCompact` or `SubagentStop` already captured, or several hooks of one turn. Only the first
/// bytes (the record's fingerprint) and the bytes after the record's offset are read, so a call that
/// finds nothing new costs the same for a session of ten lines or ten thousand.
enum TranscriptFile {
    /// Whether the transcript at `path` is the one `record` describes and gained no complete line
    /// since; false when anything cannot be read (reading it whole then says why).
    static func isUnchanged(_ path: String, since record: CaptureRecord) -> Bool {
        bytes(of: path, from: record.offset, since: record).map { !$0.contains(UInt8(ascii: "\n")) } ?? false
    }

    /// The bytes of the transcript at `path` from `offset` (at most the record's `offset`) to its end,
    /// when it is still the one `record` describes; nil when it is not, or cannot be read.
    static func bytes(of path: String, from offset: Int, since record: CaptureRecord) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard offset <= record.offset, fstat(descriptor, &status) == 0, UInt64(status.st_ino) == record.inode,
              Int(status.st_size) >= record.offset,
              let head = read(descriptor, at: 0, count: min(record.offset, CaptureRecord.headLength)),
              CaptureRecord.fingerprint(of: head, upTo: record.offset) == record.head
        else { return nil }
        return read(descriptor, at: offset, count: Int(status.st_size) - offset)
    }

    /// `count` bytes at `offset`, nil when fewer could be read.
    private static func read(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress.map { $0 + done }, count - done, off_t(offset + done))
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return nil }
            done += got
        }
        return bytes
    }
}
