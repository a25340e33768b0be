#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes text: standard output, standard error, or a buffer in tests.
protocol TextOutput: AnyObject {
    func write(_ text: String)
    /// Writes bytes as they are, even when they are not UTF-8 (`show --raw` of a malformed object).
    func write(bytes: [UInt8])
    /// Writes `text` and a line feed.
    func line(_ text: String)
    /// Pushes buffered text out now (a streamed reply must appear as it arrives).
    func flush()
}

extension TextOutput {
    /// An output that holds text keeps what UTF-8 can say: invalid bytes become U+FFFD.
    func write(bytes: [UInt8]) {
        write(String(decoding: bytes, as: UTF8.self))
    }

    func line(_ text: String) {
        write(text + "\n")
    }

    /// Writes an empty line.
    func line() {
        line("")
    }
}

/// Writes to a file descriptor through a buffer that is flushed when it grows, on `flush()`,
/// and when the output goes away. A closed pipe (`threadai log | head`) ends writing quietly.
///
/// Standard error is made `unbuffered(after:)` standard output: each write goes out at once, after
/// what standard output holds, so that where both reach one terminal or file (`2>&1`) a note reads
/// where it was written: "Switched to a new thread" before the reply that follows it, not after.
final class FileDescriptorOutput: TextOutput {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var isBroken = false
    /// For an unbuffered output, the output flushed before each of its writes.
    private let before: FileDescriptorOutput?
    private let isUnbuffered: Bool

    init(descriptor: Int32) {
        self.descriptor = descriptor
        before = nil
        isUnbuffered = false
        buffer.reserveCapacity(1 << 16)
    }

    /// An output that writes each piece at once, after flushing `other`.
    init(descriptor: Int32, unbufferedAfter other: FileDescriptorOutput) {
        self.descriptor = descriptor
        before = other
        isUnbuffered = true
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        flushWhenDue()
    }

    func line(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        flushWhenDue()
    }

    func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        flushWhenDue()
    }

    /// Writes the buffer out once it holds 64 KiB, or at once when unbuffered.
    private func flushWhenDue() {
        if isUnbuffered {
            before?.flush()
            flush()
        } else if buffer.count >= 1 << 16 {
            flush()
        }
    }

    func flush() {
        var offset = 0
        while offset < buffer.count && !isBroken {
            let written = buffer.withUnsafeBytes { raw in
                systemWrite(descriptor, raw.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                isBroken = true
            } else {
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit {
        flush()
    }
}

/// Collects output as bytes, to be written elsewhere in one piece (`MessageBlock` renders parts of a
/// long listing on several cores this way).
final class ByteBufferOutput: TextOutput {
    private(set) var bytes: [UInt8] = []

    func write(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    func write(bytes more: [UInt8]) {
        bytes.append(contentsOf: more)
    }

    func line(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(0x0A)
    }

    func flush() {}
}

/// Collects output in memory, for tests and for commands that post-process text.
final class BufferOutput: TextOutput {
    private(set) var text = ""
    func write(_ text: String) { self.text += text }
    func flush() {}
}

@inline(__always)
private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, pointer, count)
}
