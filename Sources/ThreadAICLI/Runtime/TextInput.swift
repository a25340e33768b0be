#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command reads typed or piped text.
protocol TextInput: AnyObject {
    /// Whether a person is typing (a terminal) rather than a pipe or file.
    var isTerminal: Bool { get }
    /// Everything until end of input.
    func readAll() -> String
}

/// Standard input.
final class StandardInput: TextInput {
    var isTerminal: Bool { isatty(0) == 1 }

    func readAll() -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
