#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of a file descriptor, one at a time, without their line end (LF, or CR LF): the MCP
/// stdio transport's messages. A line longer than `limit` is skipped to its end and reported as
/// `.tooLong`, so one huge or endless line cannot exhaust memory.
struct LineReader {
    enum Line: Equatable {
        case line([UInt8])
        case tooLong
    }

    let descriptor: Int32
    let limit: Int
    private var pending: [UInt8] = []
    private var start = 0
    private var atEnd = false

    init(descriptor: Int32, limit: Int = 64 << 20) {
        self.descriptor = descriptor
        self.limit = limit
    }

    /// The next line; nil at the end of input (a last line without a line end is still a line).
    mutating func next() -> Line? {
        var skipping = false
        while true {
            if let newline = pending[start...].firstIndex(of: 0x0a) {
                var line = Array(pending[start..<newline])
                start = newline + 1
                if skipping { return .tooLong }
                if line.last == 0x0d { line.removeLast() }
                return .line(line)
            }
            if pending.count - start > limit {
                skipping = true
                pending.removeAll(keepingCapacity: true)
                start = 0
            }
            if atEnd {
                guard start < pending.count || skipping else { return nil }
                let line = Array(pending[start...])
                pending.removeAll()
                start = 0
                return skipping ? .tooLong : .line(line)
            }
            if start > 0 {
                pending.removeFirst(start)
                start = 0
            }
            fill()
        }
    }

    private mutating func fill() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                atEnd = true
            } else {
                pending += chunk[0..<count]
            }
            return
        }
    }
}
